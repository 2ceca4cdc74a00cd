/**
 * The auth API answers a sign-up or sign-in form's problems in the same plain sentences the
 * pages show (shared/texts.ts), one per problem, so a request that bypasses the page reads the same
 * words. Through the local gateway and the real supertokens-node with the local core.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';

const stack = useTestStack();

const { fields } = texts.auth;
const person = () => new AuthApi(stack.api, stack.web);
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
/** Every sentence the SDK would answer with by itself for these forms. */
const SDK_WORDING = /Field is not optional|lesser than|alphabet|This email already exists/;

describe('auth API field errors in plain English', () => {
  it.each([
    ['both empty', '', '', [{ id: 'email', error: fields.emailRequired }, { id: 'password', error: fields.newPasswordRequired }]],
    ['an email of spaces', '   ', 'engine42', [{ id: 'email', error: fields.emailRequired }]],
    ['an empty password', 'ada@example.com', '', [{ id: 'password', error: fields.newPasswordRequired }]],
    ['an empty password and a malformed email', 'ada@', '', [{ id: 'email', error: fields.emailInvalid }, { id: 'password', error: fields.newPasswordRequired }]],
    ['an empty email and a short password', '', 'short1', [{ id: 'email', error: fields.emailRequired }, { id: 'password', error: fields.passwordTooShort }]],
    ['a password of 100 characters', uniqueEmail('long'), `a1${'x'.repeat(98)}`, [{ id: 'password', error: fields.passwordTooLong }]],
    ['a password without a letter', uniqueEmail('digits'), '12345678', [{ id: 'password', error: fields.passwordNeedsLetter }]],
    ['a malformed email', 'ada@', 'engine42', [{ id: 'email', error: fields.emailInvalid }]],
  ])('sign-up with %s answers one sentence per field', async (_, email, password, expected) => {
    const answer = await person().signUp(email, password);
    expect(answer).toEqual({ status: 'FIELD_ERROR', formFields: expected });
    expect(JSON.stringify(answer)).not.toMatch(SDK_WORDING);
  });

  it('sign-up with an email that has an account answers only that the account exists', async () => {
    const email = uniqueEmail('taken');
    expect((await person().signUp(email, 'engine42')).status).toBe('OK');
    const answer = await person().signUp(email, 'engine43');
    expect(answer).toEqual({ status: 'FIELD_ERROR', formFields: [{ id: 'email', error: fields.emailExists }] });
  });

  it.each([
    ['both empty', '', '', [{ id: 'email', error: fields.emailRequired }, { id: 'password', error: fields.passwordRequired }]],
    ['an empty password', 'ada@example.com', '', [{ id: 'password', error: fields.passwordRequired }]],
    ['an empty email and a short password', '', 'x', [{ id: 'email', error: fields.emailRequired }]],
    ['a malformed email', 'ada@', 'engine42', [{ id: 'email', error: fields.emailInvalid }]],
  ])('sign-in with %s answers one sentence per field', async (_, email, password, expected) => {
    const answer = await person().signIn(email, password);
    expect(answer).toEqual({ status: 'FIELD_ERROR', formFields: expected });
    expect(JSON.stringify(answer)).not.toMatch(SDK_WORDING);
  });
});
