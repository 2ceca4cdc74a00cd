/**
 * Stripe's objects as the stand-in makes them: the fields Stripe's API returns (the SDK's types and
 * the product read them), with stand-in values for what a local account has no use for.
 */
import { randomBytes } from 'node:crypto';
import { LOCAL_PRICES, LOCAL_PRO_PRODUCT, type LocalPrice } from './catalog';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe's id shape: a type prefix and random letters and digits. */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${[...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

export const nowSeconds = (clock: () => number) => Math.floor(clock() / 1000);

/** An error answered in Stripe's shape; the SDK turns the status into its error class (400/404 -> StripeInvalidRequestError). */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; param?: string; code?: string },
  ) {
    super(body.message);
  }
}

export function noSuch(kind: string, id: string, param?: string, status = param ? 400 : 404): StripeApiError {
  return new StripeApiError(status, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, ...(param ? { param } : {}) });
}

export function invalid(message: string, param?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
}

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  [field: string]: unknown;
}

export function customerObject(fields: { email?: string; name?: string; metadata: Record<string, string>; created: number }): Customer {
  return {
    id: newId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: fields.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: fields.email ?? null,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name ?? null,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** A Checkout Session's `customer_details`: what the buyer gave, the rest not asked for. */
export function customerDetails(email: string | null, name: string | null): Record<string, unknown> {
  return { address: null, business_name: null, email, individual_name: null, name, phone: null, tax_exempt: 'none', tax_ids: [] };
}

export interface Price {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' | 'year'; interval_count: number; [field: string]: unknown };
  [field: string]: unknown;
}

/** The catalog's prices, created at a fixed instant so every start answers the same object. */
const CATALOG_CREATED = 1_767_225_600;

export function priceObject(price: LocalPrice): Price {
  return {
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: CATALOG_CREATED,
    currency: 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: LOCAL_PRO_PRODUCT.id,
    recurring: { interval: price.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  };
}

export function findPrice(id: string): Price | undefined {
  const price = Object.values(LOCAL_PRICES).find((p) => p.id === id);
  return price && priceObject(price);
}

export function productObject(): Record<string, unknown> {
  return {
    id: LOCAL_PRO_PRODUCT.id,
    object: 'product',
    active: true,
    created: CATALOG_CREATED,
    default_price: LOCAL_PRICES['pro-monthly'].id,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: LOCAL_PRO_PRODUCT.name,
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: 'service',
    updated: CATALOG_CREATED,
    url: null,
  };
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  mode: 'subscription';
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  [field: string]: unknown;
}

/** What checkout needs beyond the session object Stripe returns (its line item and `subscription_data`). */
export interface CheckoutTerms {
  priceId: string;
  quantity: number;
  trialPeriodDays?: number;
  /** `subscription_data[trial_settings][end_behavior][missing_payment_method]`. */
  trialEndBehavior?: TrialEndBehavior;
  subscriptionMetadata: Record<string, string>;
}

export const TRIAL_END_BEHAVIORS = ['cancel', 'pause', 'create_invoice'] as const;
export type TrialEndBehavior = (typeof TRIAL_END_BEHAVIORS)[number];

/** Stripe skips the card for a trial when the product asked it to collect one only if required. */
export function collectsCard(session: CheckoutSession, trialPeriodDays: number | undefined): boolean {
  return !(trialPeriodDays && session.payment_method_collection === 'if_required');
}

export interface StoredCheckout {
  session: CheckoutSession;
  terms: CheckoutTerms;
}

export interface BillingPortalSession {
  id: string;
  object: 'billing_portal.session';
  url: string;
  customer: string;
  return_url: string | null;
  created: number;
  [field: string]: unknown;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'canceled';
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  /** When it ends: set by a cancellation for a date, or for the period's end. */
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  [field: string]: unknown;
}

/** Since API version 2025-03-31 the billing period is on each item, not on the subscription. */
export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  [field: string]: unknown;
}

/** The end of the subscription's current period: its one item's (the stand-in's subscriptions have one). */
export function periodEndOf(subscription: Subscription): number {
  return subscription.items.data[0]!.current_period_end;
}

/** The legacy Plan Stripe still puts beside each item's price, with the same terms. */
function planObject(price: Price): Record<string, unknown> {
  return {
    id: price.id,
    object: 'plan',
    active: true,
    amount: price.unit_amount,
    amount_decimal: String(price.unit_amount),
    billing_scheme: 'per_unit',
    created: CATALOG_CREATED,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: price.recurring.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** One calendar month or year on from `start` (seconds), as Stripe bills: Jan 31 + 1 month is the last day of February. */
export function addInterval(start: number, interval: 'month' | 'year'): number {
  const date = new Date(start * 1000);
  const day = date.getUTCDate();
  const months = interval === 'month' ? 1 : 12;
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

/** The subscription a completed checkout starts: in its trial when the session asked for one, else active and paid. */
export function subscriptionObject(fields: {
  id?: string;
  customer: string;
  price: Price;
  quantity: number;
  trialPeriodDays?: number;
  trialEndBehavior?: TrialEndBehavior;
  metadata: Record<string, string>;
  now: number;
}): Subscription {
  const { now, price } = fields;
  const trialEnd = fields.trialPeriodDays ? now + fields.trialPeriodDays * 86_400 : null;
  const periodEnd = trialEnd ?? addInterval(now, price.recurring.interval);
  const id = fields.id ?? newId('sub');
  const item: SubscriptionItem = {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: now,
    current_period_end: periodEnd,
    current_period_start: now,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planObject(price),
    price,
    quantity: fields.quantity,
    subscription: id,
    tax_rates: [],
  };
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: periodEnd,
    billing_cycle_anchor_config: null,
    // Flexible billing is what a new subscription gets by default since API version 2025-09-30.
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: now },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: fields.trialEndBehavior ?? 'create_invoice' } },
    trial_start: trialEnd ? now : null,
  };
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
}

export function eventObject(type: string, object: unknown, fields: { apiVersion: string; now: number; previous?: Record<string, unknown> }): StripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: fields.apiVersion,
    created: fields.now,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object, ...(fields.previous ? { previous_attributes: fields.previous } : {}) },
  };
}

export function list<T>(data: T[], url: string, hasMore = false) {
  return { object: 'list' as const, data, has_more: hasMore, url };
}
