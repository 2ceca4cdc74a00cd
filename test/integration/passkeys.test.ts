/**
 * Passkeys through the real supertokens-node WebAuthn recipe and the local core, with a software
 * authenticator speaking the browser's WebAuthn JSON: a proven account adds named passkeys (the first
 * joins the account as its passkey login, the next is one more credential of it), lists them, signs in
 * with one and no email (the session is the account's), and removes one. Forged, replayed, wrong-origin,
 * wrong-relying-party and unknown assertions are refused and change nothing. Once two-step
 * verification is on, a passkey completes a password sign-in's second step, and a passkey sign-in owes none.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountPasskey, AccountProfile } from '../../shared/api-types';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { latestMailTo, outboxMessages } from '../support/outbox';
import { newMember } from '../support/sessions';
import { signInWithGoogle } from '../support/google-sign-in';
import { SoftwareAuthenticator, type RegisterOptions, type SignInOptions } from '../support/software-authenticator';
import { freshCodeAfter, MFA_REFUSAL, totp, turnOnTwoStep } from '../support/two-step';

const stack = useTestStack();
const PASSWORD = 'engine42';
const RID = { rid: 'webauthn' };

async function answer(res: Response) {
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { status?: string } };
}

/** The step-up proof a passkey's addition carries (docs/security.md#step-up): the member's password. */
type Proof = { password?: string; code?: string; passkey?: unknown };
const WITH_PASSWORD: Proof = { password: PASSWORD };

const registerOptions = async (who: AuthApi, proof: Proof = WITH_PASSWORD, email = 'ignored@example.com') => answer(await who.call('POST', '/api/auth/webauthn/options/register', { email, ...proof }, RID));
const signInOptions = async (who: AuthApi) => (await answer(await who.call('POST', '/api/auth/webauthn/options/signin', {}, RID))).body as unknown as SignInOptions & { status: string };

/** Adds a passkey to `who`'s account as /account does: options, the authenticator's answer, the sign-up linked to the session. */
async function addPasskey(who: AuthApi, authenticator: SoftwareAuthenticator, passkeyName: string, proof: Proof = WITH_PASSWORD, headers: Record<string, string> = {}) {
  const options = await registerOptions(who, proof);
  expect(options.body.status).toBe('OK');
  const credential = authenticator.create(options.body as unknown as RegisterOptions);
  return answer(
    await who.call('POST', '/api/auth/webauthn/signup', { webauthnGeneratedOptionsId: options.body.webauthnGeneratedOptionsId, credential, shouldTryLinkingWithSessionUser: true, passkeyName, ...proof }, { ...RID, ...headers }),
  );
}

async function passkeysOf(who: AuthApi): Promise<AccountPasskey[]> {
  const res = await who.call('GET', '/api/account/passkeys');
  expect(res.status).toBe(200);
  return ((await res.json()) as { passkeys: AccountPasskey[] }).passkeys;
}

const signIn = async (who: AuthApi, webauthnGeneratedOptionsId: string, credential: unknown) =>
  answer(await who.call('POST', '/api/auth/webauthn/signin', { webauthnGeneratedOptionsId, credential, shouldTryLinkingWithSessionUser: false }, RID));

/** A browser without a session signing in with the authenticator's newest passkey. */
async function passkeySignIn(authenticator: SoftwareAuthenticator, pick?: Parameters<SoftwareAuthenticator['get']>[2]) {
  const who = new AuthApi(stack.api, stack.web);
  const options = await signInOptions(who);
  expect(options.status).toBe('OK');
  const credential = authenticator.get(options, 'localhost', pick);
  return { who, options, credential, result: await signIn(who, options.webauthnGeneratedOptionsId, credential) };
}

/** `who`'s passkey sign-in sent with its session: the second step of that session's sign-in. */
async function passkeyOnSession(who: AuthApi, authenticator: SoftwareAuthenticator) {
  const options = await signInOptions(who);
  const credential = authenticator.get(options, 'localhost');
  return answer(await who.call('POST', '/api/auth/webauthn/signin', { webauthnGeneratedOptionsId: options.webauthnGeneratedOptionsId, credential, shouldTryLinkingWithSessionUser: true }, RID));
}

async function passwordSignIn(email: string): Promise<AuthApi> {
  const who = new AuthApi(stack.api, stack.web);
  expect((await who.signIn(email, PASSWORD)).status).toBe('OK');
  return who;
}

/** The `st-mfa` claim of `who`'s access token: the factors completed (`c`) and whether the sign-in is complete (`v`). */
function mfaClaimOf(who: AuthApi): { c: Record<string, number>; v: boolean } {
  const token = who.jar.get('sAccessToken')!;
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { 'st-mfa': { c: Record<string, number>; v: boolean } })['st-mfa'];
}

async function nextFactors(who: AuthApi): Promise<string[]> {
  const info = await who.call('PUT', '/api/auth/mfa/info', undefined, { rid: 'multifactorauth' });
  expect(info.status).toBe(200);
  return ((await info.json()) as { factors: { next: string[] } }).factors.next.sort();
}

async function profileOf(who: AuthApi): Promise<AccountProfile & { status: number }> {
  const res = await who.call('GET', '/api/account');
  return { status: res.status, ...((await res.json()) as AccountProfile) };
}

describe('adding a passkey on /account', () => {
  it('adds named passkeys to the proven account, lists them, and mails each addition to the proven address', async () => {
    const { who, email } = await newMember(stack, 'passkey', PASSWORD);
    const phone = new SoftwareAuthenticator(stack.web);
    const laptop = new SoftwareAuthenticator(stack.web);

    expect(await addPasskey(who, phone, 'My phone')).toMatchObject({ status: 200, body: { status: 'OK' } });
    const added = await latestMailTo(stack.outboxDir, email, 5000, 'passkey-added');
    expect(added.text).toContain('"My phone"');
    // What happened, when, from which device, and a link that starts a reset if it was not the owner.
    expect(added.text).toMatch(/^When: .+ GMT$/m);
    expect(added.text).toMatch(/^From: /m);
    expect(added.text).toContain(`/auth/reset-password?email=${encodeURIComponent(email)}`);

    // The second is one more credential of the account's passkey login.
    expect(await addPasskey(who, laptop, '  Work laptop  ')).toMatchObject({ status: 200, body: { status: 'OK' } });
    const listed = await passkeysOf(who);
    expect(listed.map((p) => [p.id, p.name, p.lastUsedAt])).toEqual([
      [phone.credentialIds[0], 'My phone', null],
      [laptop.credentialIds[0], 'Work laptop', null],
    ]);
    expect(Date.parse(listed[0]!.addedAt)).toBeLessThanOrEqual(Date.parse(listed[1]!.addedAt));

    // The account is still the same one, with its email and password, and now signs in with passkeys too.
    const again = new AuthApi(stack.api, stack.web);
    expect((await again.signIn(email, PASSWORD)).status).toBe('OK');
    expect((await passkeysOf(again)).length).toBe(2);
    expect(await profileOf(again)).toMatchObject({ status: 200, email, signInMethods: ['password', 'passkey'] });
  });

  it('asks for the password in the request: options and sign-up without it, or with a wrong one, are refused and nothing is added', async () => {
    const { who } = await newMember(stack, 'stepup-passkey', PASSWORD);
    const required = { status: 400, body: { message: texts.stepUp.passwordRequired, fields: { password: texts.stepUp.passwordRequired } } };
    expect(await registerOptions(who, {})).toEqual(required);
    expect(await registerOptions(who, { password: 'not-it-9' })).toEqual({ status: 400, body: { message: texts.stepUp.wrongPassword, fields: { password: texts.stepUp.wrongPassword } } });
    // Options made with the password do not make a sign-up without it count: the sign-up asks again.
    const options = await registerOptions(who);
    const credential = new SoftwareAuthenticator(stack.web).create(options.body as unknown as RegisterOptions);
    const signUp = await who.call('POST', '/api/auth/webauthn/signup', { webauthnGeneratedOptionsId: options.body.webauthnGeneratedOptionsId, credential, shouldTryLinkingWithSessionUser: true, passkeyName: 'Sneaky' }, RID);
    expect(await answer(signUp)).toEqual(required);
    expect(await passkeysOf(who)).toEqual([]);
  });

  it('gives the account one user handle, the first passkey and later ones alike, and excludes the passkeys it has', async () => {
    const { who, userId } = await newMember(stack, 'handle', PASSWORD);
    const phone = new SoftwareAuthenticator(stack.web);
    const first = await registerOptions(who);
    expect(first.body.excludeCredentials).toEqual([]);
    const handle = (first.body.user as { id: string }).id;
    expect(Buffer.from(handle, 'base64url').toString()).toBe(userId);
    const credential = phone.create(first.body as unknown as RegisterOptions);
    const added = await who.call('POST', '/api/auth/webauthn/signup', { webauthnGeneratedOptionsId: first.body.webauthnGeneratedOptionsId, credential, shouldTryLinkingWithSessionUser: true, passkeyName: 'Phone', ...WITH_PASSWORD }, RID);
    expect((await answer(added)).body.status).toBe('OK');

    const next = await registerOptions(who);
    expect((next.body.user as { id: string }).id).toBe(handle);
    expect((next.body.excludeCredentials as { id: string }[]).map((c) => c.id)).toEqual(phone.credentialIds);
    // The authenticator that holds the account's passkey refuses to make a second one for it.
    expect(() => phone.create(next.body as unknown as RegisterOptions)).toThrow(expect.objectContaining({ name: 'InvalidStateError' }));
    expect(phone.userHandles).toEqual([handle]);
  });

  it('asks for a session with a proven address; a passkey given no name is named after the browser and system that made it', async () => {
    const stranger = new AuthApi(stack.api, stack.web);
    expect((await registerOptions(stranger)).status).toBe(401);

    const unproven = new AuthApi(stack.api, stack.web);
    expect((await unproven.signUp(`unproven-${randomUUID().slice(0, 8)}@example.com`, PASSWORD)).status).toBe('OK');
    const refused = await registerOptions(unproven);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('st-ev');

    const { who } = await newMember(stack, 'nameless', PASSWORD);
    const tooLong = await addPasskey(who, new SoftwareAuthenticator(stack.web), 'x'.repeat(61));
    expect(tooLong).toEqual({ status: 400, body: { message: texts.passkeys.nameTooLong, fields: { passkeyName: texts.passkeys.nameTooLong } } });
    expect(await passkeysOf(who)).toEqual([]);
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    expect((await addPasskey(who, new SoftwareAuthenticator(stack.web), '   ', WITH_PASSWORD, { 'user-agent': firefox })).body.status).toBe('OK');
    expect((await passkeysOf(who)).map((p) => p.name)).toEqual(['Firefox on Linux']);
  });

  it('refuses a passkey made for another origin or relying party, and a sign-up without the session', async () => {
    const { who } = await newMember(stack, 'origin', PASSWORD);
    expect((await addPasskey(who, new SoftwareAuthenticator('https://evil.example'), 'Evil')).body.status).toBe('INVALID_CREDENTIALS_ERROR');
    expect((await addPasskey(who, new SoftwareAuthenticator(stack.web, 'evil.example'), 'Evil')).body.status).toBe('INVALID_CREDENTIALS_ERROR');
    expect(await passkeysOf(who)).toEqual([]);

    const options = await registerOptions(who);
    const credential = new SoftwareAuthenticator(stack.web).create(options.body as unknown as RegisterOptions);
    const loggedOut = new AuthApi(stack.api, stack.web);
    const res = await loggedOut.call('POST', '/api/auth/webauthn/signup', { webauthnGeneratedOptionsId: options.body.webauthnGeneratedOptionsId, credential, shouldTryLinkingWithSessionUser: false, passkeyName: 'x' }, RID);
    // Its policy (a live session) answers before its body is looked at (docs/security.md#who-may-call-what).
    expect(res.status).toBe(401);
    expect(await passkeysOf(who)).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('signs in to the account with no email typed, and records when the passkey was last used', async () => {
    const { who, email, userId } = await newMember(stack, 'signin', PASSWORD);
    const phone = new SoftwareAuthenticator(stack.web);
    await addPasskey(who, phone, 'My phone');

    const { who: browser, result } = await passkeySignIn(phone);
    expect(result).toMatchObject({ status: 200, body: { status: 'OK', user: { id: userId } } });
    const profile = await profileOf(browser);
    expect(profile).toMatchObject({ status: 200, email });
    const [listed] = await passkeysOf(browser);
    expect(listed!.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion, a forged signature, a wrong origin or relying party, and an unknown passkey; nothing changes', async () => {
    const { who } = await newMember(stack, 'forged', PASSWORD);
    const phone = new SoftwareAuthenticator(stack.web);
    await addPasskey(who, phone, 'My phone');
    const id = phone.credentialIds[0]!;

    const first = await passkeySignIn(phone);
    expect(first.result.body.status).toBe('OK');
    // The same answer again: with its own options (spent) and with fresh ones (another challenge).
    expect((await signIn(new AuthApi(stack.api, stack.web), first.options.webauthnGeneratedOptionsId, first.credential)).body).toEqual({ status: 'INVALID_CREDENTIALS_ERROR' });
    const fresh = await signInOptions(new AuthApi(stack.api, stack.web));
    expect((await signIn(new AuthApi(stack.api, stack.web), fresh.webauthnGeneratedOptionsId, first.credential)).body).toEqual({ status: 'INVALID_CREDENTIALS_ERROR' });

    const forged = await passkeySignIn(phone, { signWith: new SoftwareAuthenticator(stack.web) });
    expect(forged.result.body).toEqual({ status: 'INVALID_CREDENTIALS_ERROR' });
    expect(forged.who.jar.get('sAccessToken')).toBeUndefined();

    const elsewhere = new SoftwareAuthenticator('https://evil.example');
    (elsewhere as unknown as { credentials: unknown[] }).credentials.push(...(phone as unknown as { credentials: unknown[] }).credentials);
    expect((await passkeySignIn(elsewhere, { credentialId: id })).result.body).toEqual({ status: 'INVALID_CREDENTIALS_ERROR' });
    const otherRp = new SoftwareAuthenticator(stack.web, 'evil.example');
    (otherRp as unknown as { credentials: unknown[] }).credentials.push(...(phone as unknown as { credentials: unknown[] }).credentials);
    expect((await passkeySignIn(otherRp, { credentialId: id })).result.body).toEqual({ status: 'INVALID_CREDENTIALS_ERROR' });

    const unknown = new SoftwareAuthenticator(stack.web);
    unknown.create({ webauthnGeneratedOptionsId: 'x', challenge: 'x', rp: { id: 'localhost' }, user: { id: 'x' } });
    expect((await passkeySignIn(unknown)).result.body).toEqual({ status: 'INVALID_CREDENTIALS_ERROR' });

    // The real passkey still signs in: no refusal spent or changed it.
    expect((await passkeySignIn(phone)).result.body.status).toBe('OK');
  });

  it('completes the session’s own account’s second step, and never joins another account’s passkey to a session', async () => {
    const { who: ada, userId: adaId } = await newMember(stack, 'ada', PASSWORD);
    const adaKey = new SoftwareAuthenticator(stack.web);
    await addPasskey(ada, adaKey, 'Ada’s key');
    const { who: bob, userId: bobId } = await newMember(stack, 'bob', PASSWORD);

    expect(await passkeyOnSession(ada, adaKey)).toMatchObject({ status: 200, body: { status: 'OK', user: { id: adaId } } });
    const refused = await passkeyOnSession(bob, adaKey);
    expect(refused.body.status).not.toBe('OK');
    expect(await profileOf(bob)).toMatchObject({ status: 200, signInMethods: ['password'] });
    expect(await passkeysOf(bob)).toEqual([]);
    expect((await passkeySignIn(adaKey)).result.body).toMatchObject({ status: 'OK', user: { id: adaId } });
    expect(bobId).not.toBe(adaId);
  });

  it('answers malformed input with a 400, before the SDK', async () => {
    const who = new AuthApi(stack.api, stack.web);
    const options = await signInOptions(who);
    const bad = await who.call('POST', '/api/auth/webauthn/signin', { webauthnGeneratedOptionsId: options.webauthnGeneratedOptionsId, credential: 'nope' }, RID);
    expect(await answer(bad)).toEqual({ status: 400, body: { message: texts.api.invalidField('credential') } });
    const notJson = await fetch(`${stack.api}/api/auth/webauthn/signin`, { method: 'POST', headers: { origin: stack.web, rid: 'webauthn', 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    for (const path of ['/api/auth/webauthn/credential/list', '/api/auth/user/webauthn/reset/token', '/api/auth/webauthn/email/exists']) {
      expect((await who.call('GET', path, undefined, RID)).status).toBe(404);
    }
  });
});

describe('a passkey as the step-up proof', () => {
  /** An assertion of `authenticator`'s passkey made for `who`, with sign-in options the SDK hands `who` out (single-use). */
  async function passkeyProof(who: AuthApi, authenticator: SoftwareAuthenticator) {
    const options = await signInOptions(who);
    expect(options.status).toBe('OK');
    return { passkey: { webauthnGeneratedOptionsId: options.webauthnGeneratedOptionsId, credential: authenticator.get(options, 'localhost') } };
  }
  const WRONG_PASSKEY = { status: 400, body: { message: texts.stepUp.wrongPasskey, fields: { passkey: texts.stepUp.wrongPasskey } } };

  it('proves an account without a password with its own passkey; another account’s passkey, a replayed assertion or none are refused', async () => {
    const { who: google } = await signInWithGoogle(stack, `step-up-${randomUUID().slice(0, 8)}@example.com`, 'Grace Google');
    const phone = new SoftwareAuthenticator(stack.web);
    // Signed in moments ago, with nothing else to give: the sign-in is the proof of the first passkey.
    expect(await addPasskey(google, phone, 'My phone', {})).toMatchObject({ status: 200, body: { status: 'OK' } });
    const { who: other } = await newMember(stack, 'other-passkey', PASSWORD);
    const others = new SoftwareAuthenticator(stack.web);
    await addPasskey(other, others, 'Not Grace’s');
    // Another account's passkey is a refusal even within the 10 minutes, not "no proof given".
    expect(await google.post('/api/account/two-step/recovery-codes', await passkeyProof(google, others))).toEqual(WRONG_PASSKEY);

    await turnOnTwoStep(google, {});
    // With an app, a code or a passkey is owed: nothing, or another's passkey, is refused.
    expect(await google.post('/api/account/two-step/recovery-codes', {})).toEqual({ status: 400, body: { message: texts.stepUp.codeRequired, fields: { code: texts.stepUp.codeRequired } } });
    expect(await google.post('/api/account/two-step/recovery-codes', await passkeyProof(google, others))).toEqual(WRONG_PASSKEY);
    // Not an assertion's shape: the route's body check answers it, before the core.
    expect((await google.post('/api/account/two-step/recovery-codes', { passkey: { webauthnGeneratedOptionsId: 'made-up', credential: 'not an assertion' } })).status).toBe(400);

    const proof = await passkeyProof(google, phone);
    const fresh = await google.post('/api/account/two-step/recovery-codes', proof);
    expect(fresh.status).toBe(200);
    expect(fresh.body.codes).toHaveLength(10);
    // The same assertion again: its options were spent by the first.
    expect(await google.post('/api/account/two-step/recovery-codes', proof)).toEqual(WRONG_PASSKEY);
    // A new authenticator app, through the SDK's path (checked before the SDK sees it).
    expect(await totp(google, '/device', { deviceName: 'Second app', ...(await passkeyProof(google, others)) })).toEqual(WRONG_PASSKEY);
    expect((await totp(google, '/device', { deviceName: 'Second app', ...(await passkeyProof(google, phone)) })).body).toMatchObject({ status: 'OK', deviceName: 'Second app' });
    // A new passkey's two requests (options, sign-up) each carry the proof: an assertion proves the
    // first (its options come back), and the sign-up finds it spent, so nothing is added on one assertion.
    expect(await registerOptions(google, {})).toMatchObject({ status: 400, body: { fields: { code: texts.stepUp.codeRequired } } });
    expect(await addPasskey(google, new SoftwareAuthenticator(stack.web), 'Laptop', await passkeyProof(google, phone))).toMatchObject({ status: 400, body: WRONG_PASSKEY.body });
  });

  it('is not taken from an account with a password: the password stays its proof', async () => {
    const { who } = await newMember(stack, 'password-passkey', PASSWORD);
    const phone = new SoftwareAuthenticator(stack.web);
    await addPasskey(who, phone, 'My phone');
    expect(await who.post('/api/account/two-step/recovery-codes', await passkeyProof(who, phone))).toEqual({ status: 400, body: { message: texts.stepUp.passwordRequired, fields: { password: texts.stepUp.passwordRequired } } });
  });
});

describe('removing a passkey', () => {
  it('asks the core to remove it: it no longer signs in, the removal is mailed, and another account cannot remove it', async () => {
    const { who, email } = await newMember(stack, 'remove', PASSWORD);
    const phone = new SoftwareAuthenticator(stack.web);
    await addPasskey(who, phone, 'My phone');
    const id = phone.credentialIds[0]!;

    const { who: other } = await newMember(stack, 'other', PASSWORD);
    expect(await answer(await other.call('DELETE', `/api/account/passkeys/${id}`))).toEqual({ status: 404, body: { message: texts.passkeys.api.notFound } });
    expect(await passkeysOf(who)).toHaveLength(1);

    expect(await answer(await who.call('DELETE', `/api/account/passkeys/${id}`))).toEqual({ status: 200, body: { message: texts.passkeys.removed('My phone') } });
    expect(await passkeysOf(who)).toEqual([]);
    expect((await latestMailTo(stack.outboxDir, email, 5000, 'passkey-removed')).text).toContain('"My phone"');
    expect((await passkeySignIn(phone)).result.body).toEqual({ status: 'INVALID_CREDENTIALS_ERROR' });

    expect((await answer(await who.call('DELETE', `/api/account/passkeys/${id}`))).status).toBe(404);
    expect(outboxMessages(stack.outboxDir).filter((m) => m.to === email && m.kind === 'passkey-removed')).toHaveLength(1);
  });

  it('goes with the account: a deleted account’s passkey no longer signs in', async () => {
    const { who } = await newMember(stack, 'leaving', PASSWORD);
    const phone = new SoftwareAuthenticator(stack.web);
    await addPasskey(who, phone, 'My phone');
    expect((await who.call('DELETE', '/api/account', { confirmation: texts.account.deleteConfirmation, password: PASSWORD })).status).toBe(202);
    expect((await passkeySignIn(phone)).result.body).toEqual({ status: 'INVALID_CREDENTIALS_ERROR' });
  });

  it('refuses a caller without a session', async () => {
    expect((await fetch(`${stack.api}/api/account/passkeys`, { headers: { origin: stack.web } })).status).toBe(401);
  });
});

describe('a passkey as the second step', () => {
  it('once two-step verification is on, completes a password sign-in’s second step with the account’s own passkey', async () => {
    const { who, email } = await newMember(stack, 'second', PASSWORD);
    const phone = new SoftwareAuthenticator(stack.web);
    await addPasskey(who, phone, 'My phone');
    // A passkey alone does not turn the second step on: the password is still the whole sign-in.
    expect((await (await passwordSignIn(email)).get('/api/user-profile')).status).toBe(200);

    await turnOnTwoStep(who, WITH_PASSWORD);
    const next = await passwordSignIn(email);
    expect(await next.get('/api/user-profile')).toEqual({ status: 403, body: MFA_REFUSAL });
    expect(await nextFactors(next)).toEqual(['recovery-code', 'totp', 'webauthn']);

    expect(await passkeyOnSession(next, phone)).toMatchObject({ status: 200, body: { status: 'OK' } });
    expect(mfaClaimOf(next)).toMatchObject({ v: true, c: { emailpassword: expect.any(Number), webauthn: expect.any(Number) } });
    for (const path of ['/api/user-profile', '/api/account', '/api/usage']) expect((await next.get(path)).status).toBe(200);
    expect(await profileOf(next)).toMatchObject({ email, signInMethods: ['password', 'passkey'] });
  });

  it('cannot be skipped by adding a passkey: a sign-in that owes its step adds none, and adds one once the step is done', async () => {
    const { who, email } = await newMember(stack, 'owing', PASSWORD);
    const ownKey = new SoftwareAuthenticator(stack.web);
    await addPasskey(who, ownKey, 'Own key');
    const { secret, firstAt } = await turnOnTwoStep(who, WITH_PASSWORD);

    // Someone with the password alone: the session owes its second step, and asks to add their own passkey.
    const thief = await passwordSignIn(email);
    const thiefKey = new SoftwareAuthenticator(stack.web);
    expect(await registerOptions(thief)).toEqual({ status: 403, body: MFA_REFUSAL });
    // A credential for options another session of the account was given is refused too, before it is looked at.
    const ownerOptions = await registerOptions(who);
    expect(ownerOptions.body.status).toBe('OK');
    const forged = thiefKey.create(ownerOptions.body as unknown as RegisterOptions);
    const added = await answer(
      await thief.call('POST', '/api/auth/webauthn/signup', { webauthnGeneratedOptionsId: ownerOptions.body.webauthnGeneratedOptionsId, credential: forged, shouldTryLinkingWithSessionUser: true, passkeyName: 'Thief' }, RID),
    );
    expect(added).toEqual({ status: 403, body: MFA_REFUSAL });
    expect((await passkeysOf(who)).map((p) => p.name)).toEqual(['Own key']);
    // So the thief's key neither completes the step nor signs in.
    expect((await passkeyOnSession(thief, thiefKey)).body.status).not.toBe('OK');
    expect(await thief.get('/api/user-profile')).toEqual({ status: 403, body: MFA_REFUSAL });
    expect((await passkeySignIn(thiefKey)).result.body.status).not.toBe('OK');

    // The owner, once past the second step with the app, adds one as before.
    const owner = await passwordSignIn(email);
    expect(await totp(owner, '/verify', { totp: freshCodeAfter(secret, firstAt) })).toEqual({ status: 200, body: { status: 'OK' } });
    expect((await addPasskey(owner, new SoftwareAuthenticator(stack.web), 'Second key')).body.status).toBe('OK');
    expect((await passkeysOf(who)).map((p) => p.name).sort()).toEqual(['Own key', 'Second key']);
  });

  it('is not completed by another account’s passkey, nor joined to it; the account’s own passkey or a recovery code still completes it', async () => {
    const { who: ada } = await newMember(stack, 'ada2', PASSWORD);
    const adaKey = new SoftwareAuthenticator(stack.web);
    await addPasskey(ada, adaKey, 'Ada’s key');
    const { who: bob, email: bobEmail } = await newMember(stack, 'bob2', PASSWORD);
    const bobKey = new SoftwareAuthenticator(stack.web);
    await addPasskey(bob, bobKey, 'Bob’s key');
    const { recoveryCodes } = await turnOnTwoStep(bob, WITH_PASSWORD);

    const bobAgain = await passwordSignIn(bobEmail);
    // The recipe's own answer for a passkey that does not sign in to this account; never the SDK's internal sentence.
    expect(await passkeyOnSession(bobAgain, adaKey)).toEqual({ status: 200, body: { status: 'INVALID_CREDENTIALS_ERROR' } });
    expect(mfaClaimOf(bobAgain)).toMatchObject({ v: false });
    expect(mfaClaimOf(bobAgain).c.webauthn).toBeUndefined();
    expect(await bobAgain.get('/api/user-profile')).toEqual({ status: 403, body: MFA_REFUSAL });
    expect(await passkeysOf(bob)).toEqual([expect.objectContaining({ id: bobKey.credentialIds[0], name: 'Bob’s key' })]);

    expect((await passkeyOnSession(bobAgain, bobKey)).body.status).toBe('OK');
    expect((await bobAgain.get('/api/user-profile')).status).toBe(200);

    const withCode = await passwordSignIn(bobEmail);
    expect(await withCode.post('/api/auth/mfa/recovery-code', { code: recoveryCodes[0] })).toEqual({ status: 200, body: { status: 'OK', codesLeft: 9 } });
    expect((await withCode.get('/api/user-profile')).status).toBe(200);
  });

  it('a passkey sign-in owes no second step: the passkey is something held and unlocked by its owner', async () => {
    const { who, userId } = await newMember(stack, 'first', PASSWORD);
    const phone = new SoftwareAuthenticator(stack.web);
    await addPasskey(who, phone, 'My phone');
    await turnOnTwoStep(who, WITH_PASSWORD);

    // Only when its device checked its owner: the options ask for it, and an answer without it is refused.
    const unverified = await passkeySignIn(phone, { unverified: true });
    expect(unverified.options.userVerification).toBe('required');
    expect(unverified.result.body).toEqual({ status: 'INVALID_CREDENTIALS_ERROR' });
    expect(unverified.who.jar.get('sAccessToken')).toBeUndefined();

    const { who: browser, result } = await passkeySignIn(phone);
    expect(result).toMatchObject({ status: 200, body: { status: 'OK', user: { id: userId } } });
    expect(mfaClaimOf(browser)).toMatchObject({ v: true, c: { webauthn: expect.any(Number) } });
    expect((await browser.get('/api/user-profile')).status).toBe(200);
    expect((await browser.get('/api/account')).status).toBe(200);
  });
});
