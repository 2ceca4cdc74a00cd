/**
 * The API calls the product makes: each a method and path onto an operation, with the parameters
 * Stripe accepts on it.
 */
import { arr, str, type Params } from './form-params';
import { invalid, list } from './objects';
import * as ops from './operations';
import { getInvoice, getPaymentMethod, invoicesOf } from './payments';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** The parameters accepted; unset, any. */
  params?: readonly string[];
  handle: (params: Params, match: string[]) => Promise<unknown>;
}

/** The parameters Stripe accepts on the creates the stand-in serves; any other is refused as Stripe refuses it. */
const ACCEPTED = {
  customers: ['address', 'balance', 'cash_balance', 'description', 'email', 'expand', 'invoice_prefix', 'invoice_settings', 'metadata', 'name', 'next_invoice_sequence', 'payment_method', 'phone', 'preferred_locales', 'shipping', 'source', 'tax', 'tax_exempt', 'tax_id_data', 'test_clock'],
  checkoutSessions: [
    'adaptive_pricing', 'after_expiration', 'allow_promotion_codes', 'automatic_tax', 'billing_address_collection', 'cancel_url', 'client_reference_id', 'consent_collection',
    'currency', 'custom_fields', 'custom_text', 'customer', 'customer_creation', 'customer_email', 'customer_update', 'discounts', 'expand', 'expires_at', 'invoice_creation',
    'line_items', 'locale', 'metadata', 'mode', 'optional_items', 'payment_method_collection', 'payment_method_configuration', 'payment_method_options', 'payment_method_types',
    'phone_number_collection', 'redirect_on_completion', 'return_url', 'saved_payment_method_options', 'shipping_address_collection', 'submit_type', 'subscription_data',
    'success_url', 'tax_id_collection', 'ui_mode',
  ],
  portalSessions: ['configuration', 'customer', 'expand', 'flow_data', 'locale', 'on_behalf_of', 'return_url'],
  cancelSubscription: ['cancellation_details', 'expand', 'invoice_now', 'prorate'],
  // Of what Stripe's update takes, the item's price (monthly <-> annual) with its proration, the scheduled end and metadata.
  updateSubscription: ['cancel_at', 'cancel_at_period_end', 'expand', 'items', 'metadata', 'proration_behavior'],
} as const;

export function apiRoutes(deps: ops.OperationDeps): ApiRoute[] {
  const withExpand = async (object: unknown, params: Params) => {
    const paths = arr(params, 'expand').filter((p): p is string => typeof p === 'string');
    return paths.length ? ops.expand(deps, object as Record<string, unknown>, paths) : object;
  };

  return [
    { method: 'POST', pattern: /^\/v1\/customers$/, params: ACCEPTED.customers, handle: async (p) => withExpand(await ops.createCustomer(deps, p), p) },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handle: async (p, [id]) => withExpand(await ops.getCustomer(deps, id!), p) },
    { method: 'POST', pattern: /^\/v1\/customers\/([^/]+)$/, params: ACCEPTED.customers, handle: async (p, [id]) => withExpand(await ops.updateCustomer(deps, id!, p), p) },
    { method: 'DELETE', pattern: /^\/v1\/customers\/([^/]+)$/, handle: async (_p, [id]) => ops.deleteCustomer(deps, id!) },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, params: ACCEPTED.checkoutSessions, handle: async (p) => withExpand(await ops.createCheckoutSession(deps, p), p) },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, params: ['expand'], handle: async (p, [id]) => withExpand(await ops.expireCheckout(deps, id!), p) },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: async (p, [id]) => withExpand((await ops.getCheckout(deps, id!)).session, p) },
    { method: 'POST', pattern: /^\/v1\/billing_portal\/sessions$/, params: ACCEPTED.portalSessions, handle: async (p) => ops.createPortalSession(deps, p) },
    { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: async (p, [id]) => withExpand(await ops.getSubscription(deps, id!), p) },
    { method: 'POST', pattern: /^\/v1\/subscriptions\/([^/]+)$/, params: ACCEPTED.updateSubscription, handle: async (p, [id]) => withExpand(await ops.updateSubscription(deps, id!, p), p) },
    { method: 'DELETE', pattern: /^\/v1\/subscriptions\/([^/]+)$/, params: ACCEPTED.cancelSubscription, handle: async (p, [id]) => withExpand(await ops.cancelSubscription(deps, id!), p) },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions$/,
      handle: async (p) => {
        const customer = str(p, 'customer');
        if (!customer) throw invalid('The local Stripe stand-in lists subscriptions by customer only.', 'customer');
        const status = str(p, 'status');
        // Stripe's default list leaves out canceled subscriptions; `status=all` includes them.
        const all = (await ops.subscriptionsOf(deps, customer)).filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'));
        return list(all, '/v1/subscriptions');
      },
    },
    { method: 'GET', pattern: /^\/v1\/payment_methods\/([^/]+)$/, handle: async (p, [id]) => withExpand(await getPaymentMethod(deps, id!), p) },
    { method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)$/, handle: async (p, [id]) => withExpand(await getInvoice(deps, id!), p) },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices$/,
      handle: async (p) => {
        const customer = str(p, 'customer');
        if (!customer) throw invalid('The local Stripe stand-in lists invoices by customer only.', 'customer');
        const limit = Math.min(Math.max(Number(str(p, 'limit') ?? 10) || 10, 1), 100);
        const invoices = await invoicesOf(deps, customer);
        return list(invoices.slice(0, limit), '/v1/invoices', invoices.length > limit);
      },
    },
    { method: 'GET', pattern: /^\/v1\/prices\/([^/]+)$/, handle: async (_p, [id]) => ops.getPrice(id!) },
    { method: 'GET', pattern: /^\/v1\/products\/([^/]+)$/, handle: async (_p, [id]) => ops.getProduct(id!) },
    { method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, handle: async (_p, [id]) => ops.getEvent(deps, id!) },
    {
      method: 'GET',
      pattern: /^\/v1\/events$/,
      handle: async (p) => {
        const limit = Math.min(Math.max(Number(str(p, 'limit') ?? 10) || 10, 1), 100);
        const type = str(p, 'type');
        const events = (await deps.store.events<{ type: string }>()).filter((e) => !type || e.type === type);
        return list(events.slice(0, limit), '/v1/events', events.length > limit);
      },
    },
    { method: 'POST', pattern: /^\/v1\/events\/([^/]+)\/retry$/, handle: async (_p, [id]) => ops.resendEvent(deps, id!) },
  ];
}
