/**
 * DELETE /api/account through the local stack: with a Pro trial running, the subscription
 * is canceled at Stripe (the stand-in), no item of the user remains in any table (each local table
 * scanned), the core no longer has the user, the old access token brings nothing back, a late Stripe
 * event changes nothing, and the email can sign up again as a new Free account.
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '../../functions/account/delete-account';
import { accountCore } from '../../functions/account/core';
import { deletionSteps } from '../../functions/account/deletion-job';
import type { AccountDeps } from '../../functions/account/deps';
import { STALLED_AFTER_MS } from '../../functions/account/stalled-jobs';
import { sweepDeletions } from '../../functions/account/sweeper';
import { handler as sweeperLambda } from '../../functions/account/sweeper-handler';
import { getAccount } from '../../functions/user-record/account';
import { markDeleting } from '../../functions/user-record/deletion';
import { stripeClient } from '../../functions/billing/stripe-client';
import { RESET_MAIL_PAIR_RULE, RESET_MAIL_RULE, resetMailPair } from '../../functions/auth/auth-limits';
import { KNOWN_ADDRESSES } from '../../functions/lib/known-addresses';
import { addressChecksKey, emailTag, pairAttribute } from '../../functions/lib/password-checks';
import { SIGN_IN_EMAIL_RULE } from '../../functions/auth/sign-in-guard';
import { rateLimitKey } from '../../functions/lib/rate-limit';
import { LOCAL_PRICES, LOCAL_STRIPE_SECRET } from '../../infra/local/stripe/catalog';
import type { UserProfile } from '../../shared/api-types';
import { PRICE_IDS, PRO_TRIAL_DAYS } from '../../shared/plans';
import { localTableName, tables, type TableKey } from '../../shared/tables';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { postGoogleSignInUp, signInWithGoogle } from '../support/google-sign-in';
import { useTestStack } from '../support/local-stack';
import { desktopCode, desktopConsent, desktopSession, newMember, refreshWithCookie, refreshWithHeader, setCookies } from '../support/sessions';
import { pkcePair } from '../../infra/scripts/desktop-client';
import { SoftwareAuthenticator, type RegisterOptions, type SignInOptions } from '../support/software-authenticator';
import { verifyThroughOutbox } from '../support/verification';
import { turnOnTwoStep } from '../support/two-step';
import { payCheckout, standInSdk } from '../support/stripe-pages';

// DynamoDB behind the local fault gate, which notes every operation: a deletion's Scans are counted.
const stack = useTestStack({ dynamoGate: { dynamoPort: 0 } });
let stripe: Stripe;

beforeAll(() => {
  stripe = standInSdk(stack.stripe);
});

const PASSWORD = 'engine42';
const CONFIRMATION = 'delete my account';

const member = (name = 'leaving') => newMember(stack, name, PASSWORD);

async function remove(who: AuthApi, body: unknown) {
  const res = await who.call('DELETE', '/api/account', body);
  const text = await res.text();
  return { res, status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A vocabulary and preferences on the account (a Pro trial writes them), found in their table. */
async function keepVocabulary(who: AuthApi) {
  expect((await who.call('PUT', '/api/vocabulary', { entries: [{ phrase: 'Zebediah', soundsLike: ['zeb a dye a'] }] }, { 'if-match': '"0"' })).status).toBe(200);
  expect((await who.call('PUT', '/api/preferences', { language: 'en-GB', style: 'polished', exportFormat: 'pdf' }, { 'if-match': '"0"' })).status).toBe(200);
  const userId = ((await who.get('/api/user-profile')).body as unknown as UserProfile).userId;
  expect((await scan('vocabulary')).filter((i) => i.userId === userId).map((i) => String(i.item).split('#')[0]).sort()).toEqual(['list', 'page', 'preferences']);
}

/** Every item of a local table, read straight from DynamoDB. */
async function scan(key: TableKey): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await stack.db.send(new ScanCommand({ TableName: localTableName(key), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

describe('DELETE /api/account', () => {
  it('deletes an account with a Pro trial running: canceled at Stripe, nothing left in any table or the core, the old token worthless, the email free to sign up again', async () => {
    const { who, email, userId } = await member();
    // Data in every table the account touches.
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    const before = await getAccount(stack.db, userId);
    expect(before?.subscription?.status).toBe('trialing');
    const subscriptionId = before!.subscription!.subscriptionId;
    expect((await who.call('POST', '/api/usage', { words: 42, seconds: 20 }, { 'idempotency-key': randomUUID() })).status).toBe(200);
    // The month, and the report's key record beside it (functions/usage/report.ts): deleted below.
    expect((await scan('usage')).filter((i) => i.userId === userId).map((i) => String(i.month).split('#')[0]).sort()).toEqual([new Date().toISOString().slice(0, 7), 'idempotency']);
    expect((await new AuthApi(stack.api, stack.web).post('/api/contact', { name: 'Leaving', email, message: 'Bye' })).status).toBe(201);
    await keepVocabulary(who);
    await desktopCode(who); // an unredeemed handoff code
    expect((await who.signIn(email, PASSWORD)).status).toBe('OK'); // remembered as an address the email signs in from
    const wrongSignIn = await who.call('POST', '/api/auth/signin', { formFields: [{ id: 'email', value: email }, { id: 'password', value: 'wrong-guess-1' }] }, { rid: 'emailpassword' });
    expect(((await wrongSignIn.json()) as { status: string }).status).toBe('WRONG_CREDENTIALS_ERROR');
    await who.requestPasswordReset(email);
    // The addresses it signed in from, and its reset mail asked for from this one, are the email's too.
    const emailKeys = [rateLimitKey(SIGN_IN_EMAIL_RULE, email), rateLimitKey(RESET_MAIL_RULE, email), rateLimitKey(RESET_MAIL_PAIR_RULE, resetMailPair(email, who.address)), rateLimitKey(KNOWN_ADDRESSES, email)];
    expect((await scan('rateLimits')).map((i) => i.key)).toEqual(expect.arrayContaining(emailKeys));
    // The pair's failures are kept on the address's item (functions/lib/password-checks.ts).
    const addressItem = async () => (await scan('rateLimits')).find((i) => i.key === addressChecksKey(who.address)) ?? {};
    const pairFailures = async () => (await addressItem())[pairAttribute(email)];
    // Its checks in flight too: members of the item's slot sets, tagged with the email's hash.
    const checksOfEmail = async () => Object.values(await addressItem()).flatMap((v) => (v instanceof Set ? [...(v as Set<string>)] : [])).filter((m) => m.startsWith(`${emailTag(email)}.`));
    expect(await pairFailures()).toBe(1);
    expect((await scan('handoffCodes')).some((i) => i.userId === userId)).toBe(true);
    const oldAccessToken = who.jar.get('sAccessToken')!;

    // Refusals first: the confirmation, then the password.
    expect((await remove(who, { password: PASSWORD })).status).toBe(400);
    expect(await remove(who, { confirmation: 'delete', password: PASSWORD })).toMatchObject({ status: 400, body: { fields: { confirmation: texts.account.confirmationMismatch } } });
    expect(await remove(who, { confirmation: CONFIRMATION })).toMatchObject({ status: 400, body: { fields: { password: texts.stepUp.passwordRequired } } });
    expect(await remove(who, { confirmation: CONFIRMATION, password: 'not-it-1' })).toMatchObject({ status: 400, body: { message: texts.account.wrongPassword } });
    expect(await getAccount(stack.db, userId)).toBeDefined();

    const deleted = await remove(who, { confirmation: CONFIRMATION, password: PASSWORD });
    // 202: a job that finishes even had this request stopped; this one saw it through.
    expect(deleted.status).toBe(202);
    expect(deleted.body).toEqual({ message: texts.account.deleted });
    expect(deleted.res.headers.get('front-token')).toBe('remove');
    expect(Object.keys(setCookies(deleted.res)).sort()).toEqual(['sAccessToken', 'sRefreshToken']);
    expect(who.hasSession()).toBe(false);

    // Stripe: canceled at once, so nothing more is charged.
    const canceled = await stripe.subscriptions.retrieve(subscriptionId);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });

    // No item of the user in any table.
    const mentions = (item: Record<string, unknown>) => JSON.stringify(item).includes(userId) || JSON.stringify(item).toLowerCase().includes(email);
    for (const key of ['users', 'usage', 'handoffCodes', 'contactMessages', 'vocabulary', 'authCore'] as const) {
      expect((await scan(key)).filter(mentions), key).toEqual([]);
    }
    for (const key of emailKeys) expect((await scan('rateLimits')).some((i) => i.key === key), key).toBe(false);
    expect(await pairFailures()).toBeUndefined();
    expect(await checksOfEmail()).toEqual([]);
    expect(Object.keys(tables)).toEqual(['releases', 'users', 'usage', 'processedEvents', 'handoffCodes', 'rateLimits', 'contactMessages', 'vocabulary', 'authCore', 'stripeStandIn']);

    // The core has no such user: its sign-in fails, and the old access token brings nothing back.
    expect((await new AuthApi(stack.api, stack.web).signIn(email, PASSWORD)).status).toBe('WRONG_CREDENTIALS_ERROR');
    const withOldToken = (method: string, path: string, body?: unknown) =>
      fetch(`${stack.api}${path}`, { method, headers: { rid: 'anti-csrf', cookie: `sAccessToken=${oldAccessToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect((await withOldToken('POST', '/api/ensure-user-exists')).status).toBe(401);
    expect((await withOldToken('POST', '/api/usage', { words: 5, seconds: 5 })).status).toBe(401);
    expect((await withOldToken('GET', '/api/account/export')).status).toBe(401);
    expect(await getAccount(stack.db, userId)).toBeUndefined();
    expect((await scan('usage')).filter(mentions)).toEqual([]);

    // Stripe's cancellation event, delivered again later: acknowledged, and no account comes back.
    const event = (await stripe.events.list({ limit: 50, type: 'customer.subscription.deleted' })).data.find((e) => (e.data.object as Stripe.Subscription).id === subscriptionId)!;
    expect(event).toBeDefined();
    const payload = JSON.stringify({ ...event, id: `evt_late_${randomUUID()}` });
    const late = await fetch(`${stack.api}/api/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_STRIPE_SECRET.webhookSecret }) },
      body: payload,
    });
    expect(late.status).toBe(200);
    expect((await scan('users')).filter(mentions)).toEqual([]);

    // The email signs up again: a new Free account, which may start a trial of its own.
    const again = new AuthApi(stack.api, stack.web);
    const signedUp = await again.signUp(email, 'fresh-start-9');
    expect(signedUp.status).toBe('OK');
    expect((signedUp.user as { id: string }).id).not.toBe(userId);
    await verifyThroughOutbox(again, stack.outboxDir, email);
    expect((await again.post('/api/ensure-user-exists')).status).toBe(200);
    expect((await again.get('/api/user-profile')).body as unknown as UserProfile).toMatchObject({ email, plan: 'free', subscription: { status: 'none' }, metrics: { wordsTranscribed: 0 } });
    const { page } = await payCheckout((await again.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    expect(page).toContain(`${PRO_TRIAL_DAYS}-day free trial`);
  });

  it('deletes a Google account signed in within the last 10 minutes, without a password', async () => {
    const email = `gone-${randomUUID().slice(0, 8)}@example.com`;
    const { who, userId } = await signInWithGoogle(stack, email, 'Gone Soon');
    expect(await remove(who, { confirmation: CONFIRMATION })).toMatchObject({ status: 202, body: { message: texts.account.deleted } });
    for (const key of ['users', 'authCore'] as const) expect((await scan(key)).filter((i) => JSON.stringify(i).includes(userId)), key).toEqual([]);
    // Google signs the same person up again, as a new account.
    const back = await signInWithGoogle(stack, email, 'Back Again');
    expect(back.userId).not.toBe(userId);
  });

  it('makes no Scan: an account with two-step verification, a desktop code and a reset link is erased by key and by Query', async () => {
    const { who, email, userId } = await member('two-step');
    await turnOnTwoStep(who, { password: PASSWORD });
    await desktopCode(who);
    await who.requestPasswordReset(email);
    const ours = async () => (await scan('handoffCodes')).filter((i) => i.userId === userId).map((i) => String(i.codeHash).split('#')[0]).sort();
    expect(await ours()).toEqual(expect.arrayContaining(['recovery', 'reset']));
    const before = stack.dynamoGate!.seen().length;
    expect((await remove(who, { confirmation: CONFIRMATION, password: PASSWORD })).status).toBe(202);
    const during = stack.dynamoGate!.seen().slice(before);
    expect(during.filter((op) => op.operation === 'Query').length).toBeGreaterThan(0);
    expect(during.filter((op) => op.operation === 'Scan')).toEqual([]);
    expect(await ours()).toEqual([]);
  });

  it('refuses a caller without a session', async () => {
    expect((await remove(new AuthApi(stack.api, stack.web), { confirmation: CONFIRMATION, password: PASSWORD })).status).toBe(401);
  });
});

describe('a deletion that stops part way', () => {
  const deps = async (now = Date.now()): Promise<AccountDeps> => ({ db: stack.db, core: await accountCore(), stripe: () => stripeClient(), now: () => now });

  /** A member with a Pro trial, a usage report and a contact message: something in every place a deletion clears. */
  async function fullMember(name: string) {
    const { who, email, userId } = await member(name);
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    expect((await who.call('POST', '/api/usage', { words: 5, seconds: 2 }, { 'idempotency-key': randomUUID() })).status).toBe(200);
    expect((await new AuthApi(stack.api, stack.web).post('/api/contact', { name: 'Leaving', email, message: 'Bye' })).status).toBe(201);
    await keepVocabulary(who);
    const subscriptionId = (await getAccount(stack.db, userId))!.subscription!.subscriptionId;
    return { who, email, userId, subscriptionId };
  }

  async function expectGone(m: { email: string; userId: string; subscriptionId: string }) {
    const mentions = (item: Record<string, unknown>) => JSON.stringify(item).includes(m.userId) || JSON.stringify(item).toLowerCase().includes(m.email);
    for (const key of ['users', 'usage', 'handoffCodes', 'contactMessages', 'vocabulary', 'authCore'] as const) expect((await scan(key)).filter(mentions), key).toEqual([]);
    expect((await new AuthApi(stack.api, stack.web).signIn(m.email, PASSWORD)).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await stripe.subscriptions.retrieve(m.subscriptionId)).status).toBe('canceled');
  }

  for (const stoppedAfter of deletionSteps.slice(0, -1).map((s) => s.name)) {
    it(`is finished by the sweeper when it stopped after its ${stoppedAfter} step: core user gone, sign-in refused, nothing left, subscription canceled`, async () => {
      const m = await fullMember(`stopped-${stoppedAfter.replace(' ', '-')}`);
      const started = await deps();
      const { mark } = await markDeleting(stack.db, m.userId, { emails: [m.email], address: m.who.address }, started.now());
      for (const step of deletionSteps.slice(0, deletionSteps.findIndex((s) => s.name === stoppedAfter) + 1)) await step.run(started, mark);

      // Marked, every session ended: nothing new starts for the account meanwhile.
      expect((await m.who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).status).toBe(401);
      expect((await m.who.call('POST', '/api/usage', { words: 5, seconds: 2 }, { 'idempotency-key': randomUUID() })).status).toBe(401);

      // A sweep before the deletion is stalled leaves it to the request that may still be running it.
      expect((await sweepDeletions(await deps(started.now() + 1_000))).finished).not.toContain(m.userId);
      expect((await sweepDeletions(await deps(started.now() + STALLED_AFTER_MS + 1_000))).finished).toContain(m.userId);
      await expectGone(m);
    });
  }

  it("is found and finished by the sweeper's own Lambda, as its schedule runs it", async () => {
    const m = await fullMember('swept-by-lambda');
    // Marked (its sessions ended) more than STALLED_AFTER_MS ago, and nothing after: the request that started it is long gone.
    const started = await deps(Date.now() - STALLED_AFTER_MS - 1_000);
    const { mark } = await markDeleting(stack.db, m.userId, { emails: [m.email], address: m.who.address }, started.now());
    await deletionSteps[0]!.run(started, mark);
    const swept = await sweeperLambda();
    expect(swept.finished).toBeGreaterThanOrEqual(1);
    await expectGone(m);
  });

  it('answers 202 saying what happens next when a step fails, and the sweeper finishes it', async () => {
    const m = await fullMember('stripe-down');
    const failing = await deps();
    failing.stripe = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:12111'), { code: 'ECONNREFUSED' });
    };
    const outcome = await deleteAccount(failing, { userId: m.userId, sessionHandle: 'unused', address: m.who.address }, { confirmation: CONFIRMATION, password: PASSWORD });
    // Billing's step failed: the answer says billing will be stopped, not that it is.
    expect(outcome).toEqual({ status: 'ACCEPTED', finished: false, billingEnded: false });
    expect(texts.account.deletionUnderway(false)).toContain('billing will be stopped');
    expect((await stripe.subscriptions.retrieve(m.subscriptionId)).status).not.toBe('canceled');
    expect(await getAccount(stack.db, m.userId)).toMatchObject({ deletingSince: expect.any(Number) });
    expect((await sweepDeletions(await deps(Date.now() + STALLED_AFTER_MS + 1_000))).finished).toContain(m.userId);
    await expectGone(m);
  });

  it('says billing is stopped when a step after billing failed', async () => {
    const m = await fullMember('core-down');
    const failing = await deps();
    failing.core = { ...failing.core, deleteUser: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3567'), { code: 'ECONNREFUSED' })) };
    const outcome = await deleteAccount(failing, { userId: m.userId, sessionHandle: 'unused', address: m.who.address }, { confirmation: CONFIRMATION, password: PASSWORD });
    expect(outcome).toEqual({ status: 'ACCEPTED', finished: false, billingEnded: true });
    expect(texts.account.deletionUnderway(true)).toContain('billing is stopped');
    expect((await stripe.subscriptions.retrieve(m.subscriptionId)).status).toBe('canceled');
    expect((await sweepDeletions(await deps(Date.now() + STALLED_AFTER_MS + 1_000))).finished).toContain(m.userId);
    await expectGone(m);
  });

  it('leaves no live subscription when a checkout opened before the deletion is paid after it', async () => {
    const { who, email, userId } = await member('raced');
    expect((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).status).toBe(200);
    const customer = (await getAccount(stack.db, userId))!.stripeCustomerId!;
    // A checkout the deletion cannot know of (opened in another tab whose record lost the race): Stripe has it, the account does not.
    const price = LOCAL_PRICES['pro-monthly'].id;
    const other = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price, quantity: 1 }],
      success_url: `${stack.web}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${stack.web}/pricing`,
      metadata: { userId },
      subscription_data: { metadata: { userId } },
    });
    expect((await remove(who, { confirmation: CONFIRMATION, password: PASSWORD })).status).toBe(202);
    // Nothing new starts for the account: its session ended with the deletion.
    expect((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).status).toBe(401);

    await payCheckout(other.url!, email);
    // The webhook found no account for the customer and canceled what the payment started, at once.
    const subs = await stripe.subscriptions.list({ customer, status: 'all', limit: 100 });
    expect(subs.data.length).toBeGreaterThan(0);
    expect(subs.data.filter((s) => !['canceled', 'incomplete_expired'].includes(s.status))).toEqual([]);
    expect(await getAccount(stack.db, userId)).toBeUndefined();
  });

  it('refuses everything from the mark on while the job is held after it (sessions not yet ended): sign-in by password, passkey and Google, refresh, the desktop hand-off and exchange, usage, reads and writes; the sweeper finishes it', async () => {
    const { who, email, userId } = await member('held');
    // A passkey on the account, added before the mark (as /account adds one, with the password).
    const authenticator = new SoftwareAuthenticator(stack.web);
    const webauthn = { rid: 'webauthn' };
    const register = (await (await who.call('POST', '/api/auth/webauthn/options/register', { email, password: PASSWORD }, webauthn)).json()) as RegisterOptions & { webauthnGeneratedOptionsId: string };
    const added = await who.call('POST', '/api/auth/webauthn/signup', { webauthnGeneratedOptionsId: register.webauthnGeneratedOptionsId, credential: authenticator.create(register), shouldTryLinkingWithSessionUser: true, passkeyName: 'Held key', password: PASSWORD }, webauthn);
    expect(((await added.json()) as { status: string }).status).toBe('OK');
    const desktop = await desktopSession(stack.api, who);
    const pending = await desktopCode(who);
    const google = await signInWithGoogle(stack, `held-google-${randomUUID().slice(0, 8)}@example.com`, 'Held Google');
    const googleEmail = google.result.user.emails[0]!;
    // The job held after its mark: the mark is written, nothing after it ran (every session still stands).
    const started = Date.now();
    await markDeleting(stack.db, userId, { emails: [email], address: who.address }, started);
    await markDeleting(stack.db, google.userId, { emails: [googleEmail], address: google.who.address }, started);

    // Sign-in, every recipe: as for the deleted account's credentials, or told why (Google).
    expect((await new AuthApi(stack.api, stack.web).signIn(email, PASSWORD)).status).toBe('WRONG_CREDENTIALS_ERROR');
    const byPasskey = new AuthApi(stack.api, stack.web);
    const options = (await (await byPasskey.call('POST', '/api/auth/webauthn/options/signin', {}, webauthn)).json()) as SignInOptions & { webauthnGeneratedOptionsId: string };
    const passkeyAnswer = await byPasskey.call('POST', '/api/auth/webauthn/signin', { webauthnGeneratedOptionsId: options.webauthnGeneratedOptionsId, credential: authenticator.get(options, 'localhost'), shouldTryLinkingWithSessionUser: false }, webauthn);
    expect(await passkeyAnswer.json()).toEqual({ status: 'INVALID_CREDENTIALS_ERROR' });
    expect(byPasskey.hasSession()).toBe(false);
    const again = await postGoogleSignInUp(stack, googleEmail, 'Held Google');
    expect(again.res.status).toBe(409);
    expect(await again.res.json()).toEqual({ message: texts.billing.accountDeleting });
    expect(again.who.hasSession()).toBe(false);
    // Reads and writes of the product, from the browser and from the desktop app, answer as for a deleted account's session.
    const bearer = { authorization: `Bearer ${desktop.accessToken}` };
    for (const res of [
      await who.call('GET', '/api/user-profile'),
      await who.call('GET', '/api/account'),
      await who.call('GET', '/api/usage'),
      await who.call('PATCH', '/api/account', { name: 'Still here' }),
      await who.call('POST', '/api/create-checkout-session', { priceId: PRICE_IDS.monthly }),
      await google.who.call('GET', '/api/account/export'),
      await fetch(`${stack.api}/api/usage`, { headers: bearer }),
      await fetch(`${stack.api}/api/usage`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify({ words: 5, seconds: 2 }) }),
    ]) {
      expect({ url: res.url, status: res.status }).toEqual({ url: res.url, status: 401 });
    }
    expect((await scan('usage')).filter((i) => i.userId === userId)).toEqual([]);
    // The desktop hand-off: no new code, and the one issued before the mark buys no session.
    expect((await desktopConsent(who, pkcePair().challenge)).status).toBe(401);
    const exchanged = await fetch(`${stack.api}/api/auth/desktop/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: pending.code, code_verifier: pending.verifier }) });
    expect(exchanged.status).toBe(401);
    // Refresh, the browser's and the app's: refused, and the session ended.
    expect((await refreshWithCookie(stack.api, stack.web, who.jar.get('sRefreshToken')!)).status).toBe(401);
    expect((await refreshWithHeader(stack.api, desktop.refreshToken)).status).toBe(401);

    // The sweeper finishes both.
    const swept = await sweepDeletions(await deps(started + STALLED_AFTER_MS + 1_000));
    expect(swept.finished).toEqual(expect.arrayContaining([userId, google.userId]));
    expect(await getAccount(stack.db, userId)).toBeUndefined();
  });
});
