import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestDynamo, type TestDynamo } from '../../../test/support/dynamo';
import { close, listen } from '../http-server';
import { holdPort } from '../ports';
import { LOCAL_PRICES, LOCAL_PRO_PRODUCT, LOCAL_STRIPE_SECRET } from './catalog';
import { startStripeStandIn, type RunningStripeStandIn } from './server';

/** The product's webhook route, played by a tiny server that verifies each signature as the product does. */
interface Receiver {
  url: string;
  events: Stripe.Event[];
  /** How many next deliveries to answer 500. */
  failNext: number;
  server: Server;
}

async function startReceiver(stripe: Stripe): Promise<Receiver> {
  const receiver: Receiver = { url: '', events: [], failNext: 0, server: undefined as unknown as Server };
  receiver.server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      if (receiver.failNext > 0) {
        receiver.failNext--;
        res.writeHead(500).end();
        return;
      }
      try {
        receiver.events.push(stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature']), LOCAL_STRIPE_SECRET.webhookSecret));
        res.writeHead(200).end('{}');
      } catch {
        res.writeHead(400).end('bad signature');
      }
    });
  });
  const port = await holdPort();
  await listen(receiver.server, port);
  receiver.url = `http://localhost:${port}/api/stripe-webhook`;
  return receiver;
}

let dynamo: TestDynamo;
let standIn: RunningStripeStandIn;
let receiver: Receiver;
let stripe: Stripe;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  const port = await holdPort();
  stripe = new Stripe(LOCAL_STRIPE_SECRET.secretKey, { host: 'localhost', port, protocol: 'http', telemetry: false });
  receiver = await startReceiver(stripe);
  standIn = await startStripeStandIn({ port, dynamoEndpoint: dynamo.url, webhookUrl: receiver.url, retryDelays: [50, 100] });
});
afterAll(async () => {
  await standIn?.stop();
  await close(receiver.server);
  await dynamo?.stop();
});
beforeEach(() => {
  receiver.events.length = 0;
});

const page = async (url: string, form?: Record<string, string>) => {
  const res = await fetch(url, form ? { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' } : {});
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
};

async function newCustomer(email = 'ada@example.com') {
  return stripe.customers.create({ email, name: 'Ada', metadata: { userId: 'user-1' } });
}

async function checkout(customer: string, options: { trial?: boolean; price?: string; extra?: Partial<Stripe.Checkout.SessionCreateParams> } = {}) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: 'user-1',
    line_items: [{ price: options.price ?? LOCAL_PRICES['pro-monthly'].id, quantity: 1 }],
    success_url: 'http://localhost:5173/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/pricing',
    metadata: { userId: 'user-1' },
    subscription_data: { metadata: { userId: 'user-1' }, ...(options.trial ? { trial_period_days: 14 } : {}) },
    ...(options.trial ? { payment_method_collection: 'if_required' as const } : {}),
    allow_promotion_codes: true,
    ...options.extra,
  });
}

describe('the API', () => {
  it('creates and retrieves a customer, and says which one is missing', async () => {
    const created = await newCustomer();
    expect(created).toMatchObject({ object: 'customer', email: 'ada@example.com', name: 'Ada', metadata: { userId: 'user-1' }, livemode: false });
    expect(created.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(created.id)).toEqual(created);
    const missing = await stripe.customers.retrieve('cus_nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such customer: 'cus_nope'" });
  });

  it('serves the catalog prices on the Pro product', async () => {
    const annual = await stripe.prices.retrieve(LOCAL_PRICES['pro-annual'].id);
    expect(annual).toMatchObject({ product: LOCAL_PRO_PRODUCT.id, unit_amount: 12100, currency: 'usd', recurring: { interval: 'year' } });
    await expect(stripe.prices.retrieve('price_nope')).rejects.toThrow("No such price: 'price_nope'");
  });

  it('refuses an unknown price, an unknown customer and an unknown parameter as Stripe does', async () => {
    const customer = await newCustomer();
    await expect(checkout(customer.id, { price: 'price_nope' })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'line_items[0][price]' });
    await expect(checkout('cus_nope')).rejects.toMatchObject({ statusCode: 400, param: 'customer', code: 'resource_missing' });
    await expect(stripe.customers.create({ email: 'a@example.com', colour: 'blue' } as Stripe.CustomerCreateParams)).rejects.toThrow('Received unknown parameter: colour');
  });

  it('answers a wrong API key 401, which the SDK throws as StripeAuthenticationError', async () => {
    const wrong = new Stripe('sk_test_wrong_key_12345678', { host: 'localhost', port: Number(new URL(standIn.url).port), protocol: 'http', telemetry: false });
    const error = await wrong.customers.create({ email: 'a@example.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Error).message).toMatch(/^Invalid API Key provided: sk_test_\*+5678$/);
    const bare = await fetch(`${standIn.url}/v1/customers`, { method: 'POST' });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('answers a repeated Idempotency-Key with the first answer, and refuses it with other parameters', async () => {
    const params = { email: 'twice@example.com', metadata: { userId: 'user-2' } };
    const first = await stripe.customers.create(params, { idempotencyKey: 'voxpen-customer-user-2' });
    const second = await stripe.customers.create(params, { idempotencyKey: 'voxpen-customer-user-2' });
    expect(second.id).toBe(first.id);
    await expect(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'voxpen-customer-user-2' })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('lets a request that failed validation be retried under the same key', async () => {
    await expect(stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://x/' }, { idempotencyKey: 'k-fix' })).rejects.toThrow();
    const customer = await newCustomer();
    await expect(checkout(customer.id)).resolves.toMatchObject({ status: 'open' });
  });
});

describe('deleting a customer', () => {
  it('ends its subscriptions (with their webhooks), leaves a stub, and refuses it in new requests as Stripe does', async () => {
    const customer = await newCustomer('deleted@example.com');
    await page((await checkout(customer.id)).url!, { email: 'deleted@example.com', card: '4242 4242 4242 4242' });
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(subscription?.status).toBe('active');
    receiver.events.length = 0;

    expect(await stripe.customers.del(customer.id)).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expect((await stripe.subscriptions.retrieve(subscription!.id)).status).toBe('canceled');
    await vi.waitFor(() => expect(receiver.events.map((e) => e.type)).toEqual(['customer.subscription.deleted', 'customer.deleted']));
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, deleted: true });

    await expect(checkout(customer.id)).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    await expect(stripe.billingPortal.sessions.create({ customer: customer.id })).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
    await expect(stripe.customers.del(customer.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('canceling a subscription', () => {
  it('ends it at once with its webhook; canceling it again is "No such subscription", as Stripe answers', async () => {
    const customer = await newCustomer('leaving@example.com');
    await page((await checkout(customer.id, { trial: true })).url!, {});
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(subscription?.status).toBe('trialing');
    receiver.events.length = 0;

    const canceled = await stripe.subscriptions.cancel(subscription!.id);
    expect(canceled).toMatchObject({ id: subscription!.id, status: 'canceled', cancel_at_period_end: false, cancel_at: null });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect(canceled.ended_at).toBe(canceled.canceled_at);
    expect(await stripe.subscriptions.retrieve(subscription!.id)).toEqual(canceled);
    await vi.waitFor(() => expect(receiver.events.map((e) => e.type)).toEqual(['customer.subscription.deleted']));
    expect(receiver.events[0]!.data.object).toMatchObject({ id: subscription!.id, status: 'canceled' });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);

    await expect(stripe.subscriptions.cancel(subscription!.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: `No such subscription: '${subscription!.id}'` });
    await expect(stripe.subscriptions.cancel('sub_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(stripe.subscriptions.cancel(subscription!.id, { colour: 'blue' } as Stripe.SubscriptionCancelParams)).rejects.toThrow('Received unknown parameter: colour');
    expect(receiver.events).toHaveLength(1);
  });
});

describe('Checkout Session lifetime and trial settings', () => {
  it('honours expires_at between 30 minutes and 24 hours from now, and refuses it outside', async () => {
    const customer = await newCustomer();
    const now = Math.floor(Date.now() / 1000);
    expect((await checkout(customer.id, { extra: { expires_at: now + 3600 } })).expires_at).toBe(now + 3600);
    const byDefault = await checkout(customer.id);
    expect(byDefault.expires_at).toBe(byDefault.created + 86_400);
    await expect(checkout(customer.id, { extra: { expires_at: now + 60 } })).rejects.toMatchObject({ statusCode: 400, param: 'expires_at', message: expect.stringContaining('at least 30 minutes') });
    await expect(checkout(customer.id, { extra: { expires_at: now + 2 * 86_400 } })).rejects.toMatchObject({ statusCode: 400, param: 'expires_at', message: expect.stringContaining('less than 24 hours') });
    await expect(checkout(customer.id, { extra: { expires_at: 'soon' as unknown as number } })).rejects.toMatchObject({ statusCode: 400, param: 'expires_at', message: 'Invalid integer: soon' });
  });

  it('expires an open session once: it is told by webhook and can no longer be paid', async () => {
    const session = await checkout((await newCustomer()).id);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    // Delivered before the expire call was answered.
    expect(receiver.events).toEqual([expect.objectContaining({ type: 'checkout.session.expired', data: expect.objectContaining({ object: expect.objectContaining({ id: session.id, status: 'expired' }) }) })]);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', message: expect.stringMatching(/can be expired\. This Checkout Session has a status of `expired`\.$/) });

    const shown = await page(session.url!);
    expect(shown.html).toContain('This checkout has expired');
    expect(shown.html).not.toContain('<form');
    const pay = await page(session.url!, { email: 'ada@example.com', card: '4242 4242 4242 4242' });
    expect(pay.status).toBe(409);
    expect(pay.html).toContain('This checkout has expired');
    expect(receiver.events.map((e) => e.type)).toEqual(['checkout.session.expired']);
    await expect(stripe.checkout.sessions.expire('cs_test_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('refuses to expire a completed session', async () => {
    const session = await checkout((await newCustomer()).id);
    await page(session.url!, {});
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('status of `complete`') });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
  });

  it('expires a session on its own once expires_at has passed', async () => {
    // A second stand-in whose clock starts 31 minutes back: moving it to the real time makes the session lapse
    // while webhook signatures stay within the receiver's tolerance.
    let behind = 31 * 60_000;
    const port = await holdPort();
    const lapsing = await startStripeStandIn({ port, dynamoEndpoint: dynamo.url, webhookUrl: receiver.url, retryDelays: [50, 100], clock: () => Date.now() - behind });
    try {
      const client = new Stripe(LOCAL_STRIPE_SECRET.secretKey, { host: 'localhost', port, protocol: 'http', telemetry: false });
      const created = Math.floor((Date.now() - behind) / 1000);
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        customer: (await client.customers.create({ email: 'late@example.com' })).id,
        line_items: [{ price: LOCAL_PRICES['pro-monthly'].id, quantity: 1 }],
        success_url: 'http://localhost:5173/checkout/success',
        expires_at: created + 30 * 60 + 5,
      });
      expect((await page(session.url!)).html).toContain('>Subscribe</button>');
      behind = 0;

      expect(await client.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'expired', url: null });
      expect(receiver.events.map((e) => [e.type, (e.data.object as Stripe.Checkout.Session).id])).toEqual([['checkout.session.expired', session.id]]);
      expect((await page(session.url!, {})).status).toBe(409);
      await expect(client.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
      expect(receiver.events).toHaveLength(1);
    } finally {
      await lapsing.stop();
    }
  });

  it("carries the trial's end behaviour to the subscription, and refuses an unknown one", async () => {
    const customer = await newCustomer();
    const session = await checkout(customer.id, { trial: true, extra: { subscription_data: { trial_period_days: 14, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } } } });
    await page(session.url!, { email: 'ada@example.com' });
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(subscription).toMatchObject({ status: 'trialing', trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } });
    expect(receiver.events[0]).toMatchObject({ type: 'customer.subscription.created', data: { object: { trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } } } });

    // Stripe's default when the session does not say.
    const plain = await checkout(customer.id, { trial: true });
    await page(plain.url!, {});
    const second = await stripe.subscriptions.retrieve((await stripe.checkout.sessions.retrieve(plain.id)).subscription as string);
    expect(second.trial_settings?.end_behavior.missing_payment_method).toBe('create_invoice');

    const param = 'subscription_data[trial_settings][end_behavior][missing_payment_method]';
    const bad = { subscription_data: { trial_settings: { end_behavior: { missing_payment_method: 'forgive' } } } } as unknown as Partial<Stripe.Checkout.SessionCreateParams>;
    await expect(checkout(customer.id, { extra: bad })).rejects.toMatchObject({ statusCode: 400, param, message: `Invalid ${param}: must be one of cancel, pause, or create_invoice` });
  });
});

describe('hosted Checkout', () => {
  it('starts a 14-day trial: page, redirect to success_url, signed webhooks in order, a trialing subscription', async () => {
    const customer = await newCustomer('trial@example.com');
    const session = await checkout(customer.id, { trial: true });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', mode: 'subscription', customer: customer.id, client_reference_id: 'user-1', subscription: null, metadata: { userId: 'user-1' } });
    expect(session.url).toBe(`${standIn.url}/checkout/${session.id}`);

    const shown = await page(session.url!);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Test mode — local Stripe stand-in');
    expect(shown.html).toContain('<h1>Subscribe to Voxpen Pro</h1>');
    expect(shown.html).toContain('14-day free trial, then $11.00 per month');
    expect(shown.html).toContain('trial@example.com');
    expect(shown.html).toContain('>Start trial</button>');
    expect(shown.html).toContain('<a href="http://localhost:5173/pricing">Cancel</a>');

    const before = Math.floor(Date.now() / 1000);
    const submitted = await page(session.url!, {});
    expect(submitted.status).toBe(303);
    expect(submitted.location).toBe(`http://localhost:5173/checkout/success?session_id=${session.id}`);
    // Delivered before the redirect was answered.
    expect(receiver.events.map((e) => e.type)).toEqual(['customer.subscription.created', 'checkout.session.completed']);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    expect(subscription).toMatchObject({ status: 'trialing', customer: customer.id, metadata: { userId: 'user-1' }, cancel_at_period_end: false });
    expect(subscription.trial_end! - before).toBeGreaterThanOrEqual(14 * 86_400);
    expect(subscription.trial_end! - before).toBeLessThan(14 * 86_400 + 60);
    expect(subscription.items.data[0]).toMatchObject({ current_period_end: subscription.trial_end, price: { id: LOCAL_PRICES['pro-monthly'].id, product: LOCAL_PRO_PRODUCT.id } });
    expect(receiver.events[0]!.data.object).toMatchObject({ id: subscription.id, status: 'trialing', trial_end: subscription.trial_end, metadata: { userId: 'user-1' } });
    expect((receiver.events[1]!.data.object as Stripe.Checkout.Session).subscription).toBe(subscription.id);
  });

  it('charges the annual price at once: an active subscription until a year on', async () => {
    const customer = await newCustomer();
    const session = await checkout(customer.id, { price: LOCAL_PRICES['pro-annual'].id });
    const shown = await page(session.url!);
    expect(shown.html).toContain('$121.00 per year');
    expect(shown.html).not.toContain('free trial');
    expect(shown.html).toContain('4242 4242 4242 4242');
    expect(shown.html).toContain('>Subscribe</button>');
    expect((await page(session.url!, { card: '4242 4242 4242 4242' })).status).toBe(303);
    const subscription = await stripe.subscriptions.retrieve((await stripe.checkout.sessions.retrieve(session.id)).subscription as string);
    expect(subscription.status).toBe('active');
    expect(subscription.trial_end).toBeNull();
    const start = new Date(subscription.start_date * 1000);
    const end = new Date(subscription.items.data[0]!.current_period_end * 1000);
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    // Since 2025-03-31 the period is the item's alone.
    expect(subscription).not.toHaveProperty('current_period_end');
    expect(subscription).not.toHaveProperty('current_period_start');
    expect(subscription.items.data[0]!.current_period_start).toBe(subscription.start_date);
  });

  it('starts one subscription however often the form is sent, and says the checkout is complete', async () => {
    const customer = await newCustomer();
    const session = await checkout(customer.id);
    const [a, b] = await Promise.all([page(session.url!, {}), page(session.url!, {})]);
    expect([a.status, b.status].sort()).toEqual([303, 409]);
    expect((await page(session.url!, {})).html).toContain('This checkout is already complete');
    expect((await page(session.url!)).html).toContain('This checkout is already complete');
    const subscriptions = await stripe.subscriptions.list({ customer: customer.id });
    expect(subscriptions.data).toHaveLength(1);
    expect(receiver.events.filter((e) => e.type === 'customer.subscription.created')).toHaveLength(1);
  });

  it('expands the session\'s subscription and keeps it across a restart', async () => {
    const customer = await newCustomer();
    const session = await checkout(customer.id);
    await page(session.url!, {});
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(expanded.subscription).toMatchObject({ object: 'subscription', status: 'active' });

    const port = Number(new URL(standIn.url).port);
    await standIn.stop();
    standIn = await startStripeStandIn({ port, dynamoEndpoint: dynamo.url, webhookUrl: receiver.url, retryDelays: [50, 100] });
    expect((await stripe.subscriptions.retrieve((expanded.subscription as Stripe.Subscription).id)).customer).toBe(customer.id);
  });

  it('shows a clear page for an unknown checkout', async () => {
    const res = await page(`${standIn.url}/checkout/cs_test_nope`);
    expect(res.status).toBe(404);
    expect(res.html).toContain('Checkout not found');
  });
});

describe('scheduling a subscription\'s end', () => {
  async function activeSubscription() {
    const customer = await newCustomer('later@example.com');
    await page((await checkout(customer.id)).url!, {});
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    receiver.events.length = 0;
    return subscription!;
  }

  it('cancels on a date (cancel_at), shows it in the portal, and takes it back with an empty cancel_at', async () => {
    const subscription = await activeSubscription();
    const periodEnd = subscription.items.data[0]!.current_period_end;
    const cancelAt = periodEnd - 10 * 86_400;
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at: cancelAt });
    expect(updated).toMatchObject({ status: 'active', cancel_at: cancelAt, cancel_at_period_end: false, canceled_at: expect.any(Number) });
    expect(await stripe.subscriptions.retrieve(subscription.id)).toEqual(updated);
    expect(receiver.events.at(-1)).toMatchObject({ type: 'customer.subscription.updated', data: { object: { cancel_at: cancelAt }, previous_attributes: { cancel_at: null, canceled_at: null } } });
    const portal = await stripe.billingPortal.sessions.create({ customer: subscription.customer as string });
    const shown = (await page(portal.url)).html;
    expect(shown).toContain(`Cancels on ${new Date(cancelAt * 1000).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' })}`);
    expect(shown).toContain('>Resume subscription</button>');

    const taken = await stripe.subscriptions.update(subscription.id, { cancel_at: '' as unknown as number });
    expect(taken).toMatchObject({ cancel_at: null, cancel_at_period_end: false, canceled_at: null });
    expect(receiver.events.at(-1)).toMatchObject({ type: 'customer.subscription.updated', data: { previous_attributes: { cancel_at: cancelAt } } });
  });

  it('puts cancel_at at the period end for cancel_at_period_end, as the portal does', async () => {
    const subscription = await activeSubscription();
    const periodEnd = subscription.items.data[0]!.current_period_end;
    expect(await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).toMatchObject({ cancel_at_period_end: true, cancel_at: periodEnd });
    expect(await stripe.subscriptions.update(subscription.id, { cancel_at: 'min_period_end' })).toMatchObject({ cancel_at_period_end: false, cancel_at: periodEnd });
    expect(await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false })).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
  });

  it('refuses both at once, a past date, and a canceled subscription, changing nothing', async () => {
    const subscription = await activeSubscription();
    const soon = Math.floor(Date.now() / 1000) + 86_400;
    await expect(stripe.subscriptions.update(subscription.id, { cancel_at: soon, cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400, param: 'cancel_at' });
    await expect(stripe.subscriptions.update(subscription.id, { cancel_at: 1_000_000 })).rejects.toMatchObject({ statusCode: 400, message: 'cancel_at must be in the future.' });
    await expect(stripe.subscriptions.update(subscription.id, { trial_end: 'now' })).rejects.toThrow('Received unknown parameter: trial_end');
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ cancel_at: null, cancel_at_period_end: false });
    await stripe.subscriptions.cancel(subscription.id);
    await expect(stripe.subscriptions.update(subscription.id, { cancel_at: soon })).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.subscriptions.update('sub_nope', { cancel_at: soon })).rejects.toMatchObject({ statusCode: 404 });
    expect(receiver.events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
  });
});

describe('the customer portal', () => {
  it('cancels at period end, resumes, and cancels now, each with its webhook', async () => {
    const customer = await newCustomer('portal@example.com');
    const session = await checkout(customer.id);
    await page(session.url!, {});
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    receiver.events.length = 0;

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:5173/dashboard' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id, return_url: 'http://localhost:5173/dashboard', url: `${standIn.url}/portal/${portal.id}` });
    const shown = await page(portal.url);
    expect(shown.html).toContain('$11.00 per month');
    expect(shown.html).toContain('Renews on');
    expect(shown.html).toContain('>Cancel subscription</button>');
    expect(shown.html).toContain('>Cancel now</button>');
    expect(shown.html).toContain('<a href="http://localhost:5173/dashboard">Return to Voxpen</a>');

    const canceled = await page(portal.url, { subscription: subscriptionId, action: 'cancel' });
    expect(canceled).toMatchObject({ status: 303, location: `/portal/${portal.id}` });
    expect(receiver.events.at(-1)).toMatchObject({ type: 'customer.subscription.updated', data: { object: { id: subscriptionId, cancel_at_period_end: true }, previous_attributes: { cancel_at_period_end: false } } });
    expect((await page(portal.url)).html).toContain('>Resume subscription</button>');

    await page(portal.url, { subscription: subscriptionId, action: 'resume' });
    expect(receiver.events.at(-1)).toMatchObject({ type: 'customer.subscription.updated', data: { object: { cancel_at_period_end: false } } });

    await page(portal.url, { subscription: subscriptionId, action: 'cancel_now' });
    expect(receiver.events.at(-1)).toMatchObject({ type: 'customer.subscription.deleted', data: { object: { id: subscriptionId, status: 'canceled' } } });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const after = await page(portal.url);
    expect(after.html).toContain('Canceled');
    expect(after.html).not.toContain('>Cancel now</button>');
  });

  it("refuses another customer's subscription", async () => {
    const owner = await newCustomer();
    const session = await checkout(owner.id);
    await page(session.url!, {});
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const other = await stripe.billingPortal.sessions.create({ customer: (await newCustomer()).id });
    expect((await page(other.url, { subscription: subscriptionId, action: 'cancel_now' })).status).toBe(400);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
  });
});

describe('events', () => {
  it('keeps every event, newest first, and resends one on request', async () => {
    const customer = await newCustomer();
    const session = await checkout(customer.id);
    await page(session.url!, {});
    const listed = await stripe.events.list({ limit: 2 });
    expect(listed.data.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created']);
    expect(await stripe.events.retrieve(listed.data[0]!.id)).toEqual(listed.data[0]);

    receiver.events.length = 0;
    const res = await fetch(`${standIn.url}/v1/events/${listed.data[1]!.id}/retry`, { method: 'POST', headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET.secretKey}` } });
    expect(res.status).toBe(200);
    expect(receiver.events.map((e) => e.id)).toEqual([listed.data[1]!.id]);
  });

  it('retries a failed delivery in the background and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      receiver.failNext = 2;
      const customer = await newCustomer();
      const session = await checkout(customer.id);
      await page(session.url!, {});
      await vi.waitFor(() => expect(receiver.events.map((e) => e.type)).toEqual(expect.arrayContaining(['customer.subscription.created', 'checkout.session.completed'])), { timeout: 3000 });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('failed (HTTP 500)'));
    } finally {
      logged.mockRestore();
    }
  });
});

describe('cards, invoices and a change of price', () => {
  const invoices = async (customer: string) => (await stripe.invoices.list({ customer, limit: 10 })).data;

  it('saves the card checkout asked for, and bills the first period on a paid invoice whose hosted page is the receipt', async () => {
    const customer = await newCustomer('card@example.com');
    const session = await checkout(customer.id);
    expect(await page(session.url!, { card: '1234' })).toMatchObject({ status: 400, html: expect.stringContaining('Enter a valid card number.') });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await page(session.url!, { card: '5555 5555 5555 4444' })).status).toBe(303);

    const subscription = await stripe.subscriptions.retrieve((await stripe.checkout.sessions.retrieve(session.id)).subscription as string, { expand: ['default_payment_method'] });
    expect((subscription.default_payment_method as Stripe.PaymentMethod).card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ invoice_settings: { default_payment_method: (subscription.default_payment_method as Stripe.PaymentMethod).id } });
    const [first, ...none] = await invoices(customer.id);
    expect(none).toEqual([]);
    expect(first).toMatchObject({ id: subscription.latest_invoice, status: 'paid', billing_reason: 'subscription_create', total: 1100, amount_paid: 1100, customer: customer.id });
    const receipt = await page(first!.hosted_invoice_url!);
    expect(receipt.html).toContain(`Receipt ${first!.number}`);
    expect(receipt.html).toContain('$11.00');
  });

  it('bills nothing for a trial without a card, and takes a card in the portal for the subscription', async () => {
    const customer = await newCustomer('trial-card@example.com');
    const session = await checkout(customer.id, { trial: true });
    await page(session.url!, {});
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'trialing', default_payment_method: null });
    expect(await invoices(customer.id)).toMatchObject([{ total: 0, amount_paid: 0, status: 'paid', receipt_number: null }]);

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    expect((await page(portal.url)).html).toContain('<dt>Payment method</dt><dd>None</dd>');
    expect((await page(portal.url, { subscription: subscriptionId, action: 'add_card', card: 'nope' })).status).toBe(400);
    receiver.events.length = 0;
    expect((await page(portal.url, { subscription: subscriptionId, action: 'add_card', card: '4242 4242 4242 4242' })).status).toBe(303);
    expect(receiver.events.map((e) => e.type)).toEqual(['payment_method.attached', 'customer.updated', 'customer.subscription.updated']);
    const withCard = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] });
    expect((withCard.default_payment_method as Stripe.PaymentMethod).card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect((await page(portal.url)).html).toContain('<dt>Payment method</dt><dd>Visa ending in 4242</dd>');
  });

  it("switches a trial's price without billing anything: the trial's end stays", async () => {
    const customer = await newCustomer('trial-switch@example.com');
    const session = await checkout(customer.id, { trial: true });
    await page(session.url!, {});
    const before = await stripe.subscriptions.retrieve((await stripe.checkout.sessions.retrieve(session.id)).subscription as string);
    const after = await stripe.subscriptions.update(before.id, { items: [{ id: before.items.data[0]!.id, price: LOCAL_PRICES['pro-annual'].id }] });
    expect(after.items.data[0]).toMatchObject({ price: { id: LOCAL_PRICES['pro-annual'].id }, current_period_end: before.trial_end });
    expect(after).toMatchObject({ status: 'trialing', trial_end: before.trial_end, latest_invoice: before.latest_invoice });
    expect(await invoices(customer.id)).toHaveLength(1);
  });

  it("switches monthly to annual with Stripe's proration: the unused days credited, a new year billed at once; back to monthly, the excess credit kept on the balance", async () => {
    // A stand-in whose clock is moved on ten days after the checkout; its webhooks go to a sink (their signatures would be ten days old).
    let shift = 0;
    const sink = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('{}')));
    const sinkPort = await holdPort();
    await listen(sink, sinkPort);
    const port = await holdPort();
    const moving = await startStripeStandIn({ port, dynamoEndpoint: dynamo.url, webhookUrl: `http://localhost:${sinkPort}/`, retryDelays: [], clock: () => Date.now() + shift });
    try {
      const client = new Stripe(LOCAL_STRIPE_SECRET.secretKey, { host: 'localhost', port, protocol: 'http', telemetry: false });
      const customer = await client.customers.create({ email: 'switch@example.com' });
      const session = await client.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: LOCAL_PRICES['pro-monthly'].id, quantity: 1 }], success_url: 'http://localhost:5173/checkout/success' });
      await page(session.url!, {});
      const monthly = await client.subscriptions.retrieve((await client.checkout.sessions.retrieve(session.id)).subscription as string);
      const { current_period_start: start, current_period_end: end, id: itemId } = monthly.items.data[0]!;

      shift = 10 * 86_400_000;
      const toAnnual = { items: [{ id: itemId, price: LOCAL_PRICES['pro-annual'].id }], proration_behavior: 'always_invoice' as const };
      const annual = await client.subscriptions.update(monthly.id, toAnnual, { idempotencyKey: 'switch-1' });
      const now = annual.items.data[0]!.current_period_start;
      expect(now - start).toBeGreaterThanOrEqual(10 * 86_400);
      expect(annual.items.data[0]).toMatchObject({ price: { id: LOCAL_PRICES['pro-annual'].id }, plan: { interval: 'year', amount: 12100 } });
      expect(new Date(annual.items.data[0]!.current_period_end * 1000).getUTCFullYear() - new Date(now * 1000).getUTCFullYear()).toBe(1);
      expect(annual.billing_cycle_anchor).toBe(now);
      const unused = Math.round((1100 * (end - now)) / (end - start));
      const billed = await client.invoices.retrieve(annual.latest_invoice as string);
      expect(billed).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', total: 12100 - unused, amount_paid: 12100 - unused });
      expect(billed.lines.data.map((l) => [l.amount, l.parent?.subscription_item_details?.proration])).toEqual([
        [-unused, true],
        [12100, false],
      ]);
      // The same request again (a retry, a double click with its key) is the same answer: one switch, one invoice.
      expect((await client.subscriptions.update(monthly.id, toAnnual, { idempotencyKey: 'switch-1' })).latest_invoice).toBe(billed.id);
      expect((await client.invoices.list({ customer: customer.id })).data).toHaveLength(2);

      // Back to monthly the same day: nearly a year unused, more than a month costs; the rest is credit on the balance.
      const back = await client.subscriptions.update(monthly.id, { items: [{ id: itemId, price: LOCAL_PRICES['pro-monthly'].id }] });
      const credit = await client.invoices.retrieve(back.latest_invoice as string);
      expect(credit.total).toBeLessThan(0);
      expect(credit).toMatchObject({ amount_due: 0, amount_paid: 0, ending_balance: credit.total });
      expect(((await client.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(credit.total);
    } finally {
      await moving.stop();
      await close(sink);
    }
  });
});
