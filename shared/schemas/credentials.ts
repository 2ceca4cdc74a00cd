/**
 * Validation of what a person types to identify themselves (spec §5): email, passwords and name.
 * Shared by the sign-in/sign-up forms, the auth Lambda's SuperTokens form-field validators and the
 * users API, so the browser and the server agree.
 */
// zod/mini: the same checks at a fraction of the size, for the pages and the Lambdas alike.
import * as z from 'zod/mini';
import { authTexts } from '../texts/auth';

const { fields } = authTexts;

/** spec §9: password at least 8, under 100 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 99;

/** spec §5: the email is trimmed first, then must look like an email. */
export const emailSchema = z.pipe(
  z.string({ error: fields.emailRequired }).check(z.trim(), z.minLength(1, { error: fields.emailRequired })),
  z.email({ error: fields.emailInvalid }),
);

/** spec §5: sign-up password: 8..99 characters with a letter and a digit. */
export const newPasswordSchema = z.string({ error: fields.newPasswordRequired }).check(
  z.minLength(1, { error: fields.newPasswordRequired, abort: true }),
  z.minLength(PASSWORD_MIN, { error: fields.passwordTooShort, abort: true }),
  z.maxLength(PASSWORD_MAX, { error: fields.passwordTooLong, abort: true }),
  z.regex(/[A-Za-z]/, { error: fields.passwordNeedsLetter, abort: true }),
  z.regex(/[0-9]/, { error: fields.passwordNeedsDigit }),
);

/** spec §5: on sign-in the password only has to be a (non-empty) string. */
export const signInPasswordSchema = z.string({ error: fields.passwordRequired }).check(z.minLength(1, { error: fields.passwordRequired }));

/** The first problem with a value, or undefined when it is valid (the shape SuperTokens validators return). */
export function fieldError(schema: z.ZodMiniType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** An account's full name, as the sign-up form and POST /api/users take it. */
export const nameSchema = z.string({ error: fields.nameRequired }).check(z.trim(), z.minLength(1, { error: fields.nameRequired }), z.maxLength(200));

/** An email as the core keeps it: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
