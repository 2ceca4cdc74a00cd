/**
 * The stand-in's payment methods and invoices, as the pinned API version shapes them: a card's brand
 * and last four (what a test card number says), and the invoices a subscription's checkout and changes
 * make, each with its hosted page (`hosted_invoice_url`, the receipt once paid).
 */
import { newId, type Price, type Subscription } from './objects';

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  customer: string | null;
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; [field: string]: unknown };
  [field: string]: unknown;
}

/** The network a test card number belongs to, by its leading digits as Stripe's test cards use them. */
export function cardBrandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

/** Stripe's test Visa, which the hosted pages fill in. */
export const TEST_CARD = '4242 4242 4242 4242';

/** A card as the hosted pages take one: its digits; anything else is not a card number. */
export function cardDigits(typed: string | undefined | null): string | undefined {
  const digits = (typed ?? '').replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : undefined;
}

export function paymentMethodObject(fields: { customer: string; number: string; now: number }): PaymentMethod {
  const brand = cardBrandOf(fields.number);
  const expires = new Date(fields.now * 1000);
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brand,
      // A test card's expiry: three years on, as the stand-in's hosted page asks for none.
      exp_month: expires.getUTCMonth() + 1,
      exp_year: expires.getUTCFullYear() + 3,
      fingerprint: fields.number.slice(-8),
      funding: 'credit',
      generated_from: null,
      last4: fields.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: fields.now,
    customer: fields.customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

/** One line of an invoice: a period of a subscription's price, or a proration's credit for time not used. */
export interface InvoiceLine {
  amount: number;
  description: string;
  price: Price;
  quantity: number;
  period: { start: number; end: number };
  proration: boolean;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid' | 'open';
  total: number;
  amount_due: number;
  amount_paid: number;
  created: number;
  hosted_invoice_url: string;
  number: string;
  [field: string]: unknown;
}

export type BillingReason = 'subscription_create' | 'subscription_update' | 'subscription_cycle';

/**
 * An invoice of a subscription, finalized and paid at once (the stand-in charges its test card, or
 * nothing is due). A total below zero is a credit: nothing is due, and it goes to the customer's
 * balance, which the next invoices draw on (`startingBalance`, negative for a credit).
 */
export function invoiceObject(fields: {
  subscription: Subscription;
  lines: InvoiceLine[];
  reason: BillingReason;
  customer: { id: string; email: string | null; name: string | null; invoicePrefix: string };
  sequence: number;
  startingBalance: number;
  baseUrl: string;
  now: number;
}): Invoice {
  const { subscription, now } = fields;
  const id = newId('in');
  const total = fields.lines.reduce((sum, line) => sum + line.amount, 0);
  // The credit on the balance pays first; what is left of a negative total becomes credit.
  const applied = total > 0 ? Math.max(fields.startingBalance, -total) : 0;
  const due = Math.max(total + applied, 0);
  const periods = fields.lines.map((line) => line.period);
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Voxpen (local Stripe stand-in)',
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: due,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: due > 0 ? 1 : 0,
    attempted: due > 0,
    auto_advance: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: fields.reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency as string,
    custom_fields: null,
    customer: fields.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: fields.customer.email,
    customer_name: fields.customer.name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: fields.startingBalance + applied + Math.min(total, 0),
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${fields.baseUrl}/invoice/${id}`,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: fields.lines.map((line) => ({
        id: newId('il'),
        object: 'line_item',
        amount: line.amount,
        currency: line.price.currency,
        description: line.description,
        discount_amounts: [],
        discountable: !line.proration,
        discounts: [],
        invoice: id,
        livemode: false,
        metadata: {},
        parent: {
          invoice_item_details: null,
          subscription_item_details: { invoice_item: null, proration: line.proration, proration_details: { credited_items: null }, subscription: subscription.id, subscription_item: subscription.items.data[0]!.id },
          type: 'subscription_item_details',
        },
        period: line.period,
        pretax_credit_amounts: [],
        pricing: { price_details: { price: line.price.id, product: line.price.product }, type: 'price_details', unit_amount_decimal: String(line.price.unit_amount) },
        quantity: line.quantity,
        quantity_decimal: String(line.quantity),
        subscription: subscription.id,
        subtotal: line.amount,
        taxes: [],
      })),
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${fields.customer.invoicePrefix}-${String(fields.sequence).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: { quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id }, type: 'subscription_details' },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: Math.max(...periods.map((p) => p.start)),
    period_start: Math.min(...periods.map((p) => p.start)),
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: due > 0 ? `${fields.customer.invoicePrefix.slice(0, 4)}-${String(fields.sequence).padStart(4, '0')}` : null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: fields.startingBalance,
    statement_descriptor: null,
    status: 'paid',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: now, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  };
}
