import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../shared/tables';
import { usageMonth } from '../../shared/usage';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { getAccount as getBillingAccount } from '../user-record/account';
import { linkCustomer, rememberCheckout } from '../user-record/billing-link';
import { ensureUserRecord } from '../user-record/user-record';
import { StripeApiError, type StripeApi } from './stripe-api';
import { handleVerifiedEvent } from './stripe-webhook';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

const now = new Date('2026-11-23T10:00:00Z');

/** Stripe as a map of subscriptions by id: what a read answers now. A unit-test double; the journeys use the stand-in. */
function fakeStripe(subscriptions: Map<string, Stripe.Subscription>, failures: Error[] = []): StripeApi {
  return {
    retrieveSubscription: async (id) => {
      const failure = failures.shift();
      if (failure) throw failure;
      const sub = subscriptions.get(id);
      if (!sub) throw new StripeApiError(404, `No such subscription: '${id}'`);
      return sub;
    },
  } as StripeApi;
}

function subscription(id: string, customer: string, status: Stripe.Subscription.Status, extra: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: false,
    trial_end: null,
    metadata: {},
    items: { data: [{ current_period_end: 1_800_000_000, price: { product: 'prod_pro', recurring: { interval: 'month' } } }] },
    ...extra,
  } as unknown as Stripe.Subscription;
}

let seq = 0;
function event(type: string, object: object, created = 1_795_000_000): Stripe.Event {
  return { id: `evt_${++seq}`, object: 'event', type, created, data: { object } } as unknown as Stripe.Event;
}

async function account(name: string) {
  const userId = `${name}-${++seq}`;
  const customer = `cus_${userId}`;
  await ensureUserRecord(dynamo.db, { userId, email: `${userId}@example.com` }, now);
  await linkCustomer(dynamo.db, userId, customer);
  return { userId, customer };
}

describe('Stripe events', () => {
  it("store the item's period and a cancellation scheduled for a date", async () => {
    const { userId, customer } = await account('cancel-at');
    const subs = new Map([['sub_1', subscription('sub_1', customer, 'active', { cancel_at: 1_799_000_000, canceled_at: 1_795_000_000 })]]);
    await handleVerifiedEvent({ db: dynamo.db, stripe: fakeStripe(subs), proProductId: 'prod_pro' }, event('customer.subscription.updated', subs.get('sub_1')!), now);
    expect((await getBillingAccount(dynamo.db, userId))?.subscription).toEqual({
      subscriptionId: 'sub_1',
      status: 'active',
      productId: 'prod_pro',
      currentPeriodEnd: 1_800_000_000,
      cancelAtPeriodEnd: false,
      cancelAt: 1_799_000_000,
      interval: 'month',
    });
  });

  it("store the subscription as Stripe has it now, not the event's own snapshot (same-second events in any order)", async () => {
    const { userId, customer } = await account('order');
    const subs = new Map([['sub_1', subscription('sub_1', customer, 'active')]]);
    const stripe = fakeStripe(subs);
    // Two events of the same second, the older (past_due) delivered last: its snapshot is not what is stored.
    await handleVerifiedEvent({ db: dynamo.db, stripe, proProductId: 'prod_pro' }, event('customer.subscription.updated', subscription('sub_1', customer, 'active')), now);
    await handleVerifiedEvent({ db: dynamo.db, stripe, proProductId: 'prod_pro' }, event('customer.subscription.updated', subscription('sub_1', customer, 'past_due')), now);
    expect((await getBillingAccount(dynamo.db, userId))?.subscription).toMatchObject({ subscriptionId: 'sub_1', status: 'active', productId: 'prod_pro' });
  });

  it('never let an earlier read replace a later one', async () => {
    const { userId, customer } = await account('reads');
    const subs = new Map([['sub_2', subscription('sub_2', customer, 'active')]]);
    await handleVerifiedEvent({ db: dynamo.db, stripe: fakeStripe(subs), proProductId: 'prod_pro', clock: () => 2_000 }, event('customer.subscription.updated', { id: 'sub_2' }), now);
    subs.set('sub_2', subscription('sub_2', customer, 'past_due'));
    // A handler that read Stripe earlier (t=1000) but writes later loses.
    await handleVerifiedEvent({ db: dynamo.db, stripe: fakeStripe(subs), proProductId: 'prod_pro', clock: () => 1_000 }, event('customer.subscription.updated', { id: 'sub_2' }), now);
    expect((await getBillingAccount(dynamo.db, userId))?.subscription?.status).toBe('active');
  });

  it("put the stored subscription's plan on the account's usage month, and never a read kept out by a later one", async () => {
    const { userId, customer } = await account('plan');
    const monthPlan = async () =>
      (await dynamo.db.send(new GetCommand({ TableName: tableName('usage'), Key: { userId, month: usageMonth(new Date()) } }))).Item?.plan;
    const subs = new Map([['sub_p', subscription('sub_p', customer, 'active')]]);
    await handleVerifiedEvent({ db: dynamo.db, stripe: fakeStripe(subs), proProductId: 'prod_pro', clock: () => 2_000 }, event('customer.subscription.created', { id: 'sub_p' }), now);
    expect(await monthPlan()).toBe('pro');
    subs.set('sub_p', subscription('sub_p', customer, 'canceled'));
    // Read before the one stored (t=1000): neither the account nor the month takes it.
    await handleVerifiedEvent({ db: dynamo.db, stripe: fakeStripe(subs), proProductId: 'prod_pro', clock: () => 1_000 }, event('customer.subscription.deleted', { id: 'sub_p' }), now);
    expect(await monthPlan()).toBe('pro');
    await handleVerifiedEvent({ db: dynamo.db, stripe: fakeStripe(subs), proProductId: 'prod_pro', clock: () => 3_000 }, event('customer.subscription.deleted', { id: 'sub_p' }), now);
    expect(await monthPlan()).toBe('free');
  });

  it('keep a live subscription when an event about an ended one of the same account arrives late', async () => {
    const { userId, customer } = await account('two');
    const subs = new Map([
      ['sub_old', subscription('sub_old', customer, 'canceled')],
      ['sub_new', subscription('sub_new', customer, 'active')],
    ]);
    const deps = { db: dynamo.db, stripe: fakeStripe(subs), proProductId: 'prod_pro' };
    await handleVerifiedEvent(deps, event('customer.subscription.created', { id: 'sub_new' }), now);
    await handleVerifiedEvent(deps, event('customer.subscription.deleted', { id: 'sub_old' }), now);
    expect((await getBillingAccount(dynamo.db, userId))?.subscription).toMatchObject({ subscriptionId: 'sub_new', status: 'active' });

    // The live one ending is stored.
    subs.set('sub_new', subscription('sub_new', customer, 'canceled'));
    await handleVerifiedEvent(deps, event('customer.subscription.deleted', { id: 'sub_new' }), now);
    expect((await getBillingAccount(dynamo.db, userId))?.subscription).toMatchObject({ subscriptionId: 'sub_new', status: 'canceled' });
  });

  it("belong to the account of the subscription's customer; metadata naming another account is not believed", async () => {
    const owner = await account('owner');
    const other = await account('other');
    const subs = new Map([['sub_x', subscription('sub_x', owner.customer, 'active', { metadata: { userId: other.userId } })]]);
    expect(await handleVerifiedEvent({ db: dynamo.db, stripe: fakeStripe(subs), proProductId: 'prod_pro' }, event('customer.subscription.created', { id: 'sub_x' }), now)).toBe('applied');
    expect((await getBillingAccount(dynamo.db, owner.userId))?.subscription).toBeUndefined();
    expect((await getBillingAccount(dynamo.db, other.userId))?.subscription).toBeUndefined();
  });

  it('a completed checkout forgets the open session and stores its subscription', async () => {
    const { userId, customer } = await account('checkout');
    await rememberCheckout(dynamo.db, userId, { sessionId: 'cs_1', url: 'https://pay', priceId: 'pro-monthly', expiresAt: 1_900_000_000 }, undefined, now);
    const subs = new Map([['sub_c', subscription('sub_c', customer, 'trialing', { trial_end: 1_796_000_000 })]]);
    await handleVerifiedEvent({ db: dynamo.db, stripe: fakeStripe(subs), proProductId: 'prod_pro' }, event('checkout.session.completed', { id: 'cs_1', customer, subscription: 'sub_c', metadata: { userId } }), now);
    const stored = await getBillingAccount(dynamo.db, userId);
    expect(stored?.openCheckout).toBeUndefined();
    expect(stored).toMatchObject({ subscription: { status: 'trialing' }, trialUsed: true });
  });

  it('an event whose handling failed is not recorded, so the redelivery applies it; then it is a duplicate', async () => {
    const { userId, customer } = await account('retry');
    const subs = new Map([['sub_r', subscription('sub_r', customer, 'active')]]);
    const deps = { db: dynamo.db, proProductId: 'prod_pro', stripe: fakeStripe(subs, [new StripeApiError(0, 'Stripe could not be reached', 'api_connection_error')]) };
    const delivered = event('customer.subscription.created', { id: 'sub_r' });

    await expect(handleVerifiedEvent(deps, delivered, now)).rejects.toThrow('could not be reached');
    expect((await getBillingAccount(dynamo.db, userId))?.subscription).toBeUndefined();
    expect(await handleVerifiedEvent(deps, delivered, now)).toBe('applied');
    expect((await getBillingAccount(dynamo.db, userId))?.subscription?.status).toBe('active');
    expect(await handleVerifiedEvent(deps, delivered, now)).toBe('duplicate');
  });

  it('a subscription Stripe does not know (deleted test data, another account) changes nothing and is not retried', async () => {
    const { userId } = await account('unknown');
    expect(await handleVerifiedEvent({ db: dynamo.db, stripe: fakeStripe(new Map()), proProductId: 'prod_pro' }, event('customer.subscription.updated', { id: 'sub_gone' }), now)).toBe('applied');
    expect((await getBillingAccount(dynamo.db, userId))?.subscription).toBeUndefined();
  });
});
