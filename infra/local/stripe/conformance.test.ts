/**
 * The stand-in claims the pinned SDK's API version (`Stripe.API_VERSION`): every object it answers,
 * fetched through the real `stripe` SDK, must have that version's shape as the SDK's own types
 * describe it (required fields present, enum values the SDK lists, no field the type lacks).
 */
import { createServer } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventType, mismatchesWithSdkTypes, type SdkSample } from '../../../test/support/stripe-sdk-types';
import { startTestDynamo, type TestDynamo } from '../../../test/support/dynamo';
import { close, listen } from '../http-server';
import { holdPort } from '../ports';
import { LOCAL_PRICES, LOCAL_PRO_PRODUCT, LOCAL_STRIPE_SECRET } from './catalog';
import { startStripeStandIn, type RunningStripeStandIn } from './server';

let dynamo: TestDynamo;
let standIn: RunningStripeStandIn;
let stripe: Stripe;
const webhooks = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('{}')));

beforeAll(async () => {
  dynamo = await startTestDynamo();
  const hookPort = await holdPort();
  await listen(webhooks, hookPort);
  const port = await holdPort();
  stripe = new Stripe(LOCAL_STRIPE_SECRET.secretKey, { host: 'localhost', port, protocol: 'http', telemetry: false });
  standIn = await startStripeStandIn({ port, dynamoEndpoint: dynamo.url, webhookUrl: `http://localhost:${hookPort}/api/stripe-webhook`, retryDelays: [] });
});
afterAll(async () => {
  await standIn?.stop();
  await close(webhooks);
  await dynamo?.stop();
});

const pay = (url: string) => fetch(url, { method: 'POST', body: new URLSearchParams({ email: 'pay@example.com', card: '4242 4242 4242 4242' }), redirect: 'manual' }).then((r) => r.arrayBuffer());
const addCardInPortal = async (url: string) => {
  const subscription = /name="subscription" value="([^"]+)"/.exec(await (await fetch(url)).text())![1]!;
  await fetch(url, { method: 'POST', body: new URLSearchParams({ subscription, action: 'add_card', card: '5555 5555 5555 4444' }), redirect: 'manual' }).then((r) => r.arrayBuffer());
};

/** What the SDK hands back, as the JSON the stand-in sent (the SDK's `lastResponse` is its own). */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value, (k, v: unknown) => (k === 'lastResponse' ? undefined : v))) as unknown;

it('answers every object in the shape of the SDK types of the version it claims', { timeout: 60_000 }, async () => {
  const samples: SdkSample[] = [];
  const sample = <T>(label: string, type: string, value: T): T => {
    samples.push({ label, type, value: plain(value) });
    return value;
  };

  const customer = sample('customers.create', 'Stripe.Customer', await stripe.customers.create({ email: 'ada@example.com', name: 'Ada', metadata: { userId: 'user-1' } }));
  sample('customers.update', 'Stripe.Customer', await stripe.customers.update(customer.id, { email: 'ada@example.org' }));
  sample('customers.retrieve', 'Stripe.Customer | Stripe.DeletedCustomer', await stripe.customers.retrieve(customer.id));
  sample('prices.retrieve', 'Stripe.Price', await stripe.prices.retrieve(LOCAL_PRICES['pro-annual'].id));
  sample('products.retrieve', 'Stripe.Product', await stripe.products.retrieve(LOCAL_PRO_PRODUCT.id));

  const params = {
    mode: 'subscription' as const,
    line_items: [{ price: LOCAL_PRICES['pro-monthly'].id, quantity: 1 }],
    success_url: 'http://localhost:5173/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/pricing',
    metadata: { userId: 'user-1' },
  };
  const session = sample('checkout.sessions.create', 'Stripe.Checkout.Session', await stripe.checkout.sessions.create({ ...params, customer: customer.id }));
  const trial = sample(
    'checkout.sessions.create (trial, no customer)',
    'Stripe.Checkout.Session',
    await stripe.checkout.sessions.create({ ...params, customer_email: 'trial@example.com', subscription_data: { trial_period_days: 14 }, payment_method_collection: 'if_required' }),
  );
  await pay(session.url!);
  await pay(trial.url!);
  const completed = sample('checkout.sessions.retrieve (expanded)', 'Stripe.Checkout.Session', await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer', 'subscription'] }));
  sample('checkout.sessions.retrieve (trial)', 'Stripe.Checkout.Session', await stripe.checkout.sessions.retrieve(trial.id));
  const open = await stripe.checkout.sessions.create({ ...params, customer: customer.id });
  sample('checkout.sessions.expire', 'Stripe.Checkout.Session', await stripe.checkout.sessions.expire(open.id));

  const subscriptionId = (completed.subscription as Stripe.Subscription).id;
  const subscription = sample('subscriptions.retrieve', 'Stripe.Subscription', await stripe.subscriptions.retrieve(subscriptionId));
  sample('subscription item', 'Stripe.SubscriptionItem', subscription.items.data[0]);
  // The card checkout saved, and the invoices it and a switch to the annual price made (with the proration's credit).
  sample('paymentMethods.retrieve', 'Stripe.PaymentMethod', await stripe.paymentMethods.retrieve(subscription.default_payment_method as string));
  sample('subscriptions.retrieve (expanded)', 'Stripe.Subscription', await stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method', 'latest_invoice', 'customer'] }));
  const switched = sample(
    'subscriptions.update (items)',
    'Stripe.Subscription',
    await stripe.subscriptions.update(subscriptionId, { items: [{ id: subscription.items.data[0]!.id, price: LOCAL_PRICES['pro-annual'].id }], proration_behavior: 'always_invoice' }),
  );
  sample('invoices.retrieve', 'Stripe.Invoice', await stripe.invoices.retrieve(switched.latest_invoice as string));
  sample('invoices.list', 'Stripe.ApiList<Stripe.Invoice>', await stripe.invoices.list({ customer: customer.id, limit: 5 }));
  // A trial without a card is given one in the portal.
  const trialPortal = await stripe.billingPortal.sessions.create({ customer: (await stripe.checkout.sessions.retrieve(trial.id)).customer as string });
  await addCardInPortal(trialPortal.url);
  sample('subscriptions.list', 'Stripe.ApiList<Stripe.Subscription>', await stripe.subscriptions.list({ customer: customer.id, status: 'all' }));
  const cancelAt = subscription.items.data[0]!.current_period_end - 86_400;
  sample('subscriptions.update (cancel_at)', 'Stripe.Subscription', await stripe.subscriptions.update(subscriptionId, { cancel_at: cancelAt }));
  sample('subscriptions.update (cancel_at_period_end)', 'Stripe.Subscription', await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
  sample('billingPortal.sessions.create', 'Stripe.BillingPortal.Session', await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:5173/dashboard' }));
  sample('subscriptions.cancel', 'Stripe.Subscription', await stripe.subscriptions.cancel(subscriptionId));
  sample('customers.del', 'Stripe.DeletedCustomer', await stripe.customers.del(customer.id));
  sample('customers.retrieve (deleted)', 'Stripe.Customer | Stripe.DeletedCustomer', await stripe.customers.retrieve(customer.id));

  const events = await stripe.events.list({ limit: 100 });
  sample('events.retrieve', eventType(events.data[0]!.type), await stripe.events.retrieve(events.data[0]!.id));
  const types = new Set<string>();
  for (const event of events.data) {
    types.add(event.type);
    sample(`events.list: ${event.type}`, eventType(event.type), event);
  }
  // Every event the stand-in sends is among them, so each is checked.
  expect([...types].sort()).toEqual([
    'checkout.session.completed',
    'checkout.session.expired',
    'customer.deleted',
    'customer.subscription.created',
    'customer.subscription.deleted',
    'customer.subscription.updated',
    'customer.updated',
    'payment_method.attached',
  ]);

  expect(await mismatchesWithSdkTypes(samples)).toEqual([]);
});
