/**
 * Accounts through the local stack with the real supertokens-node: the auth Lambda behind the local
 * API Gateway, the auth core, DynamoDB, the Google stand-in and the mail outbox, over real HTTP.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { getAccount as getUserRecord } from '../../functions/user-record/account';
import { tableName } from '../../shared/tables';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { verifyThroughOutbox } from '../support/verification';
import { latestMailTo, linkIn } from '../support/outbox';

const stack = useTestStack();

const person = () => new AuthApi(stack.api, stack.web);
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'engine42';

async function signedUp(name = 'ada') {
  const who = person();
  const email = uniqueEmail(name);
  const res = await who.signUp(email, PASSWORD);
  expect(res.status).toBe('OK');
  await verifyThroughOutbox(who, stack.outboxDir, email);
  return { who, email, userId: (res.user as { id: string }).id };
}

describe('accounts through the local API', () => {
  it('signs up, saves the record, signs out, signs in, ensures and tracks the login', async () => {
    const { who, email, userId } = await signedUp();
    expect(who.hasSession()).toBe(true);

    // The record was made at sign-up (without a name: none was typed); saving it names it.
    const saved = await who.post('/api/users', { name: 'Ada Lovelace', email, supertokensUserId: userId });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ userId, email, name: 'Ada Lovelace', loginCount: 0 });
    // Idempotent: a repeat changes nothing but the name.
    const again = await who.post('/api/users', { name: 'Ada King', email, supertokensUserId: userId });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ name: 'Ada King', createdAt: saved.body.createdAt });

    expect((await who.signOut()).status).toBe('OK');
    expect(who.hasSession()).toBe(false);
    expect((await who.post('/api/ensure-user-exists')).status).toBe(401);

    const signIn = await who.signIn(email, PASSWORD);
    expect(signIn.status).toBe('OK');
    const ensured = await who.post('/api/ensure-user-exists');
    expect(ensured.status).toBe(200);
    expect(ensured.body).toMatchObject({ userId, email, name: 'Ada King' });
    const tracked = await who.post('/api/track-login', { userId });
    expect(tracked.status).toBe(200);
    expect(tracked.body.loginCount).toBe(1);

    expect(await getUserRecord(stack.db, userId)).toMatchObject({ userId, email, name: 'Ada King', loginCount: 1, lastLoginAt: expect.any(String) });
  });

  it('sets the session cookies HttpOnly and SameSite=Lax (not Secure over http) through the gateway', async () => {
    const who = person();
    const res = await who.call('POST', '/api/auth/signup', { formFields: [{ id: 'email', value: uniqueEmail('cookie') }, { id: 'password', value: PASSWORD }] }, { rid: 'emailpassword' });
    const access = res.headers.getSetCookie().find((c) => c.startsWith('sAccessToken='));
    expect(access).toMatch(/HttpOnly/i);
    expect(access).toMatch(/SameSite=Lax/i);
    expect(access).not.toMatch(/Secure/i);
    expect(res.headers.get('front-token')).toBeTruthy();
  });

  it('creates the record from the session when it is missing', async () => {
    const { who, email, userId } = await signedUp('bo');
    // As for an account whose record was never written (one from before sign-up made it).
    await stack.db.send(new DeleteCommand({ TableName: tableName('users'), Key: { userId } }));
    const ensured = await who.post('/api/ensure-user-exists');
    expect(ensured.status).toBe(201);
    expect(ensured.body).toMatchObject({ userId, email, loginCount: 0 });
  });

  it('answers FIELD_ERROR for an email already signed up', async () => {
    const { email } = await signedUp('dup');
    const res = await person().signUp(email, PASSWORD);
    expect(res).toMatchObject({ status: 'FIELD_ERROR', formFields: [{ id: 'email', error: texts.auth.fields.emailExists }] });
  });

  it('validates the sign-up password (spec §5) with the shared rules', async () => {
    const res = await person().signUp(uniqueEmail('weak'), 'letters-only');
    expect(res).toMatchObject({ status: 'FIELD_ERROR', formFields: [{ id: 'password', error: texts.auth.fields.passwordNeedsDigit }] });
  });

  it('answers WRONG_CREDENTIALS_ERROR for a wrong password', async () => {
    const { email } = await signedUp('wrong');
    expect((await person().signIn(email, 'not-the-password1')).status).toBe('WRONG_CREDENTIALS_ERROR');
  });

  it("refuses POST /api/users for another user's id (403), and without a session (401)", async () => {
    const ada = await signedUp('ada2');
    const bo = await signedUp('bo2');
    const res = await ada.who.post('/api/users', { name: 'Mallory', email: ada.email, supertokensUserId: bo.userId });
    expect(res).toEqual({ status: 403, body: { message: texts.users.notOwnAccount } });
    // Bo's record (made at sign-up) is untouched: no name from Ada.
    expect((await getUserRecord(stack.db, bo.userId))?.name).toBeUndefined();
    expect((await person().post('/api/users', { name: 'X', email: ada.email, supertokensUserId: ada.userId })).status).toBe(401);
    expect((await ada.who.post('/api/track-login', { userId: bo.userId })).status).toBe(403);
  });

  it('validates POST /api/users and keeps the email to the account', async () => {
    const { who, email, userId } = await signedUp('val');
    const bad = await who.post('/api/users', { name: '', email: 'not-an-email', supertokensUserId: userId });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields as object).sort()).toEqual(['email', 'name']);
    const other = await who.post('/api/users', { name: 'Val', email: `x${email}`, supertokensUserId: userId });
    expect(other.status).toBe(400);
  });

  it("refuses the 11th failed sign-in for one email from one address within 15 minutes (429), account or not, and not the owner's", async () => {
    const { email } = await signedUp('brute');
    const attacker = person();
    for (let i = 0; i < 10; i++) expect((await attacker.signIn(email, `guess-${i}-x1`)).status).toBe('WRONG_CREDENTIALS_ERROR');
    const refused = `answered 429: ${JSON.stringify({ message: texts.auth.tooManyAttempts(15) })}`;
    await expect(attacker.signIn(email, PASSWORD)).rejects.toThrow(refused);
    // The lock is on the attacker's address, not the account (functions/auth/sign-in-guard.ts).
    expect((await person().signIn(email.toUpperCase(), PASSWORD)).status).toBe('OK');

    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 10; i++) await attacker.signIn(nobody, `guess-${i}-x1`);
    await expect(attacker.signIn(nobody, 'guess-10-x1')).rejects.toThrow(refused);
  });

  it('resets a password from the emailed link, once', async () => {
    const { email } = await signedUp('reset');
    expect((await person().requestPasswordReset(email)).status).toBe('OK');
    const mail = await latestMailTo(stack.outboxDir, email, 5000, 'password-reset');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.web}/auth/reset-password`);
    const token = link.searchParams.get('token')!;

    const visitor = person();
    expect((await visitor.resetPassword(token, 'newengine7')).status).toBe('OK');
    expect((await visitor.resetPassword(token, 'otherengine8')).status).toBe('RESET_PASSWORD_INVALID_TOKEN_ERROR');
    expect((await person().signIn(email, PASSWORD)).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await person().signIn(email, 'newengine7')).status).toBe('OK');
  });

  it('says whether a reset link still works before it is used: valid, then not once used; a bogus one never', async () => {
    const { email } = await signedUp('check');
    expect((await person().requestPasswordReset(email)).status).toBe('OK');
    const token = linkIn(await latestMailTo(stack.outboxDir, email, 5000, 'password-reset')).searchParams.get('token')!;
    const visitor = person();
    const check = async (t: string) => {
      const res = await visitor.call('POST', '/api/auth/reset-link/check', { token: t });
      expect(res.status).toBe(200);
      return res.json();
    };

    expect(await check(token)).toEqual({ valid: true });
    // A check does not spend the link: the core still takes it.
    expect(await check(token)).toEqual({ valid: true });
    expect((await visitor.resetPassword(token, 'newengine7')).status).toBe('OK');
    expect(await check(token)).toEqual({ valid: false });
    expect(await check(`${token.slice(0, -2)}xy`)).toEqual({ valid: false });
    expect(await check('bogus')).toEqual({ valid: false });
  });

  it("a reset spends the account's earlier links too, as the core does, and the check says so", async () => {
    const { email } = await signedUp('twolinks');
    expect((await person().requestPasswordReset(email)).status).toBe('OK');
    const first = linkIn(await latestMailTo(stack.outboxDir, email, 5000, 'password-reset')).searchParams.get('token')!;
    expect((await person().requestPasswordReset(email)).status).toBe('OK');
    const second = await (async () => {
      for (let i = 0; i < 50; i++) {
        const t = linkIn(await latestMailTo(stack.outboxDir, email, 5000, 'password-reset')).searchParams.get('token')!;
        if (t !== first) return t;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('no second reset mail');
    })();
    const visitor = person();
    const valid = async (t: string) => (await (await visitor.call('POST', '/api/auth/reset-link/check', { token: t })).json()).valid;
    expect(await valid(first)).toBe(true);
    expect((await visitor.resetPassword(second, 'newengine7')).status).toBe('OK');
    expect(await valid(first)).toBe(false);
    expect((await visitor.resetPassword(first, 'otherengine8')).status).toBe('RESET_PASSWORD_INVALID_TOKEN_ERROR');
  });

  it('refuses a malformed reset-link check (400) and the 21st from one address in 15 minutes (429)', async () => {
    const visitor = person();
    expect((await visitor.call('POST', '/api/auth/reset-link/check', { token: 42 })).status).toBe(400);
    expect((await visitor.call('POST', '/api/auth/reset-link/check', { token: 'x'.repeat(600) })).status).toBe(400);
    const other = person();
    for (let i = 0; i < 20; i++) expect((await other.call('POST', '/api/auth/reset-link/check', { token: `guess-${i}` })).status).toBe(200);
    const refused = await other.call('POST', '/api/auth/reset-link/check', { token: 'guess-20' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not held back by it.
    expect((await person().call('POST', '/api/auth/reset-link/check', { token: 'guess-20' })).status).toBe(200);
  });

  it('answers a reset request for an unknown email the same way, and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    expect((await person().requestPasswordReset(email)).status).toBe('OK');
    await expect(latestMailTo(stack.outboxDir, email, 500, 'password-reset')).rejects.toThrow(/no mail/);
  });

  it('refreshes a session through the gateway with the refresh cookie alone', async () => {
    const { who } = await signedUp('refresh');
    const before = who.jar.get('sAccessToken');
    const res = await who.call('POST', '/api/auth/session/refresh', undefined, { rid: 'session' });
    expect(res.status).toBe(200);
    const refreshCookie = res.headers.getSetCookie().find((c) => c.startsWith('sRefreshToken='));
    expect(refreshCookie).toMatch(/Path=\/api\/auth\/session\/refresh/i);
    expect(who.jar.get('sAccessToken')).not.toBe(before);
    expect((await who.post('/api/ensure-user-exists')).status).toBe(200);
  });

  it("answers 401 'try refresh token' for an altered access token, and the refreshed session works again", async () => {
    const { who } = await signedUp('altered');
    const [header, payload, signature] = who.jar.get('sAccessToken')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: 'someone-else@example.com' })).toString('base64url')}.${signature}`;
    const refused = await fetch(`${stack.api}/api/ensure-user-exists`, { method: 'POST', headers: { authorization: `Bearer ${altered}` } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'try refresh token' });

    expect((await who.call('POST', '/api/auth/session/refresh', undefined, { rid: 'session' })).status).toBe(200);
    const ensured = await who.post('/api/ensure-user-exists');
    expect(ensured.status).toBe(200);
    expect(ensured.body.email).toBe(claims.email);
  });

  it('gives the desktop app header-based tokens it can send as a bearer token', async () => {
    const { email, userId } = await signedUp('desk');
    const desktop = person();
    const res = await desktop.call('POST', '/api/auth/signin', { formFields: [{ id: 'email', value: email }, { id: 'password', value: PASSWORD }] }, { rid: 'emailpassword', 'st-auth-mode': 'header' });
    const accessToken = res.headers.get('st-access-token');
    expect(accessToken).toBeTruthy();
    expect(desktop.hasSession()).toBe(false);
    const ensured = await fetch(`${stack.api}/api/ensure-user-exists`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
    expect(ensured.status).toBe(200);
    expect(((await ensured.json()) as { userId: string }).userId).toBe(userId);
  });
});
