/**
 * /account's Billing section (docs/account-api.md#billing): the plan as Stripe bills it, read from
 * Stripe each time (the subscription with its card and customer, the last invoices), and the switch
 * between the monthly and annual price. Plain functions: the handler passes the table client, the
 * Stripe client and configuration; each answers an outcome, its refusals by name.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import type { BillingCard, BillingInvoice, BillingOverview, BillingSubscription, SubscriptionStatus } from '../../shared/api-types';
import { currentPlan, PRICE_IDS } from '../../shared/plans';
import type { IntervalBody } from '../../shared/schemas/billing';
import type { BillingConfig } from '../lib/billing-config';
import { getAccount, hasEnded, isDeleting, type Account } from '../user-record';
import { StripeApiError, type StripeApi } from './stripe-api';
import { toSubscription } from './subscription-events';

export interface OverviewDeps {
  db: DynamoDBDocumentClient;
  stripe: StripeApi;
  config: BillingConfig;
}

/** How many invoices the section lists; the portal has the rest. */
export const INVOICES_SHOWN = 5;

export type OverviewOutcome = { status: 'OK'; billing: BillingOverview } | { status: 'UNKNOWN_USER' } | { status: 'DELETING' };

export type SwitchOutcome =
  | { status: 'OK'; interval: 'month' | 'year'; trial: boolean; billing: BillingOverview }
  | { status: 'ALREADY_ON_INTERVAL'; interval: 'month' | 'year' }
  | { status: 'NO_SUBSCRIPTION' }
  | { status: 'UNKNOWN_USER' }
  | { status: 'DELETING' };

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function cardOf(paymentMethod: Stripe.Subscription['default_payment_method']): BillingCard | null {
  const card = typeof paymentMethod === 'object' ? paymentMethod?.card : undefined;
  return card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null;
}

/** The customer's balance: negative is credit the next invoices draw on (a switch from annual to monthly leaves some). */
function balanceOf(customer: Stripe.Subscription['customer']): number {
  return typeof customer === 'object' && !('deleted' in customer && customer.deleted) ? (customer as Stripe.Customer).balance : 0;
}

/**
 * A subscription that has not ended, as the section says it: what follows its trial or period is the
 * next charge (the price, less any credit on the balance), unless it ends first: an end scheduled, or a
 * trial without a card, which our checkout sets to cancel rather than bill (functions/billing/checkout.ts).
 */
export function subscriptionView(sub: Stripe.Subscription, card: BillingCard | null): BillingSubscription {
  const item = sub.items.data[0]!;
  const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
  const trialing = sub.status === 'trialing';
  const endsWithTrial = trialing && !card && sub.trial_settings?.end_behavior.missing_payment_method === 'cancel';
  const endsAt = sub.cancel_at ?? (endsWithTrial ? sub.trial_end : null);
  const nextAt = trialing ? (sub.trial_end ?? item.current_period_end) : item.current_period_end;
  return {
    status: sub.status as SubscriptionStatus,
    interval: item.price.recurring?.interval === 'year' ? 'year' : 'month',
    amount,
    currency: item.price.currency,
    trialEnd: trialing && sub.trial_end ? iso(sub.trial_end) : null,
    endsAt: endsAt ? iso(endsAt) : null,
    nextCharge: endsAt ? null : { amount: Math.max(amount + balanceOf(sub.customer), 0), currency: item.price.currency, at: iso(nextAt) },
  };
}

function invoiceView(invoice: Stripe.Invoice): BillingInvoice {
  return {
    id: invoice.id!,
    number: invoice.number,
    createdAt: iso(invoice.created),
    total: invoice.total,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    status: invoice.status ?? 'draft',
    url: invoice.hosted_invoice_url ?? null,
  };
}

/** The account's subscription while it has not ended (as our record last stored it). */
const liveSubscriptionId = (account: Account) => (account.subscription && !hasEnded(account.subscription) ? account.subscription.subscriptionId : undefined);

async function invoicesOf(stripe: StripeApi, customer: string | undefined): Promise<BillingInvoice[]> {
  if (!customer) return [];
  try {
    return (await stripe.listInvoices(customer, INVOICES_SHOWN)).data.map(invoiceView);
  } catch (error) {
    // A customer deleted in Stripe's dashboard has no invoices left to show.
    if (error instanceof StripeApiError && error.isMissingCustomer) return [];
    throw error;
  }
}

async function overviewOf(deps: OverviewDeps, account: Account): Promise<BillingOverview> {
  const subscriptionId = liveSubscriptionId(account);
  const [sub, invoices] = await Promise.all([
    subscriptionId ? deps.stripe.retrieveSubscription(subscriptionId, ['default_payment_method', 'customer']) : undefined,
    invoicesOf(deps.stripe, account.stripeCustomerId),
  ]);
  const live = sub && !hasEnded({ status: sub.status as SubscriptionStatus }) ? sub : undefined;
  const card = live ? cardOf(live.default_payment_method) : null;
  return {
    plan: live ? currentPlan(toSubscription(live), deps.config.proProductId) : 'free',
    subscription: live ? subscriptionView(live, card) : null,
    paymentMethod: card,
    invoices,
  };
}

export async function readBillingOverview(deps: OverviewDeps, userId: string): Promise<OverviewOutcome> {
  const account = await getAccount(deps.db, userId);
  if (!account) return { status: 'UNKNOWN_USER' };
  if (isDeleting(account)) return { status: 'DELETING' };
  return { status: 'OK', billing: await overviewOf(deps, account) };
}

/**
 * Monthly <-> annual: the subscription's item moved to the other Pro price, as Stripe prorates it
 * (in a trial only the price changes). The page's request id is the update's idempotency key, so a
 * retried press is one change. The account's record follows through the webhook Stripe sends for
 * the update (customer.subscription.updated, read again from Stripe: ./subscription-events.ts); this
 * Lambda writes no usage month, so it is granted none (shared/routes.ts). The answer is read from Stripe.
 */
export async function switchInterval(deps: OverviewDeps, userId: string, body: IntervalBody): Promise<SwitchOutcome> {
  const account = await getAccount(deps.db, userId);
  if (!account) return { status: 'UNKNOWN_USER' };
  if (isDeleting(account)) return { status: 'DELETING' };
  const subscriptionId = liveSubscriptionId(account);
  if (!subscriptionId) return { status: 'NO_SUBSCRIPTION' };
  const sub = await deps.stripe.retrieveSubscription(subscriptionId);
  const item = sub.items.data[0];
  if (!item || hasEnded({ status: sub.status as SubscriptionStatus }) || currentPlan(toSubscription(sub), deps.config.proProductId) !== 'pro') return { status: 'NO_SUBSCRIPTION' };
  if (item.price.recurring?.interval === body.interval) return { status: 'ALREADY_ON_INTERVAL', interval: body.interval };
  const price = deps.config.stripePriceIds[body.interval === 'year' ? PRICE_IDS.annually : PRICE_IDS.monthly];
  const switched = await deps.stripe.switchPrice(sub.id, item.id, price, `voxpen-interval-${account.userId}-${body.requestId}`);
  return { status: 'OK', interval: body.interval, trial: switched.status === 'trialing', billing: await overviewOf(deps, account) };
}
