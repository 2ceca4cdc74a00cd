/**
 * What the stand-in does to its objects, for the API routes and the hosted pages alike: create and
 * read customers and sessions, complete a checkout, change a subscription from the portal. Every
 * change to a subscription or session sends the webhook Stripe would, in Stripe's order.
 */
import type { Params } from './form-params';
import { arr, metadataOf, obj, str } from './form-params';
import {
  collectsCard,
  customerDetails,
  customerObject,
  findPrice,
  invalid,
  newId,
  noSuch,
  nowSeconds,
  periodEndOf,
  productObject,
  StripeApiError,
  subscriptionObject,
  TRIAL_END_BEHAVIORS,
  type TrialEndBehavior,
  type BillingPortalSession,
  type CheckoutSession,
  type Customer,
  type StoredCheckout,
  type StripeEvent,
  type Subscription,
} from './objects';
import { emit, getCustomer, type OperationDeps } from './operation-deps';
import { attachCard, firstInvoice, switchPrice, type ProrationBehavior } from './payments';

export { emit, getCustomer, type OperationDeps };

const key = {
  subscriptionsOf: (customer: string) => `subs-of#${customer}`,
  checkoutDone: (session: string) => `checkout-done#${session}`,
};

export async function createCustomer(deps: OperationDeps, params: Params): Promise<Customer> {
  const customer = customerObject({ email: str(params, 'email'), name: str(params, 'name'), metadata: metadataOf(params), created: nowSeconds(deps.clock) });
  await deps.store.put(customer.id, customer);
  return customer;
}

/** POST /v1/customers/:id: the fields given replace the customer's (the product changes only the email). */
export async function updateCustomer(deps: OperationDeps, id: string, params: Params): Promise<Customer> {
  const customer = await getCustomer(deps, id, 'id');
  const email = str(params, 'email');
  const name = str(params, 'name');
  const updated: Customer = { ...customer, ...(email !== undefined ? { email } : {}), ...(name !== undefined ? { name } : {}) };
  await deps.store.put(id, updated);
  await emit(deps, 'customer.updated', updated);
  return updated;
}

/** DELETE /v1/customers/:id: its subscriptions end at once (each with its webhook), then the customer goes. */
export async function deleteCustomer(deps: OperationDeps, id: string): Promise<{ id: string; object: 'customer'; deleted: true }> {
  const customer = await getCustomer(deps, id);
  if (customer.deleted) throw noSuch('customer', id);
  for (const subscription of await subscriptionsOf(deps, id)) {
    if (subscription.status !== 'canceled') await endSubscription(deps, subscription);
  }
  await deps.store.put(id, { ...customer, deleted: true });
  await emit(deps, 'customer.deleted', customer);
  return { id, object: 'customer', deleted: true };
}

async function endSubscription(deps: OperationDeps, before: Subscription): Promise<Subscription> {
  const now = nowSeconds(deps.clock);
  const after: Subscription = { ...before, status: 'canceled', canceled_at: now, ended_at: now, cancel_at: null, cancel_at_period_end: false };
  await deps.store.put(after.id, after);
  await emit(deps, 'customer.subscription.deleted', after);
  return after;
}

/**
 * DELETE /v1/subscriptions/:id: ends it at once (status canceled, canceled_at and ended_at now) with
 * `customer.subscription.deleted`. Stripe treats a canceled subscription as gone: canceling it again
 * is "No such subscription" (404), though it can still be retrieved.
 */
export async function cancelSubscription(deps: OperationDeps, id: string): Promise<Subscription> {
  const before = await getSubscription(deps, id);
  if (before.status === 'canceled') throw noSuch('subscription', id);
  return endSubscription(deps, before);
}

export async function getSubscription(deps: OperationDeps, id: string): Promise<Subscription> {
  const subscription = id.startsWith('sub_') ? await deps.store.get<Subscription>(id) : undefined;
  if (!subscription) throw noSuch('subscription', id);
  return subscription;
}

/** A customer's subscriptions, newest first. */
export async function subscriptionsOf(deps: OperationDeps, customer: string): Promise<Subscription[]> {
  const ids = await deps.store.list(key.subscriptionsOf(customer));
  const subscriptions = await Promise.all(ids.map((id) => deps.store.get<Subscription>(id)));
  return subscriptions.filter((s): s is Subscription => s !== undefined).reverse();
}

export function getPrice(id: string) {
  const price = findPrice(id);
  if (!price) throw noSuch('price', id);
  return price;
}

export function getProduct(id: string) {
  const product = productObject();
  if (id !== product.id) throw noSuch('product', id);
  return product;
}

function positiveInteger(value: string | undefined, param: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw invalid(`Invalid positive integer`, param);
  return Number(value);
}

function trialEndBehaviorOf(subscriptionData: Params | undefined): TrialEndBehavior | undefined {
  const param = 'subscription_data[trial_settings][end_behavior][missing_payment_method]';
  const behavior = str(obj(obj(subscriptionData, 'trial_settings'), 'end_behavior'), 'missing_payment_method');
  if (behavior === undefined) return undefined;
  if (!(TRIAL_END_BEHAVIORS as readonly string[]).includes(behavior)) throw invalid(`Invalid ${param}: must be one of ${new Intl.ListFormat('en', { type: 'disjunction' }).format(TRIAL_END_BEHAVIORS)}`, param);
  return behavior as TrialEndBehavior;
}

/** Stripe: a session lasts 24 hours unless `expires_at` asks for 30 minutes to 24 hours after its creation. */
function expiresAtOf(params: Params, now: number): number {
  const asked = str(params, 'expires_at');
  if (asked === undefined) return now + 86_400;
  if (!/^\d+$/.test(asked)) throw invalid(`Invalid integer: ${asked}`, 'expires_at');
  const at = Number(asked);
  if (at < now + 30 * 60) throw invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
  if (at > now + 86_400) throw invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
  return at;
}

export async function createCheckoutSession(deps: OperationDeps, params: Params): Promise<CheckoutSession> {
  const mode = str(params, 'mode');
  if (!mode) throw invalid('Missing required param: mode.', 'mode');
  if (mode !== 'subscription') throw invalid(`The local Stripe stand-in only supports mode=subscription, not '${mode}'.`, 'mode');
  const successUrl = str(params, 'success_url');
  if (!successUrl) throw invalid('Missing required param: success_url.', 'success_url');
  const items = arr(params, 'line_items');
  if (items.length !== 1) throw invalid('The local Stripe stand-in expects exactly one line item.', 'line_items');
  const item = items[0] as Params;
  const priceId = str(item, 'price');
  if (!priceId) throw invalid('Missing required param: line_items[0][price].', 'line_items[0][price]');
  const price = findPrice(priceId);
  if (!price) throw noSuch('price', priceId, 'line_items[0][price]');
  const quantity = positiveInteger(str(item, 'quantity'), 'line_items[0][quantity]') ?? 1;
  const customerId = str(params, 'customer');
  const customer = customerId ? await getCustomer(deps, customerId, 'customer') : undefined;
  const subscriptionData = obj(params, 'subscription_data');
  const trialPeriodDays = positiveInteger(str(subscriptionData, 'trial_period_days'), 'subscription_data[trial_period_days]');
  const trialEndBehavior = trialEndBehaviorOf(subscriptionData);

  const now = nowSeconds(deps.clock);
  const expiresAt = expiresAtOf(params, now);
  const id = newId('cs_test', 58);
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: str(params, 'allow_promotion_codes') === 'true' ? true : null,
    allowed_payment_method_types: null,
    amount_subtotal: price.unit_amount * quantity,
    amount_total: price.unit_amount * quantity,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: str(params, 'cancel_url') ?? null,
    client_reference_id: str(params, 'client_reference_id') ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: price.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customer?.id ?? null,
    customer_account: null,
    customer_creation: customer ? null : 'always',
    customer_details: customer ? customerDetails(customer.email, customer.name) : null,
    customer_email: str(params, 'customer_email') ?? null,
    discounts: [],
    expires_at: expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: str(params, 'locale') ?? null,
    managed_payments: null,
    metadata: metadataOf(params),
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: str(params, 'payment_method_collection') ?? 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${deps.baseUrl}/checkout/${id}`,
    wallet_options: null,
  };
  const stored: StoredCheckout = { session, terms: { priceId, quantity, trialPeriodDays, trialEndBehavior, subscriptionMetadata: metadataOf(subscriptionData) } };
  await deps.store.put(id, stored);
  return session;
}

/** A session past its `expires_at` is expired here, when next looked at: Stripe expires it on its own and says so by webhook. */
export async function getCheckout(deps: OperationDeps, id: string): Promise<StoredCheckout> {
  const stored = id.startsWith('cs_') ? await deps.store.get<StoredCheckout>(id) : undefined;
  if (!stored) throw noSuch('checkout.session', id);
  if (stored.session.status !== 'open' || nowSeconds(deps.clock) < (stored.session.expires_at as number)) return stored;
  // Expire it now; when another request got there first, what that request saved is the answer.
  return (await markExpired(deps, stored)) ?? (await deps.store.get<StoredCheckout>(id))!;
}

/**
 * An open session becomes expired: no longer payable, `checkout.session.expired` sent. It takes the
 * claim completion takes, so a session is paid or expired, never both; undefined when the claim is lost.
 */
async function markExpired(deps: OperationDeps, { session, terms }: StoredCheckout): Promise<StoredCheckout | undefined> {
  if (!(await deps.store.putIfAbsent(key.checkoutDone(session.id), { expired: true }))) return undefined;
  const expired: StoredCheckout = { session: { ...session, status: 'expired', url: null }, terms };
  await deps.store.put(session.id, expired);
  await emit(deps, 'checkout.session.expired', expired.session);
  return expired;
}

/** What took a session's claim, for a request that lost it before the winner saved the session. */
async function claimedBy(deps: OperationDeps, id: string): Promise<'complete' | 'expired'> {
  return (await deps.store.get<{ expired?: true }>(key.checkoutDone(id)))?.expired ? 'expired' : 'complete';
}

/** POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
export async function expireCheckout(deps: OperationDeps, id: string): Promise<CheckoutSession> {
  const stored = await getCheckout(deps, id);
  const expired = stored.session.status === 'open' ? await markExpired(deps, stored) : undefined;
  if (expired) return expired.session;
  const status = stored.session.status === 'open' ? await claimedBy(deps, id) : stored.session.status;
  throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${status}\`.`);
}

export type CheckoutOutcome = { done: true; session: CheckoutSession; subscription: Subscription } | { done: false; reason: 'complete' | 'expired' };

/**
 * The hosted page's "Subscribe": starts the subscription and completes the session, once. A claim
 * item makes a double submit (or two tabs) start one subscription, not two. The card the page asked
 * for (`card`, its digits) is saved as the customer's and the subscription's; its first invoice is paid.
 */
export async function completeCheckout(deps: OperationDeps, id: string, email?: string, card?: string): Promise<CheckoutOutcome> {
  const { session, terms } = await getCheckout(deps, id);
  // getCheckout has already expired a session past its expires_at.
  if (session.status !== 'open') return { done: false, reason: session.status };
  const now = nowSeconds(deps.clock);
  const subscriptionId = newId('sub');
  if (!(await deps.store.putIfAbsent(key.checkoutDone(id), { subscription: subscriptionId }))) return { done: false, reason: await claimedBy(deps, id) };

  let customerId = session.customer;
  if (!customerId) {
    // Checkout without a customer makes one from the email given, as Stripe does.
    const customer = customerObject({ email: email ?? session.customer_email ?? undefined, metadata: {}, created: now });
    await deps.store.put(customer.id, customer);
    customerId = customer.id;
  }
  const price = findPrice(terms.priceId)!;
  const paymentMethod = card && collectsCard(session, terms.trialPeriodDays) ? await attachCard(deps, customerId, card) : undefined;
  const started = subscriptionObject({ id: subscriptionId, customer: customerId, price, quantity: terms.quantity, trialPeriodDays: terms.trialPeriodDays, trialEndBehavior: terms.trialEndBehavior, metadata: terms.subscriptionMetadata, now });
  const withCard: Subscription = { ...started, default_payment_method: paymentMethod?.id ?? null };
  const subscription: Subscription = { ...withCard, latest_invoice: (await firstInvoice(deps, withCard)).id };
  await deps.store.put(subscription.id, subscription);
  await deps.store.append(key.subscriptionsOf(customerId), subscription.id);

  const customer = await deps.store.get<Customer>(customerId);
  const completed: CheckoutSession = {
    ...session,
    customer: customerId,
    customer_details: customerDetails(customer?.email ?? email ?? null, customer?.name ?? null),
    payment_status: subscription.status === 'trialing' ? 'no_payment_required' : 'paid',
    status: 'complete',
    subscription: subscription.id,
    url: null,
  };
  await deps.store.put(id, { session: completed, terms } satisfies StoredCheckout);
  // Stripe's order: the subscription exists before the session reports it.
  await emit(deps, 'customer.subscription.created', subscription);
  await emit(deps, 'checkout.session.completed', completed);
  return { done: true, session: completed, subscription };
}

export async function createPortalSession(deps: OperationDeps, params: Params): Promise<BillingPortalSession> {
  const customerId = str(params, 'customer');
  if (!customerId) throw invalid('Missing required param: customer.', 'customer');
  await getCustomer(deps, customerId, 'customer');
  const id = newId('bps', 24);
  const session: BillingPortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_local_stand_in',
    created: nowSeconds(deps.clock),
    customer: customerId,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: str(params, 'return_url') ?? null,
    url: `${deps.baseUrl}/portal/${id}`,
  };
  await deps.store.put(id, session);
  return session;
}

export async function getPortalSession(deps: OperationDeps, id: string): Promise<BillingPortalSession> {
  const session = id.startsWith('bps_') ? await deps.store.get<BillingPortalSession>(id) : undefined;
  if (!session) throw noSuch('billing_portal.session', id);
  return session;
}

export type PortalAction = 'cancel' | 'resume' | 'cancel_now' | 'add_card';

/**
 * A portal button: only on the portal customer's own subscription, and only while it is not canceled.
 * "Add a card" (`card`, its digits) saves it for the customer and makes it the subscription's: a
 * trial without one then goes on to be paid.
 */
export async function changeSubscription(deps: OperationDeps, portal: BillingPortalSession, subscriptionId: string, action: PortalAction, card?: string): Promise<Subscription> {
  const before = await getSubscription(deps, subscriptionId);
  if (before.customer !== portal.customer) throw noSuch('subscription', subscriptionId);
  if (before.status === 'canceled') throw invalid('This subscription is already canceled.');
  if (action === 'cancel_now') return endSubscription(deps, before);
  if (action === 'add_card') {
    if (!card) throw invalid('Enter a card number.', 'card');
    const paymentMethod = await attachCard(deps, before.customer, card);
    const after: Subscription = { ...before, default_payment_method: paymentMethod.id };
    await deps.store.put(after.id, after);
    await emit(deps, 'customer.subscription.updated', after, { default_payment_method: before.default_payment_method });
    return after;
  }
  // The portal cancels at the period's end, as Stripe's does; "resume" takes back any scheduled end.
  return scheduleEnd(deps, before, action === 'cancel' ? { atPeriodEnd: true } : { cancelAt: null });
}

type ScheduledEnd = { atPeriodEnd: true } | { cancelAt: number | null };

/**
 * Schedules (or takes back) the subscription's end, as Stripe's update does since 2025-03-31:
 * `cancel_at_period_end` puts `cancel_at` at the period's end, a `cancel_at` of its own clears
 * `cancel_at_period_end`, and `canceled_at` says when it was asked. Sends `customer.subscription.updated`
 * with what changed, or nothing when nothing did.
 */
async function scheduleEnd(deps: OperationDeps, before: Subscription, end: ScheduledEnd): Promise<Subscription> {
  const atPeriodEnd = 'atPeriodEnd' in end;
  const cancelAt = atPeriodEnd ? periodEndOf(before) : end.cancelAt;
  if (before.cancel_at === cancelAt && before.cancel_at_period_end === atPeriodEnd) return before;
  const now = nowSeconds(deps.clock);
  const after: Subscription = { ...before, cancel_at: cancelAt, cancel_at_period_end: atPeriodEnd, canceled_at: cancelAt === null ? null : now };
  await deps.store.put(after.id, after);
  const previous = Object.fromEntries((['cancel_at', 'cancel_at_period_end', 'canceled_at'] as const).filter((k) => before[k] !== after[k]).map((k) => [k, before[k]]));
  await emit(deps, 'customer.subscription.updated', after, previous);
  return after;
}

/** `cancel_at` as the update takes it: a time, `min_period_end`/`max_period_end`, or empty to take the end back. */
function cancelAtOf(asked: string, subscription: Subscription, now: number): number | null {
  if (asked === '') return null;
  // One item, so its period's end is both the earliest and the latest.
  if (asked === 'min_period_end' || asked === 'max_period_end') return periodEndOf(subscription);
  if (!/^\d+$/.test(asked)) throw invalid(`Invalid cancel_at: must be a Unix timestamp, min_period_end or max_period_end`, 'cancel_at');
  const at = Number(asked);
  if (at <= now) throw invalid('cancel_at must be in the future.', 'cancel_at');
  return at;
}

/**
 * POST /v1/subscriptions/:id: what the stand-in changes is the one item's price (monthly <-> annual,
 * ./payments.ts), the scheduled end (`cancel_at`, `cancel_at_period_end`) and the metadata. A canceled
 * subscription keeps its end.
 */
export async function updateSubscription(deps: OperationDeps, id: string, params: Params): Promise<Subscription> {
  let subscription = await getSubscription(deps, id);
  const items = arr(params, 'items');
  if (items.length) {
    const item = items[0] as Params;
    const current = subscription.items.data[0]!;
    if (items.length !== 1 || str(item, 'id') !== current.id) throw invalid('The local Stripe stand-in changes the subscription\'s one item, named by its id.', 'items[0][id]');
    const priceId = str(item, 'price');
    const price = priceId ? findPrice(priceId) : undefined;
    if (!price) throw noSuch('price', priceId ?? '', 'items[0][price]');
    const proration = (str(params, 'proration_behavior') ?? 'create_prorations') as ProrationBehavior;
    if (!['create_prorations', 'always_invoice', 'none'].includes(proration)) throw invalid('Invalid proration_behavior: must be one of create_prorations, always_invoice, or none', 'proration_behavior');
    subscription = await switchPrice(deps, subscription, price, proration);
  }
  // An empty `cancel_at=` is the update's way to take a scheduled end back, so it is read as given.
  const cancelAt = typeof params.cancel_at === 'string' ? params.cancel_at : undefined;
  const atPeriodEnd = str(params, 'cancel_at_period_end');
  if (cancelAt !== undefined && atPeriodEnd !== undefined) throw invalid('You may only specify one of these parameters: cancel_at, cancel_at_period_end.', 'cancel_at');
  if (atPeriodEnd !== undefined && atPeriodEnd !== 'true' && atPeriodEnd !== 'false') throw invalid(`Invalid boolean: ${atPeriodEnd}`, 'cancel_at_period_end');
  if ((cancelAt ?? atPeriodEnd) !== undefined) {
    if (subscription.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const end: ScheduledEnd = atPeriodEnd === 'true' ? { atPeriodEnd: true } : { cancelAt: atPeriodEnd === 'false' ? null : cancelAtOf(cancelAt!, subscription, nowSeconds(deps.clock)) };
    subscription = await scheduleEnd(deps, subscription, end);
  }
  if (params.metadata !== undefined) {
    const before = subscription;
    subscription = { ...before, metadata: { ...before.metadata, ...metadataOf(params) } };
    await deps.store.put(id, subscription);
    await emit(deps, 'customer.subscription.updated', subscription, { metadata: before.metadata });
  }
  return subscription;
}

export async function getEvent(deps: OperationDeps, id: string): Promise<StripeEvent> {
  const event = id.startsWith('evt_') ? await deps.store.get<StripeEvent>(id) : undefined;
  if (!event) throw noSuch('event', id);
  return event;
}

/** Stripe CLI's `stripe events resend`: the same event, signed afresh, to the webhook endpoint. */
export async function resendEvent(deps: OperationDeps, id: string): Promise<StripeEvent> {
  const event = await getEvent(deps, id);
  await deps.webhooks.send(event);
  return event;
}

/** Inlines `expand`ed top-level ids (`customer`, `subscription`) as Stripe does. */
export async function expand(deps: OperationDeps, object: Record<string, unknown>, paths: string[]): Promise<Record<string, unknown>> {
  const out = { ...object };
  for (const path of paths) {
    const field = path.split('.')[0]!;
    const value = out[field];
    if (typeof value !== 'string') {
      if (!(field in out)) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
      continue;
    }
    const expanded = await deps.store.get<unknown>(value);
    if (expanded === undefined) throw new StripeApiError(400, { type: 'invalid_request_error', message: `This property cannot be expanded (${path}).`, param: 'expand' });
    out[field] = expanded;
  }
  return out;
}
