/**
 * Two-step verification through the local stack: supertokens-node's TOTP and MultiFactorAuth recipes
 * in the auth Lambda, the local core keeping the devices, the product Lambdas checking `st-mfa`
 * themselves. Codes are computed here from the secret the setup answers, as an authenticator app does.
 */
import { describe, expect, it } from 'vitest';
import { CODE_CHECK_ACCOUNT_RULE, CODE_CHECK_PAIR_RULE } from '../../functions/auth/code-check-limits';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { latestMailTo, outboxMessages } from '../support/outbox';
import { useTestStack } from '../support/local-stack';
import { desktopCode, desktopSession, newMember, refreshWithCookie, refreshWithHeader } from '../support/sessions';
import { codeAt, freshCodeAfter, MFA_REFUSAL, totp, turnOnTwoStep } from '../support/two-step';

const stack = useTestStack();
const PASSWORD = 'engine42';

/** A proven member who has turned two-step verification on: the secret, the first code used, the recovery codes. */
async function memberWithTwoStep(name: string) {
  const member = await newMember(stack, name, PASSWORD);
  return { ...member, ...(await turnOnTwoStep(member.who, { password: PASSWORD })) };
}

async function signedIn(email: string): Promise<AuthApi> {
  const who = new AuthApi(stack.api, stack.web);
  expect((await who.signIn(email, PASSWORD)).status).toBe('OK');
  return who;
}

describe('two-step verification with an authenticator app', () => {
  it('turned on: a sign-in gets 403 st-mfa from every product route until its code, then 200; the notice is mailed', async () => {
    const { who, email, secret, firstCode, firstAt } = await memberWithTwoStep('totp');
    expect((await latestMailTo(stack.outboxDir, email, 5000, 'security-two-step-on')).subject).toContain('Two-step verification is on');
    // The session that turned it on has completed it: it reads on.
    expect((await who.get('/api/user-profile')).status).toBe(200);
    expect((await who.get('/api/account/two-step')).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    await who.signOut();

    const next = await signedIn(email);
    for (const path of ['/api/user-profile', '/api/account', '/api/account/two-step', '/api/usage']) {
      expect(await next.get(path)).toEqual({ status: 403, body: MFA_REFUSAL });
    }
    expect((await next.post('/api/ensure-user-exists')).status).toBe(403);
    // The desktop hand-off waits for it too.
    const consent = { redirect_url: 'http://127.0.0.1:53124/cb', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' };
    expect((await next.call('POST', '/api/auth/desktop/consent', consent)).status).toBe(403);

    // What /auth/mfa asks: the factors this sign-in can complete.
    const info = await next.call('PUT', '/api/auth/mfa/info', undefined, { rid: 'multifactorauth' });
    expect(info.status).toBe(200);
    const { factors } = (await info.json()) as { factors: { next: string[]; alreadySetup: string[] } };
    expect(factors.next.sort()).toEqual(['recovery-code', 'totp']);

    // A wrong code, and the code already used at setup (still within its window), are refused alike.
    const wrong = String((Number(codeAt(secret, Date.now())) + 1) % 1_000_000).padStart(6, '0');
    expect((await totp(next, '/verify', { totp: wrong })).body).toMatchObject({ status: 'INVALID_TOTP_ERROR' });
    expect((await totp(next, '/verify', { totp: firstCode })).body).toMatchObject({ status: 'INVALID_TOTP_ERROR' });
    expect((await next.get('/api/user-profile')).status).toBe(403);

    // A code within the window (one period each side) and unused is accepted.
    expect((await totp(next, '/verify', { totp: freshCodeAfter(secret, firstAt) })).body).toEqual({ status: 'OK' });
    expect((await next.get('/api/user-profile')).status).toBe(200);
    expect((await next.get('/api/account')).status).toBe(200);

    // Now the desktop hand-off goes on, and the desktop app's session has the second step with it.
    const desktop = await desktopSession(stack.api, next);
    const read = await fetch(`${stack.api}/api/user-profile`, { headers: { authorization: `Bearer ${desktop.accessToken}` } });
    expect(read.status).toBe(200);
  });

  it('turning it on ends every other session of the account, browsers and the desktop app; the one that turned it on stays; the mail says so', async () => {
    const { who, email } = await newMember(stack, 'ends', PASSWORD);
    const before = await signedIn(email);
    const desktop = await desktopSession(stack.api, before);
    expect((await before.get('/api/account')).status).toBe(200);

    await turnOnTwoStep(who, { password: PASSWORD });
    // A session from before two-step was on would otherwise keep full access without ever giving a code.
    expect((await before.get('/api/account')).status).toBe(401);
    expect((await refreshWithCookie(stack.api, stack.web, before.jar.get('sRefreshToken')!)).status).toBe(401);
    expect((await refreshWithHeader(stack.api, desktop.refreshToken)).status).toBe(401);
    expect((await who.get('/api/account')).status).toBe(200);
    const mail = await latestMailTo(stack.outboxDir, email, 5000, 'security-two-step-on');
    expect(mail.text).toContain('Every other device signed in to your account was signed out');
    expect(mail.text).toMatch(/^When: .+ GMT$/m);
    expect(mail.text).toContain(`/auth/reset-password?email=${encodeURIComponent(email)}`);
  });

  it('adding an app asks for the password in the request: none or a wrong one is refused and nothing is made', async () => {
    const { who } = await newMember(stack, 'stepup-app', PASSWORD);
    expect(await totp(who, '/device', { deviceName: 'Authenticator app' })).toEqual({ status: 400, body: { message: texts.stepUp.passwordRequired, fields: { password: texts.stepUp.passwordRequired } } });
    expect(await totp(who, '/device', { deviceName: 'Authenticator app', password: 'not-it-9' })).toEqual({ status: 400, body: { message: texts.stepUp.wrongPassword, fields: { password: texts.stepUp.wrongPassword } } });
    expect((await who.get('/api/account/two-step')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await totp(who, '/device', { deviceName: 'Authenticator app', password: PASSWORD })).body).toMatchObject({ status: 'OK' });
  });

  it('new recovery codes ask for the password in the request; a wrong one changes nothing; the mail says what happened', async () => {
    const { who, email, recoveryCodes } = await memberWithTwoStep('stepup-codes');
    expect(await who.post('/api/account/two-step/recovery-codes', {})).toEqual({ status: 400, body: { message: texts.stepUp.passwordRequired, fields: { password: texts.stepUp.passwordRequired } } });
    expect((await who.post('/api/account/two-step/recovery-codes', { password: 'not-it-9' })).status).toBe(400);
    expect((await who.get('/api/account/two-step')).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const fresh = await who.post('/api/account/two-step/recovery-codes', { password: PASSWORD });
    expect(fresh.status).toBe(200);
    expect(fresh.body.codes).not.toContain(recoveryCodes[0]);
    const mail = await latestMailTo(stack.outboxDir, email, 5000, 'security-recovery-codes-replaced');
    expect(mail.text).toContain('The earlier codes no longer work.');
  });

  it('a second app keeps the recovery codes unless the owner asks for new ones, and the mail says which', async () => {
    const { who, email, secret, firstAt, recoveryCodes } = await memberWithTwoStep('second-app');
    const second = await totp(who, '/device', { deviceName: 'Phone', password: PASSWORD });
    expect(second.body).toMatchObject({ status: 'OK' });
    const kept = await totp(who, '/device/verify', { deviceName: 'Phone', totp: codeAt(second.body.secret as string, Date.now()) });
    expect(kept.body).toEqual({ status: 'OK', wasAlreadyVerified: false });
    expect((await who.get('/api/account/two-step')).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const keptMail = await latestMailTo(stack.outboxDir, email, 5000, 'security-authenticator-added-codes-kept');
    expect(keptMail.text).toContain('Your recovery codes were not changed.');
    expect(keptMail.text).not.toContain('is on');

    const third = await totp(who, '/device', { deviceName: 'Tablet', password: PASSWORD });
    const replaced = await totp(who, '/device/verify', { deviceName: 'Tablet', totp: codeAt(third.body.secret as string, Date.now()), newRecoveryCodes: true });
    expect(replaced.body).toMatchObject({ status: 'OK', wasAlreadyVerified: false });
    expect(replaced.body.recoveryCodes).toHaveLength(10);
    expect((await latestMailTo(stack.outboxDir, email, 5000, 'security-authenticator-added-codes-replaced')).text).toContain('the earlier ones no longer work');
    const next = await signedIn(email);
    expect((await next.post('/api/auth/mfa/recovery-code', { code: recoveryCodes[0] })).status).toBe(400);
    expect((await totp(next, '/verify', { totp: freshCodeAfter(secret, firstAt) })).body).toEqual({ status: 'OK' });
  });

  it('a recovery code completes the second step once; used again or wrong, it is refused with the same words; each use is mailed', async () => {
    const { email, recoveryCodes } = await memberWithTwoStep('recovery');
    const first = await signedIn(email);
    const used = await first.post('/api/auth/mfa/recovery-code', { code: recoveryCodes[0]!.toUpperCase() });
    expect(used).toEqual({ status: 200, body: { status: 'OK', codesLeft: 9 } });
    expect((await first.get('/api/user-profile')).status).toBe(200);
    const mail = await latestMailTo(stack.outboxDir, email, 5000, 'security-recovery-code-used');
    expect(mail.text).toContain('Recovery codes left: 9.');

    const second = await signedIn(email);
    const refusal = { status: 400, body: { status: 'INVALID_CODE', message: texts.twoStep.wrongCode } };
    expect(await second.post('/api/auth/mfa/recovery-code', { code: recoveryCodes[0] })).toEqual(refusal);
    expect(await second.post('/api/auth/mfa/recovery-code', { code: 'aaaaa-bbbbb' })).toEqual(refusal);
    expect((await second.get('/api/user-profile')).status).toBe(403);
    expect((await second.post('/api/auth/mfa/recovery-code', { code: 42 })).status).toBe(400);
    expect((await second.post('/api/auth/mfa/recovery-code', { code: recoveryCodes[1] })).body).toEqual({ status: 'OK', codesLeft: 8 });

    // New codes (from a completed session, with the password) replace the old: an old one no longer works.
    const fresh = await second.post('/api/account/two-step/recovery-codes', { password: PASSWORD });
    expect(fresh.status).toBe(200);
    expect(fresh.body.codes).toHaveLength(10);
    const third = await signedIn(email);
    expect((await third.post('/api/auth/mfa/recovery-code', { code: recoveryCodes[2] })).status).toBe(400);
    expect((await third.post('/api/auth/mfa/recovery-code', { code: (fresh.body.codes as string[])[0] })).status).toBe(200);
  });

  it('guessing codes is limited per (account, address) and, from addresses the account never completed its step at, per account; a limited check says so with Retry-After', async () => {
    const { email, secret } = await memberWithTwoStep('guess');
    const thief = await signedIn(email);
    const statuses: number[] = [];
    for (let i = 0; i < CODE_CHECK_PAIR_RULE.limit; i++) statuses.push((await totp(thief, '/verify', { totp: '000000' })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const res = await thief.call('POST', '/api/auth/totp/verify', { totp: codeAt(secret, Date.now()) }, { rid: 'totp' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toBe(texts.auth.tooManyAttempts(15));
    expect((await thief.post('/api/auth/mfa/recovery-code', { code: 'aaaaa-bbbbb' })).status).toBe(429);
    expect((await thief.get('/api/user-profile')).status).toBe(403);

    // The same session from new addresses: the account's ceiling (for addresses it never completed its
    // step at) fills; the setup's code, from an address not yet remembered then, counted one.
    const fromElsewhere = (body: unknown) => new AuthApi(stack.api, stack.web).call('POST', '/api/auth/totp/verify', body, { rid: 'totp', cookie: thief.jar.header() });
    for (let i = CODE_CHECK_PAIR_RULE.limit + 1; i < CODE_CHECK_ACCOUNT_RULE.limit; i++) expect((await fromElsewhere({ totp: '000000' })).status).toBe(200);
    expect((await fromElsewhere({ totp: codeAt(secret, Date.now()) })).status).toBe(429);
  });

  it("ten wrong codes from one address leave the owner's right code, and a recovery code, working from an address where the owner completed the step before", async () => {
    const owner = await newMember(stack, 'lockout', PASSWORD);
    const { secret, firstAt, recoveryCodes } = await turnOnTwoStep(owner.who, { password: PASSWORD });
    const thief = await signedIn(owner.email);
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await totp(thief, '/verify', { totp: '000000' })).status);
    expect(answers.filter((s) => s === 429).length).toBe(10 - CODE_CHECK_PAIR_RULE.limit);

    // The owner, at home (the address that turned the step on), signs in: the right code completes the step.
    const home = new AuthApi(stack.api, stack.web, owner.who.address);
    expect((await home.signIn(owner.email, PASSWORD)).status).toBe('OK');
    expect((await totp(home, '/verify', { totp: freshCodeAfter(secret, firstAt) })).body).toEqual({ status: 'OK' });
    expect((await home.get('/api/user-profile')).status).toBe(200);
    const again = new AuthApi(stack.api, stack.web, owner.who.address);
    expect((await again.signIn(owner.email, PASSWORD)).status).toBe('OK');
    expect((await again.post('/api/auth/mfa/recovery-code', { code: recoveryCodes[0] })).status).toBe(200);
  });

  it('turned off with the password: a wrong one changes nothing; then sign-in needs no code, the codes stop working, the notice is mailed', async () => {
    const { who, email, recoveryCodes } = await memberWithTwoStep('off');
    // A working app is not removed through the SDK's route: only here, with the password.
    expect((await totp(who, '/device/remove', { deviceName: 'Authenticator app' })).body).toEqual({ status: 'GENERAL_ERROR', message: texts.twoStep.api.turnOffFromAccount });
    const wrong = await who.call('DELETE', '/api/account/two-step', { password: 'not-it-9' });
    expect(wrong.status).toBe(400);
    expect((await who.call('DELETE', '/api/account/two-step', {})).status).toBe(400);
    expect((await who.get('/api/account/two-step')).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const off = await who.call('DELETE', '/api/account/two-step', { password: PASSWORD });
    expect(off.status).toBe(200);
    expect((await who.get('/api/account/two-step')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await latestMailTo(stack.outboxDir, email, 5000, 'security-two-step-off')).subject).toContain('off');
    expect((await who.call('DELETE', '/api/account/two-step', { password: PASSWORD })).status).toBe(409);

    const next = await signedIn(email);
    expect((await next.get('/api/user-profile')).status).toBe(200);
    expect((await next.post('/api/auth/mfa/recovery-code', { code: recoveryCodes[0] })).status).toBe(400);
    // Only the owner's changes were mailed: four kinds at most, none with a code in it.
    const mails = outboxMessages(stack.outboxDir).filter((m) => m.to === email);
    for (const code of recoveryCodes) expect(JSON.stringify(mails)).not.toContain(code);
  });

  it('an account without it signs in with its password alone, and cannot turn it on for an unproven address', async () => {
    const { who } = await newMember(stack, 'plain', PASSWORD);
    expect((await who.get('/api/account/two-step')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await who.post('/api/account/two-step/recovery-codes', { password: PASSWORD })).status).toBe(409);
    const code = await desktopCode(who);
    expect(code.code).toBeTruthy();

    const unproven = new AuthApi(stack.api, stack.web);
    expect((await unproven.signUp(`unproven-${Date.now()}@example.com`, PASSWORD)).status).toBe('OK');
    expect((await totp(unproven, '/device', { deviceName: 'Authenticator app' })).status).toBe(403);
  });
});
