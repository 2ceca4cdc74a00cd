/**
 * POST /api/account/password through the local stack: the current password is checked
 * under the sign-in limits, the new one by the sign-up rules, and a change ends every other session
 * of the account (another browser, the desktop app) while this one stays signed in.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_PAIR_RULE } from '../../functions/auth/sign-in-guard';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { signInWithGoogle } from '../support/google-sign-in';
import { useTestStack } from '../support/local-stack';
import { latestMailTo, linkIn } from '../support/outbox';
import { desktopSession, newMember, refreshWithCookie, refreshWithHeader } from '../support/sessions';

const stack = useTestStack();

const PASSWORD = 'engine42';
const NEW_PASSWORD = 'turbine77';

const member = (name = 'pw') => newMember(stack, name, PASSWORD);

const change = (who: AuthApi, currentPassword: unknown, newPassword: unknown) => who.post('/api/account/password', { currentPassword, newPassword });
const signInStatus = async (email: string, password: string) => (await new AuthApi(stack.api, stack.web).signIn(email, password)).status;

describe('POST /api/account/password', () => {
  it('changes the password: other browsers and the desktop app are signed out, this session stays, the old password no longer signs in', async () => {
    const { who, email } = await member();
    const other = new AuthApi(stack.api, stack.web);
    expect((await other.signIn(email, PASSWORD)).status).toBe('OK');
    const desktop = await desktopSession(stack.api, who);
    const otherRefresh = other.jar.get('sRefreshToken')!;

    expect(await change(who, PASSWORD, NEW_PASSWORD)).toEqual({ status: 200, body: { message: texts.account.passwordChanged } });

    expect((await refreshWithCookie(stack.api, stack.web, otherRefresh)).status).toBe(401);
    expect((await refreshWithHeader(stack.api, desktop.refreshToken)).status).toBe(401);
    expect((await fetch(`${stack.api}/api/usage`, { headers: { authorization: `Bearer ${desktop.accessToken}`, 'idempotency-key': randomUUID() }, method: 'POST', body: '{"words":1,"seconds":1}' })).status).toBe(401);
    // This session reads, passes the core's check, and refreshes.
    expect((await who.get('/api/user-profile')).status).toBe(200);
    expect((await who.post('/api/ensure-user-exists')).status).toBe(200);
    const refreshed = await refreshWithCookie(stack.api, stack.web, who.jar.get('sRefreshToken')!);
    expect(refreshed.status).toBe(200);

    expect(await signInStatus(email, PASSWORD)).toBe('WRONG_CREDENTIALS_ERROR');
    expect(await signInStatus(email, NEW_PASSWORD)).toBe('OK');
  });

  it('mails the owner a notice after a change and after a completed reset: what happened, when, from which device, and a link that starts a reset', async () => {
    const { who, email } = await member('notice');
    const chrome = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' };
    const changed = await who.call('POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, chrome);
    expect(changed.status).toBe(200);
    const notice = await latestMailTo(stack.outboxDir, email, 5000, 'security-password-changed');
    expect(notice.text).toContain(texts.securityNotices.events['password-changed'].line);
    expect(notice.text).toMatch(/^When: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/m);
    expect(notice.text).toContain(texts.securityNotices.from('Chrome on Windows'));
    expect(notice.text).toContain(`${stack.web}/auth/reset-password?email=${encodeURIComponent(email)}`);

    // A reset from the mailbox: the link works once, and the account is told it happened.
    const stranger = new AuthApi(stack.api, stack.web);
    expect((await stranger.call('POST', '/api/auth/user/password/reset/token', { formFields: [{ id: 'email', value: email }] }, { rid: 'emailpassword' })).status).toBe(200);
    const token = linkIn(await latestMailTo(stack.outboxDir, email, 5000, 'password-reset')).searchParams.get('token')!;
    const reset = await stranger.call('POST', '/api/auth/user/password/reset', { method: 'token', token, formFields: [{ id: 'password', value: 'windmill55' }] }, { rid: 'emailpassword', ...chrome });
    expect(await reset.json()).toMatchObject({ status: 'OK' });
    const resetNotice = await latestMailTo(stack.outboxDir, email, 5000, 'security-password-reset');
    expect(resetNotice.text).toContain(texts.securityNotices.events['password-reset'].line);
    expect(resetNotice.text).toContain(texts.securityNotices.from('Chrome on Windows'));
  });

  it('refuses a wrong current password with 400 and the exact sentence, changing nothing', async () => {
    const { who, email } = await member('wrong');
    expect(await change(who, 'not-it-9', NEW_PASSWORD)).toEqual({ status: 400, body: { message: texts.account.wrongPassword, fields: { currentPassword: texts.account.wrongPassword } } });
    expect(texts.account.wrongPassword).toBe('Your current password is not correct.');
    expect(await signInStatus(email, PASSWORD)).toBe('OK');
  });

  it('refuses a new password that breaks the sign-up rules, and bad bodies, with 400', async () => {
    const { who, email } = await member('rules');
    const { fields } = texts.auth;
    for (const [newPassword, error] of [
      ['short1', fields.passwordTooShort],
      ['onlyletters', fields.passwordNeedsDigit],
      ['12345678', fields.passwordNeedsLetter],
      [`a1${'x'.repeat(98)}`, fields.passwordTooLong],
      ['', fields.newPasswordRequired],
    ] as const) {
      const refused = await change(who, PASSWORD, newPassword);
      expect(refused.status, newPassword).toBe(400);
      expect(refused.body.fields, newPassword).toEqual({ newPassword: error });
    }
    for (const body of [{}, { currentPassword: PASSWORD }, { currentPassword: 42, newPassword: NEW_PASSWORD }, { currentPassword: '', newPassword: NEW_PASSWORD }]) {
      expect((await who.post('/api/account/password', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await who.call('POST', '/api/account/password', undefined)).status).toBe(400);
    expect(await signInStatus(email, PASSWORD)).toBe('OK');
  });

  it('counts a wrong current password as a failed sign-in: the 11th from one address is refused with 429, and so is a sign-in from it', async () => {
    const { who, email } = await member('limits');
    for (let i = 0; i < SIGN_IN_PAIR_RULE.limit; i++) expect((await change(who, `guess-${i}-x`, NEW_PASSWORD)).status).toBe(400);
    const refused = await who.call('POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_PAIR_RULE.windowSeconds);
    expect(await refused.json()).toEqual({ message: texts.auth.tooManyAttempts(Math.ceil(retryAfter / 60)) });
    // The same counters as sign-in: the address that guessed is refused there too; another is not.
    const signIn = await who.call('POST', '/api/auth/signin', { formFields: [{ id: 'email', value: email }, { id: 'password', value: PASSWORD }] }, { rid: 'emailpassword' });
    expect(signIn.status).toBe(429);
    expect(await signInStatus(email, PASSWORD)).toBe('OK');
  });

  it('tells a Google account it has no password to change', async () => {
    const { who } = await signInWithGoogle(stack, `lin-${randomUUID().slice(0, 8)}@example.com`, 'Lin');
    expect(await change(who, PASSWORD, NEW_PASSWORD)).toEqual({ status: 400, body: { message: texts.account.noPassword } });
  });

  it('refuses a caller without a session', async () => {
    expect((await change(new AuthApi(stack.api, stack.web), PASSWORD, NEW_PASSWORD)).status).toBe(401);
  });
});
