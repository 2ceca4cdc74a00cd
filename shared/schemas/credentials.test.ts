import { describe, expect, it } from 'vitest';
import { texts } from '../texts';
import { emailSchema, fieldError, newPasswordSchema, signInPasswordSchema } from './credentials';
import { createUserBody } from './users';

const f = texts.auth.fields;

describe('account validation (spec §5)', () => {
  it('trims the email first, then wants an email', () => {
    expect(emailSchema.parse('  ada@example.com ')).toBe('ada@example.com');
    expect(fieldError(emailSchema, '   ')).toBe(f.emailRequired);
    expect(fieldError(emailSchema, 'ada@')).toBe(f.emailInvalid);
  });

  it('wants a sign-up password of 8 to 99 characters with a letter and a digit', () => {
    expect(fieldError(newPasswordSchema, '')).toBe(f.newPasswordRequired);
    expect(fieldError(newPasswordSchema, 'abc1234')).toBe(f.passwordTooShort);
    expect(fieldError(newPasswordSchema, `${'a'.repeat(98)}1`)).toBeUndefined();
    expect(fieldError(newPasswordSchema, `${'a'.repeat(99)}1`)).toBe(f.passwordTooLong);
    expect(fieldError(newPasswordSchema, '12345678')).toBe(f.passwordNeedsLetter);
    expect(fieldError(newPasswordSchema, 'abcdefgh')).toBe(f.passwordNeedsDigit);
  });

  it('only wants some sign-in password', () => {
    expect(fieldError(signInPasswordSchema, 'x')).toBeUndefined();
    expect(fieldError(signInPasswordSchema, '')).toBe(f.passwordRequired);
  });

  it('checks the POST /api/users body', () => {
    expect(createUserBody.parse({ name: ' Ada ', email: ' ada@example.com', supertokensUserId: 'u-1' })).toEqual({ name: 'Ada', email: 'ada@example.com', supertokensUserId: 'u-1' });
    expect(createUserBody.safeParse({ name: '', email: 'ada@example.com', supertokensUserId: 'u-1' }).success).toBe(false);
    expect(createUserBody.safeParse({ name: 'Ada', email: 'ada@example.com', supertokensUserId: 'x'.repeat(129) }).success).toBe(false);
  });
});
