/**
 * Billing end to end through the local stack: the billing Lambdas with the real stripe SDK talking to
 * the Stripe stand-in, its hosted checkout and portal pages, and its signed webhooks arriving at the
 * webhook Lambda, which updates the account the dashboard reads.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAccount as getBillingAccount } from '../../functions/user-record/account';
import { LOCAL_PRO_PRODUCT, LOCAL_STRIPE_SECRET } from '../../infra/local/stripe/catalog';
import type { BillingOverview, IntervalSwitched, UserProfile } from '../../shared/api-types';
import { FREE_WORDS_PER_MONTH, PRICE_IDS, PRO_TRIAL_DAYS } from '../../shared/plans';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { newMember } from '../support/sessions';
import { payCheckout, portalAction, standInSdk } from '../support/stripe-pages';

const stack = useTestStack();
let stripe: Stripe;

beforeAll(() => {
  stripe = standInSdk(stack.stripe);
});

const subscriber = (name = 'writer') => newMember(stack, name, 'engine42');

const profileOf = async (who: AuthApi) => {
  const res = await who.get('/api/user-profile');
  expect(res.status).toBe(200);
  return res.body as unknown as UserProfile;
};

/** Sends a payload to the webhook as Stripe would, signed with `secret`. */
function deliver(payload: string, secret: string = LOCAL_STRIPE_SECRET.webhookSecret, signature?: string) {
  const header = signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${stack.api}/api/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
}

describe('checkout, trial, portal and webhooks', () => {
  it('starts Free; the first checkout is a 14-day trial without a card that makes the account Pro', async () => {
    const { who, email, userId } = await subscriber();
    const before = await profileOf(who);
    expect(before).toMatchObject({ userId, email, plan: 'free', subscription: { status: 'none' }, wordsPerMonth: FREE_WORDS_PER_MONTH });
    expect(before.metrics).toEqual({ timeSaved: 0, wordsTranscribed: 0, recordingTime: 0 });

    const checkout = await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly });
    expect(checkout.status).toBe(200);
    const url = checkout.body.url as string;
    expect(url.startsWith(`${stack.stripe}/checkout/`)).toBe(true);

    const { page, location } = await payCheckout(url, email);
    expect(page).toContain(`${PRO_TRIAL_DAYS}-day free trial`);
    const success = new URL(location);
    expect(success.origin + success.pathname).toBe(`${stack.web}/checkout/success`);
    expect(success.searchParams.get('session_id')).toMatch(/^cs_/);

    // The webhook reached the API before the browser was sent back.
    const after = await profileOf(who);
    expect(after.plan).toBe('pro');
    expect(after.subscription).toMatchObject({ status: 'trialing', productId: LOCAL_PRO_PRODUCT.id, interval: 'month', cancelAtPeriodEnd: false });
    const trialDays = (after.subscription.currentPeriodEnd! - Date.now() / 1000) / 86_400;
    expect(trialDays).toBeGreaterThan(PRO_TRIAL_DAYS - 0.1);
    expect(trialDays).toBeLessThan(PRO_TRIAL_DAYS + 0.1);
    expect(after.wordsPerMonth).toBeUndefined();
    // No Stripe id reaches the browser.
    expect(JSON.stringify(after)).not.toMatch(/cus_|sub_/);

    const again = await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.annually });
    expect(again).toEqual({ status: 409, body: { message: texts.billing.alreadyPro } });
  });

  it('cancels in the portal (Pro until the period ends), cancels now (Free), and a second checkout has no trial', async () => {
    const { who, email, userId } = await subscriber('returning');
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.annually })).body.url as string, email);

    const portal = await who.get('/api/manage-subscription');
    expect(portal.status).toBe(200);
    const portalUrl = portal.body.url as string;
    expect(portalUrl.startsWith(`${stack.stripe}/portal/`)).toBe(true);

    const subscriptionId = await portalAction(portalUrl, 'cancel');
    const periodEnd = (await profileOf(who)).subscription.currentPeriodEnd!;
    expect(await profileOf(who)).toMatchObject({ plan: 'pro', subscription: { cancelAtPeriodEnd: true, cancelAt: periodEnd, interval: 'year' } });
    // Moved to a date of its own (Stripe's cancel_at): Pro until then, and the profile says when.
    const cancelAt = periodEnd - 2 * 86_400;
    await stripe.subscriptions.update(subscriptionId, { cancel_at: cancelAt });
    expect(await profileOf(who)).toMatchObject({ plan: 'pro', subscription: { cancelAtPeriodEnd: false, cancelAt, currentPeriodEnd: periodEnd } });
    await portalAction(portalUrl, 'cancel_now');
    const canceled = await profileOf(who);
    expect(canceled).toMatchObject({ plan: 'free', subscription: { status: 'canceled' } });
    expect(canceled.subscription.cancelAt).toBeUndefined();

    const second = await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly });
    const { page } = await payCheckout(second.body.url as string, email);
    expect(page).not.toContain('free trial');
    expect(await profileOf(who)).toMatchObject({ plan: 'pro', subscription: { status: 'active' } });

    // The first subscription's cancellation, delivered again late (as a new event): the live one stays.
    const ended = (await stripe.events.list({ limit: 20, type: 'customer.subscription.deleted' })).data.find((e) => (e.data.object as Stripe.Subscription).metadata.userId === userId)!;
    expect(ended.data.object).toMatchObject({ status: 'canceled' });
    expect((await deliver(JSON.stringify({ ...ended, id: `evt_late_${randomUUID()}` }))).status).toBe(200);
    expect(await profileOf(who)).toMatchObject({ plan: 'pro', subscription: { status: 'active' } });
    // One customer for the account across both checkouts.
    expect((await getBillingAccount(stack.db, userId))?.stripeCustomerId).toMatch(/^cus_/);
  });

  it('keeps one open checkout per account: a second click gets it, two at once agree, the other price closes it', async () => {
    const { who, email, userId } = await subscriber('tabs');
    const [first, second] = await Promise.all([0, 1].map(() => who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })));
    expect(first!.status).toBe(200);
    expect(second!.body.url).toBe(first!.body.url);
    expect((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url).toBe(first!.body.url);

    const annual = await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.annually });
    expect(annual.status).toBe(200);
    expect(annual.body.url).not.toBe(first!.body.url);
    const monthlyId = new URL(first!.body.url as string).pathname.split('/').pop()!;
    expect((await stripe.checkout.sessions.retrieve(monthlyId)).status).toBe('expired');
    await expect(payCheckout(first!.body.url as string, email)).rejects.toThrow();

    await payCheckout(annual.body.url as string, email);
    expect(await profileOf(who)).toMatchObject({ plan: 'pro', subscription: { status: 'trialing', interval: 'year' } });
    const customer = (await getBillingAccount(stack.db, userId))!.stripeCustomerId!;
    const subscriptions = await stripe.subscriptions.list({ customer, status: 'all' });
    expect(subscriptions.data).toHaveLength(1);
    // A trial that ends without a card cancels rather than leaving an unpaid invoice.
    expect(subscriptions.data[0]!.trial_settings?.end_behavior.missing_payment_method).toBe('cancel');
  });

  it('recovers from a customer deleted in Stripe: Free again, no portal, and the next checkout makes a new customer', async () => {
    const { who, email, userId } = await subscriber('deleted');
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    const gone = (await getBillingAccount(stack.db, userId))!.stripeCustomerId!;

    await stripe.customers.del(gone);
    // Stripe ends its subscriptions with it, and says so by webhook.
    expect(await profileOf(who)).toMatchObject({ plan: 'free', subscription: { status: 'canceled' } });
    expect(await who.get('/api/manage-subscription')).toEqual({ status: 404, body: { message: texts.billing.noSubscription } });

    const again = await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly });
    expect(again.status).toBe(200);
    const fresh = (await getBillingAccount(stack.db, userId))!.stripeCustomerId!;
    expect(fresh).toMatch(/^cus_/);
    expect(fresh).not.toBe(gone);
    await payCheckout(again.body.url as string, email);
    expect(await profileOf(who)).toMatchObject({ plan: 'pro', subscription: { status: 'active' } });
    expect((await who.get('/api/manage-subscription')).status).toBe(200);
  });

  it('refuses bad checkout input and callers without a session, and the portal before any checkout', async () => {
    const { who } = await subscriber('careful');
    expect(await who.post('/api/create-checkout-session', { priceId: 'custom' })).toEqual({ status: 400, body: { message: texts.billing.invalidPrice } });
    expect((await who.post('/api/create-checkout-session', { priceId: 42 })).status).toBe(400);
    const malformed = await who.call('POST', '/api/create-checkout-session', undefined, {});
    expect(malformed.status).toBe(400);
    expect(await who.get('/api/manage-subscription')).toEqual({ status: 404, body: { message: texts.billing.noSubscription } });

    const stranger = new AuthApi(stack.api, stack.web);
    expect((await stranger.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).status).toBe(401);
    expect((await stranger.get('/api/manage-subscription')).status).toBe(401);
    expect((await stranger.get('/api/user-profile')).status).toBe(401);
  });
});

describe("/account's Billing: GET /api/billing and POST /api/billing/interval, through the Stripe stand-in", () => {
  const billingOf = async (who: AuthApi) => {
    const res = await who.get('/api/billing');
    expect(res.status).toBe(200);
    return res.body as unknown as BillingOverview;
  };
  const switchTo = (who: AuthApi, interval: 'month' | 'year', requestId: string = randomUUID()) => who.post('/api/billing/interval', { interval, requestId });
  const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;

  /** A member on the trial its first checkout starts (no card asked). */
  async function onTrial(name: string, priceId: string = PRICE_IDS.monthly) {
    const member = await subscriber(name);
    await payCheckout((await member.who.post('/api/create-checkout-session', { priceId })).body.url as string, member.email);
    return member;
  }

  /** A member who paid: the trial ended in the portal, then a second checkout (no trial) paid with a card. */
  async function paying(name: string, priceId: string) {
    const member = await onTrial(name);
    await portalAction((await member.who.get('/api/manage-subscription')).body.url as string, 'cancel_now');
    await payCheckout((await member.who.post('/api/create-checkout-session', { priceId })).body.url as string, member.email);
    return member;
  }

  it('Free: no subscription, no card, no invoices', async () => {
    const { who } = await subscriber('billing-free');
    expect(await billingOf(who)).toEqual({ plan: 'free', subscription: null, paymentMethod: null, invoices: [] });
    expect(await switchTo(who, 'year')).toEqual({ status: 404, body: { message: texts.billing.noSubscription } });
  });

  it('a trial without a card: it ends on its last day and nothing is charged; its $0 invoice is listed', async () => {
    const { who } = await onTrial('billing-trial');
    const billing = await billingOf(who);
    expect(billing).toMatchObject({ plan: 'pro', paymentMethod: null, subscription: { status: 'trialing', interval: 'month', amount: 1100, currency: 'usd', nextCharge: null } });
    expect(billing.subscription!.endsAt).toBe(billing.subscription!.trialEnd);
    expect(days(billing.subscription!.trialEnd!)).toBeCloseTo(PRO_TRIAL_DAYS, 0);
    expect(billing.invoices).toMatchObject([{ total: 0, amountPaid: 0, status: 'paid', url: expect.stringMatching(`^${stack.stripe}/invoice/in_`) }]);
    // No Stripe id but the invoice's own reaches the browser.
    expect(JSON.stringify(billing)).not.toMatch(/cus_|sub_|pm_/);
  });

  it('a trial with a card (added in the portal): then $121/year on the trial\'s last day, once switched to annual, with no charge now', async () => {
    const { who } = await onTrial('billing-trial-card');
    await portalAction((await who.get('/api/manage-subscription')).body.url as string, 'add_card', '5555 5555 5555 4444');
    const withCard = await billingOf(who);
    expect(withCard.paymentMethod).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(withCard.subscription).toMatchObject({ status: 'trialing', endsAt: null, nextCharge: { amount: 1100, currency: 'usd', at: withCard.subscription!.trialEnd } });

    const switched = await switchTo(who, 'year');
    expect(switched.status).toBe(200);
    expect(switched.body.message).toBe(texts.billing.switched('year', true));
    const annual = (switched.body as unknown as IntervalSwitched).billing;
    expect(annual.subscription).toMatchObject({ status: 'trialing', interval: 'year', amount: 12100, trialEnd: withCard.subscription!.trialEnd, nextCharge: { amount: 12100, at: withCard.subscription!.trialEnd } });
    // Nothing billed during the trial; the record the dashboard reads says annual (the update's webhook, which the stand-in sends before it answers).
    expect(annual.invoices).toHaveLength(1);
    expect((await profileOf(who)).subscription).toMatchObject({ status: 'trialing', interval: 'year' });
  });

  it('Pro monthly: the card, the next charge a month on, and the paid invoice with its receipt', async () => {
    const { who } = await paying('billing-monthly', PRICE_IDS.monthly);
    const billing = await billingOf(who);
    expect(billing).toMatchObject({ plan: 'pro', paymentMethod: { brand: 'visa', last4: '4242' }, subscription: { status: 'active', interval: 'month', trialEnd: null, endsAt: null, nextCharge: { amount: 1100 } } });
    expect(days(billing.subscription!.nextCharge!.at)).toBeGreaterThan(27);
    expect(days(billing.subscription!.nextCharge!.at)).toBeLessThan(32);
    const [paid] = billing.invoices;
    expect(paid).toMatchObject({ total: 1100, amountPaid: 1100, status: 'paid' });
    const receipt = await (await fetch(paid!.url!)).text();
    expect(receipt).toContain(`Receipt ${paid!.number}`);
  });

  it('switches Pro monthly to annual as Stripe prorates it: a year from today, billed now less the unused month; a retried press changes it once', async () => {
    const { who } = await paying('billing-switch', PRICE_IDS.monthly);
    const requestId = randomUUID();
    const [first, retried] = await Promise.all([switchTo(who, 'year', requestId), switchTo(who, 'year', requestId)]);
    for (const answer of [first, retried]) expect(answer.status).toBe(200);
    const annual = (first.body as unknown as IntervalSwitched).billing;
    expect(first.body.message).toBe(texts.billing.switched('year', false));
    expect(annual.subscription).toMatchObject({ status: 'active', interval: 'year', amount: 12100, nextCharge: { amount: 12100 } });
    expect(days(annual.subscription!.nextCharge!.at)).toBeGreaterThan(364);
    // Switched seconds after paying: the whole month is unused, and credited to the cent ($11.00 of $121.00).
    // The trial's, the paid month's, and the switch's: one switch for the two sends of one press.
    const [proration, ...earlier] = annual.invoices;
    expect(earlier).toHaveLength(2);
    expect(proration!.total).toBe(12100 - 1100);
    expect(proration).toMatchObject({ amountPaid: proration!.total, status: 'paid' });
    expect((await billingOf(who)).invoices).toHaveLength(3);
    expect((await profileOf(who)).subscription).toMatchObject({ status: 'active', interval: 'year' });
    // Asked again with a new press: it is annual already.
    expect(await switchTo(who, 'year')).toEqual({ status: 409, body: { message: texts.billing.alreadyOnInterval('year') } });
  });

  it('switches Pro annual to monthly: the unused year is credit, so the next month costs nothing', async () => {
    const { who } = await paying('billing-annual', PRICE_IDS.annually);
    expect((await billingOf(who)).subscription).toMatchObject({ status: 'active', interval: 'year', nextCharge: { amount: 12100 } });
    const switched = await switchTo(who, 'month');
    expect(switched.body.message).toBe(texts.billing.switched('month', false));
    const monthly = (switched.body as unknown as IntervalSwitched).billing;
    expect(monthly.subscription).toMatchObject({ interval: 'month', amount: 1100, nextCharge: { amount: 0 } });
    expect(monthly.invoices[0]).toMatchObject({ amountPaid: 0 });
    expect(monthly.invoices[0]!.total).toBeLessThan(-10_000);
  });

  it('refuses a bad body and a caller without a session, changing nothing', async () => {
    const { who } = await onTrial('billing-refusals');
    expect((await who.post('/api/billing/interval', { interval: 'weekly', requestId: randomUUID() })).status).toBe(400);
    expect((await who.post('/api/billing/interval', { interval: 'year', requestId: 'again' })).status).toBe(400);
    expect((await billingOf(who)).subscription).toMatchObject({ interval: 'month' });
    const stranger = new AuthApi(stack.api, stack.web);
    expect((await stranger.get('/api/billing')).status).toBe(401);
    expect((await stranger.post('/api/billing/interval', { interval: 'year', requestId: randomUUID() })).status).toBe(401);
  });
});

describe('GET /api/checkout-session/{id}: is the session_id /checkout/success got the account\'s own, completed checkout', () => {
  const confirmation = (who: AuthApi, id: string) => who.get(`/api/checkout-session/${encodeURIComponent(id)}`);

  it('confirms the account\'s own session once it is complete, and not while it is still open', async () => {
    const { who, email } = await subscriber('confirming');
    const url = (await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string;
    const openId = new URL(url).pathname.split('/').pop()!;
    expect(openId).toMatch(/^cs_/);
    expect(await confirmation(who, openId)).toEqual({ status: 200, body: { confirmed: false } });

    const { location } = await payCheckout(url, email);
    const sessionId = new URL(location).searchParams.get('session_id')!;
    expect(sessionId).toBe(openId);
    expect(await confirmation(who, sessionId)).toEqual({ status: 200, body: { confirmed: true } });
  });

  it("does not confirm another account's completed session to this one, nor to a visitor", async () => {
    const owner = await subscriber('owner');
    const { location } = await payCheckout((await owner.who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, owner.email);
    const sessionId = new URL(location).searchParams.get('session_id')!;
    expect((await confirmation(owner.who, sessionId)).body).toEqual({ confirmed: true });

    const other = await subscriber('other');
    expect(await confirmation(other.who, sessionId)).toEqual({ status: 200, body: { confirmed: false } });
    expect((await confirmation(new AuthApi(stack.api, stack.web), sessionId)).status).toBe(401);
  });

  it('answers a made-up, malformed or expired id with not confirmed, never an error or Stripe\'s words', async () => {
    const { who } = await subscriber('guesser');
    const expired = (await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string;
    await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.annually });
    const expiredId = new URL(expired).pathname.split('/').pop()!;
    expect((await stripe.checkout.sessions.retrieve(expiredId)).status).toBe('expired');

    for (const id of ['anything', 'cs_test_doesnotexist1234567890', expiredId, 'cs_../../v1/customers', 'x'.repeat(400), "cs_'\"<script>"]) {
      const res = await confirmation(who, id);
      expect(res, id).toEqual({ status: 200, body: { confirmed: false } });
    }
  });
});

describe('the Stripe webhook', () => {
  async function latestEventFor(customerEmail: string) {
    const who = await subscriber(customerEmail);
    await payCheckout((await who.who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, who.email);
    const events = await stripe.events.list({ limit: 10 });
    const created = events.data.find((e) => e.type === 'customer.subscription.created' && (e.data.object as Stripe.Subscription).metadata.userId === who.userId)!;
    expect(created).toBeDefined();
    return { ...who, created };
  }

  it('refuses forged, unsigned and stale-signed events, changing nothing', async () => {
    const { who, created } = await latestEventFor('forged');
    const forged = JSON.stringify({ ...created, id: `evt_forged_${randomUUID()}`, created: created.created + 60, data: { object: { ...created.data.object, status: 'canceled' } } });

    for (const res of [
      await deliver(forged, 'whsec_not_ours'),
      await deliver(forged, undefined, 't=1,v1=00'),
      await fetch(`${stack.api}/api/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: forged }),
      // Signed properly, but ten minutes ago: outside Stripe's tolerance, as a captured request replayed later would be.
      await deliver(forged, undefined, stripe.webhooks.generateTestHeaderString({ payload: forged, secret: LOCAL_STRIPE_SECRET.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 600 })),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: texts.billing.badSignature });
    }
    expect((await profileOf(who)).plan).toBe('pro');
  });

  it("applies a replayed event once, and stores what Stripe has now, whatever an event's own snapshot says", async () => {
    const { who, userId, created } = await latestEventFor('replayed');
    const accountBefore = await getBillingAccount(stack.db, userId);

    const replay = await deliver(JSON.stringify(created));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await getBillingAccount(stack.db, userId)).toEqual(accountBefore);

    // New events (new ids) of the same second and an hour earlier, carrying a canceled snapshot: Stripe says trialing.
    for (const at of [created.created, created.created - 3600]) {
      const stale = JSON.stringify({ ...created, id: `evt_stale_${randomUUID()}`, created: at, data: { object: { ...created.data.object, status: 'canceled' } } });
      expect((await deliver(stale)).status).toBe(200);
    }
    expect((await getBillingAccount(stack.db, userId))?.subscription).toEqual(accountBefore?.subscription);
    expect((await profileOf(who)).plan).toBe('pro');
  });

  it('refuses a body over its limit and unknown routes', async () => {
    const huge = JSON.stringify({ id: 'evt_huge', padding: 'x'.repeat(300 * 1024) });
    expect((await deliver(huge)).status).toBe(413);
    expect((await fetch(`${stack.api}/api/stripe-webhook`, { method: 'GET' })).status).toBe(405);
  });
});
