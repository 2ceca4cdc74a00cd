/**
 * The Stripe API calls billing makes (create a customer, create and expire a Checkout Session, a
 * portal session; read a subscription or a session; list a customer's invoices; move a subscription
 * to the other price; list and cancel a customer's subscriptions when its account is deleted), in fetch's shape over node:http(s) (functions/lib/node-request.ts: no undici
 * loaded on a cold start's first checkout). Why not the `stripe` SDK here: its core imports all of its ~270 resources, so it cannot
 * be tree-shaken and alone is 240 KB minified, doubling this Lambda past its 280 KB budget (docs/testing.md#lambda-budgets). What the
 * SDK gives a money path is kept: the pinned API version, an idempotency key on every POST (reused
 * across retries), retries on network errors, 409 and 5xx as Stripe advises, and typed errors. The
 * local stand-in these calls are tested against is itself tested with the real SDK.
 */
import { createHash, randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { nodeFetch, type FetchedResponse, type FetchLike } from '../lib/node-request';
import { callLimitMs, STRIPE_LIMITS } from '../lib/deadline';

/** The API version the `stripe` package in package.json pins (its ApiVersion); events are read with its types. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type?: string,
    readonly code?: string,
    readonly requestId?: string,
    /** The request parameter Stripe blames, e.g. `customer` for "No such customer". */
    readonly param?: string,
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  /** Stripe no longer knows the customer named in the request (deleted in its dashboard). */
  get isMissingCustomer(): boolean {
    return this.code === 'resource_missing' && this.param === 'customer';
  }
}

type Param = string | number | boolean | undefined | Param[] | { [key: string]: Param };

/** Stripe's form encoding: nested objects and arrays as `a[b][0][c]=v`. */
export function formEncode(params: Record<string, Param>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: Param) => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}

export interface StripeApiOptions {
  secretKey: string;
  /** Default https://api.stripe.com; the local stand-in's address locally. */
  apiUrl?: string;
  maxRetries?: number;
  /** Longest wait for one attempt. */
  timeoutMs?: number;
  /** Longest time for a call with all its retries: the Lambda has 10 s in all, and must still answer. */
  budgetMs?: number;
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
}

export interface CheckoutSessionParams {
  mode: 'subscription';
  customer: string;
  client_reference_id: string;
  line_items: { price: string; quantity: number }[];
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  subscription_data: {
    metadata: Record<string, string>;
    trial_period_days?: number;
    trial_settings?: { end_behavior: { missing_payment_method: 'cancel' | 'pause' | 'create_invoice' } };
  };
  payment_method_collection?: 'always' | 'if_required';
}

export type CheckoutSession = Pick<Stripe.Checkout.Session, 'id' | 'url' | 'status' | 'expires_at' | 'client_reference_id' | 'customer' | 'metadata' | 'subscription'>;

export interface StripeApi {
  createCustomer(params: { email: string; name?: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<{ id: string }>;
  /** The account's proven address changed: the customer's receipts follow it. */
  updateCustomerEmail(customer: string, email: string): Promise<{ id: string; email: string | null }>;
  createCheckoutSession(params: CheckoutSessionParams): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  createPortalSession(params: { customer: string; return_url: string }): Promise<{ id: string; url: string }>;
  /** `expand`: ids on it to inline (`default_payment_method`, `customer`). */
  retrieveSubscription(id: string, expand?: string[]): Promise<Stripe.Subscription>;
  /** The customer's last `limit` invoices, newest first. */
  listInvoices(customer: string, limit: number): Promise<{ data: Stripe.Invoice[] }>;
  /**
   * The subscription's one item moved to another price, the change prorated and invoiced at once
   * (Stripe credits the unused time; a change of interval starts a new period, billed now).
   */
  switchPrice(subscription: string, item: string, price: string, idempotencyKey: string): Promise<Stripe.Subscription>;
  /** A customer's subscriptions that have not been canceled (Stripe's default list), up to 100. */
  listSubscriptions(customer: string): Promise<{ data: Stripe.Subscription[] }>;
  /** Ends a subscription at once: no further invoice. Stripe answers 404 for one already canceled. */
  cancelSubscription(id: string): Promise<Stripe.Subscription>;
}

function shouldRetry(res: FetchedResponse | undefined): boolean {
  if (!res) return true;
  const advice = res.headers.get('stripe-should-retry');
  if (advice) return advice === 'true';
  return res.status === 409 || res.status >= 500;
}

export function stripeApi(options: StripeApiOptions): StripeApi {
  const base = (options.apiUrl ?? 'https://api.stripe.com').replace(/\/$/, '');
  const doFetch = options.fetch ?? nodeFetch;
  const maxRetries = options.maxRetries ?? 2;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  const timeoutMs = options.timeoutMs ?? STRIPE_LIMITS.attemptMs;
  const budgetMs = options.budgetMs ?? STRIPE_LIMITS.callMs;

  /** A POST carries an idempotency key, the same on every retry, so a retried create makes one object. */
  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, params?: Record<string, Param>, idempotencyKey: string = randomUUID()): Promise<T> {
    const body = params ? formEncode(params).toString() : undefined;
    // The call's attempts within its budget, and within what is left of the request's (functions/lib/deadline.ts).
    const deadline = Date.now() + callLimitMs(budgetMs);
    for (let attempt = 0; ; attempt++) {
      let res: FetchedResponse | undefined;
      let failure: unknown;
      try {
        res = await doFetch(`${base}/v1/${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.secretKey}`,
            'stripe-version': STRIPE_API_VERSION,
            ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': idempotencyKey } : {}),
          },
          body,
          signal: AbortSignal.timeout(Math.max(Math.min(timeoutMs, deadline - Date.now()), 1)),
        });
        if (res.ok) return (await res.json()) as T;
      } catch (error) {
        failure = error;
      }
      // Exponential backoff with jitter, as the SDK does: 0.5 s, 1 s, ... capped at 5 s.
      const backoff = Math.min(500 * 2 ** attempt, 5_000) * (0.5 + Math.random() / 2);
      if (attempt < maxRetries && shouldRetry(res) && Date.now() + backoff < deadline) {
        await sleep(backoff);
        continue;
      }
      if (!res) throw new StripeApiError(0, `Stripe could not be reached: ${(failure as Error).message}`, 'api_connection_error');
      const error = ((await res.json().catch(() => ({}))) as { error?: { message?: string; type?: string; code?: string; param?: string } }).error;
      throw new StripeApiError(res.status, error?.message ?? `Stripe answered ${res.status}`, error?.type, error?.code, res.headers.get('request-id') ?? undefined, error?.param);
    }
  }

  const id = encodeURIComponent;
  return {
    createCustomer: (params, idempotencyKey) => call('POST', 'customers', { ...params }, idempotencyKey),
    // Keyed by the address, so a retried or repeated change is one update.
    updateCustomerEmail: (customer, email) => call('POST', `customers/${id(customer)}`, { email }, `voxpen-customer-email-${createHash('sha256').update(`${customer}#${email}`).digest('base64url')}`),
    createCheckoutSession: (params) => call('POST', 'checkout/sessions', { ...params }),
    retrieveCheckoutSession: (sessionId) => call('GET', `checkout/sessions/${id(sessionId)}`),
    expireCheckoutSession: (sessionId) => call('POST', `checkout/sessions/${id(sessionId)}/expire`, {}),
    createPortalSession: (params) => call('POST', 'billing_portal/sessions', { ...params }),
    retrieveSubscription: (subscriptionId, expand = []) => call('GET', `subscriptions/${id(subscriptionId)}${expand.length ? `?${formEncode({ expand })}` : ''}`),
    listInvoices: (customer, limit) => call('GET', `invoices?${formEncode({ customer, limit })}`),
    switchPrice: (subscription, item, price, idempotencyKey) =>
      call('POST', `subscriptions/${id(subscription)}`, { items: [{ id: item, price }], proration_behavior: 'always_invoice' }, idempotencyKey),
    listSubscriptions: (customer) => call('GET', `subscriptions?${formEncode({ customer, limit: 100 })}`),
    // A DELETE is idempotent by definition: Stripe takes no idempotency key on it, and a retry is safe.
    cancelSubscription: (subscriptionId) => call('DELETE', `subscriptions/${id(subscriptionId)}`),
  };
}
