/**
 * An email change is a job that finishes (functions/auth/email-change-job.ts): stopped after any of
 * its steps (the link used and the Lambda killed there), the account ends consistent (sign-in only
 * with the new address, the profile, the record and the Stripe customer on it, the mark gone, one
 * notice to the old address) after its next sign-in, the sweeper, or the same change asked again.
 * A passkey login follows the address too, and the old address is free for someone else.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailChangeSteps, runEmailChange, emailChangeCore, type EmailChangeDeps } from '../../functions/auth';
import { STALLED_AFTER_MS } from '../../functions/account/stalled-jobs';
import { sweepEmailChanges } from '../../functions/account/sweeper';
import { stripeClient } from '../../functions/billing/stripe-client';
import { sendMail } from '../../functions/lib/mail';
import { getAccount } from '../../functions/user-record/account';
import { emailChangeMarkOf, type EmailChangeMark } from '../../functions/user-record/email-change';
import { LOCAL_AUTH_CORE_API_KEY } from '../../infra/local/auth-core/server';
import { PRICE_IDS } from '../../shared/plans';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { outboxMessages, verificationTokenFor } from '../support/outbox';
import { newMember } from '../support/sessions';
import { SoftwareAuthenticator, type RegisterOptions } from '../support/software-authenticator';
import { standInSdk } from '../support/stripe-pages';

const stack = useTestStack();
const PASSWORD = 'engine42';

const jobDeps = (now = Date.now()): EmailChangeDeps => ({ db: stack.db, core: emailChangeCore, stripe: () => stripeClient(), send: sendMail, now: () => now });
const change = async (who: AuthApi, body: unknown) => {
  const res = await who.call('PATCH', '/api/account', body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const noticesTo = (email: string) => outboxMessages(stack.outboxDir).filter((m) => m.to === email && m.kind === 'email-changed-notice');

/** The link used as the core sees it, and nothing after: the verification Lambda killed once the core spent the token. */
async function spendLinkOnly(email: string): Promise<void> {
  const token = await verificationTokenFor(stack.outboxDir, email);
  const res = await fetch(`http://localhost:${stack.ports.auth}/public/recipe/user/email/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-key': LOCAL_AUTH_CORE_API_KEY, rid: 'emailverification' },
    body: JSON.stringify({ method: 'token', token }),
  });
  expect(((await res.json()) as { status: string }).status).toBe('OK');
}

/** A member with a Stripe customer who asked to move to a new address: the link is in the outbox, the mark on the record. */
async function asked(name: string) {
  const { who, email: old, userId } = await newMember(stack, name, PASSWORD);
  expect((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).status).toBe(200);
  const next = `${name}-to-${randomUUID().slice(0, 8)}@example.com`;
  expect((await change(who, { email: next, password: PASSWORD })).status).toBe(200);
  const mark = emailChangeMarkOf((await getAccount(stack.db, userId))!);
  expect(mark).toMatchObject({ emailChangeTo: next, emailChangeFrom: old });
  return { who, old, next, userId, mark: mark! };
}

/** Stopped after `stoppedAfter`: the link spent, then the steps up to it (none: killed right after the core spent the token). */
async function stopAfter(m: { next: string; mark: EmailChangeMark }, stoppedAfter: string) {
  await spendLinkOnly(m.next);
  const upTo = emailChangeSteps.findIndex((s) => s.name === stoppedAfter);
  for (const step of emailChangeSteps.slice(0, upTo + 1)) await step.run(jobDeps(), m.mark);
}

async function expectFinished(m: { old: string; next: string; userId: string }) {
  expect((await new AuthApi(stack.api, stack.web).signIn(m.old, PASSWORD)).status).toBe('WRONG_CREDENTIALS_ERROR');
  const fresh = new AuthApi(stack.api, stack.web);
  expect((await fresh.signIn(m.next, PASSWORD)).status).toBe('OK');
  expect((await fresh.get('/api/account')).body.email).toBe(m.next);
  expect((await fresh.get('/api/user-profile')).body.email).toBe(m.next);
  const record = await getAccount(stack.db, m.userId);
  expect(record).toMatchObject({ email: m.next, emailVerifiedAt: expect.any(String) });
  expect(record && emailChangeMarkOf(record)).toBeUndefined();
  expect(((await standInSdk(stack.stripe).customers.retrieve(record!.stripeCustomerId!)) as { email: string }).email).toBe(m.next);
  expect(noticesTo(m.old)).toHaveLength(1);
}

describe('an email change stopped part way', () => {
  // 'proof' is the link used: stopped there, nothing of the account has moved yet.
  for (const stoppedAfter of emailChangeSteps.slice(0, -1).map((s) => s.name)) {
    it(`is finished by the next sign-in when it stopped after its ${stoppedAfter} step`, async () => {
      const m = await asked(`signin-${stoppedAfter.replace(' ', '-')}`);
      await stopAfter(m, stoppedAfter);
      // The address the core signs in with now: the new one once the login step ran, else the old one.
      const signInWith = emailChangeSteps.findIndex((s) => s.name === stoppedAfter) >= emailChangeSteps.findIndex((s) => s.name === 'login') ? m.next : m.old;
      expect((await new AuthApi(stack.api, stack.web).signIn(signInWith, PASSWORD)).status).toBe('OK');
      await expectFinished(m);
    });
  }

  it('is finished by the sweeper once stalled, and not before', async () => {
    const m = await asked('swept');
    await stopAfter(m, 'login');
    expect((await sweepEmailChanges(jobDeps(Date.now() + 1_000))).finished).not.toContain(m.userId);
    expect((await sweepEmailChanges(jobDeps(Date.now() + STALLED_AFTER_MS + 1_000))).finished).toContain(m.userId);
    await expectFinished(m);
  });

  it('is finished, not refused, when the same change is asked again (it answered "That is already your email address")', async () => {
    const m = await asked('repeated');
    await stopAfter(m, 'login');
    // The session from before the change: its owner asks again from the page that is still open.
    expect(await change(m.who, { email: m.next, password: PASSWORD })).toEqual({ status: 200, body: { message: texts.account.emailChanged(m.next) } });
    await expectFinished(m);
    // Done: asked once more, it is the account's address.
    expect((await change(m.who, { email: m.next, password: PASSWORD })).status).toBe(400);
  });

  it('is finished by the same change asked again when the link was spent before anything moved', async () => {
    const m = await asked('spent');
    await spendLinkOnly(m.next);
    // The login is still on the old address; the core knows the new one proven, so no new link is needed.
    expect((await change(m.who, { email: m.next, password: PASSWORD })).status).toBe(200);
    await expectFinished(m);
  });

  it('waits for its link: a sign-in or a sweep before it is used moves nothing, and a link unused past its life drops the mark', async () => {
    const m = await asked('waiting');
    expect((await new AuthApi(stack.api, stack.web).signIn(m.old, PASSWORD)).status).toBe('OK');
    expect((await sweepEmailChanges(jobDeps(Date.now() + STALLED_AFTER_MS + 1_000))).finished).not.toContain(m.userId);
    expect((await new AuthApi(stack.api, stack.web).signIn(m.next, PASSWORD)).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect(await runEmailChange(jobDeps(Date.now() + 25 * 3600_000), m.mark)).toBe(false);
    expect(emailChangeMarkOf((await getAccount(stack.db, m.userId))!)).toBeUndefined();
    expect((await getAccount(stack.db, m.userId))!.email).toBe(m.old);
  });
});

describe('an account with a passkey', () => {
  it('moves its passkey login to the new address too, proven, and frees the old one for someone else', async () => {
    const { who, email: old, userId } = await newMember(stack, 'passkey-mover', PASSWORD);
    const authenticator = new SoftwareAuthenticator(stack.web);
    const options = (await (await who.call('POST', '/api/auth/webauthn/options/register', { email: old, password: PASSWORD }, { rid: 'webauthn' })).json()) as RegisterOptions & { webauthnGeneratedOptionsId: string; status: string };
    expect(options.status).toBe('OK');
    const signup = await who.call('POST', '/api/auth/webauthn/signup', { webauthnGeneratedOptionsId: options.webauthnGeneratedOptionsId, credential: authenticator.create(options), shouldTryLinkingWithSessionUser: true, passkeyName: 'Laptop', password: PASSWORD }, { rid: 'webauthn' });
    expect(((await signup.json()) as { status: string }).status).toBe('OK');
    expect((await emailChangeCore.logins(userId))?.passkey).toMatchObject({ email: old, verified: true });

    const next = `passkey-moved-${randomUUID().slice(0, 8)}@example.com`;
    expect((await change(who, { email: next, password: PASSWORD })).status).toBe(200);
    const res = await new AuthApi(stack.api, stack.web).call('POST', '/api/auth/user/email/verify', { method: 'token', token: await verificationTokenFor(stack.outboxDir, next) }, { rid: 'emailverification' });
    expect(((await res.json()) as { status: string }).status).toBe('OK');

    const logins = await emailChangeCore.logins(userId);
    expect(logins).toMatchObject({ password: { email: next }, passkey: { email: next, verified: true } });
    // The old address belongs to no login of the account: a stranger may sign up with it.
    expect((await new AuthApi(stack.api, stack.web).signUp(old, 'someone-else-9')).status).toBe('OK');
  });
});
