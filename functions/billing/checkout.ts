/**
 * Starting a Pro subscription (spec §4, §7; docs/decisions.md#8: the first Pro checkout of an account is a
 * 14-day trial without a card) and opening Stripe's portal to manage one. Plain functions: the
 * handler passes the table client, the Stripe client, configuration and the site origin.
 *
 * An account has at most one open Checkout Session: a second click (or tab) for the same price gets
 * the same session, and one for the other price expires the first, so two checkouts can never both
 * complete into two subscriptions (or two trials).
 *
 * Each answers an outcome, its refusals by name; the handler decides what they are in HTTP.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CHECKOUT_CANCELLED_PARAM, currentPlan, isPriceId, PRICE_IDS, PRO_TRIAL_DAYS, type PriceId } from '../../shared/plans';
import { getAccount, type Account, type OpenCheckout, isDeleting, linkCustomer, rememberCheckout, hasEnded, ensureAccount } from '../user-record';
import type { BillingConfig } from '../lib/billing-config';
import { StripeApiError, type CheckoutSessionParams, type StripeApi } from './stripe-api';

export interface BillingDeps {
  db: DynamoDBDocumentClient;
  stripe: StripeApi;
  config: BillingConfig;
  webOrigin: string;
  now: Date;
}

export interface Caller {
  userId: string;
  email?: string;
}

export type CheckoutOutcome =
  | { status: 'OK'; url: string }
  | { status: 'INVALID_PRICE' }
  | { status: 'UNKNOWN_USER' }
  /** A live Pro subscription, or a checkout that completed while this one was being opened. */
  | { status: 'ALREADY_PRO' }
  /** A subscription that has not ended but is not Pro (past due, unpaid, paused...): the portal mends it. */
  | { status: 'NEEDS_ATTENTION' }
  /** Another request opened a session for the other price first. */
  | { status: 'CHECKOUT_OPEN' }
  /** The account is being deleted (functions/user-record/deletion.ts): nothing new starts for it. */
  | { status: 'DELETING' };

export type PortalOutcome = { status: 'OK'; url: string } | { status: 'NO_SUBSCRIPTION' } | { status: 'DELETING' };

/**
 * The account's Stripe customer, made on its first checkout, or again when Stripe no longer knows the
 * one it had (`replacing`: deleted in Stripe's dashboard). The idempotency key makes a retry or a race
 * find the same one.
 */
async function customerOf(deps: BillingDeps, account: Account, replacing?: string): Promise<string> {
  if (account.stripeCustomerId && !replacing) return account.stripeCustomerId;
  const customer = await deps.stripe.createCustomer(
    { email: account.email, ...(account.name ? { name: account.name } : {}), metadata: { userId: account.userId } },
    replacing ? `voxpen-customer-${account.userId}-after-${replacing}` : `voxpen-customer-${account.userId}`,
  );
  return linkCustomer(deps.db, account.userId, customer.id, replacing);
}

/** A subscription that has not ended is managed in the portal; a checkout would start a second one. */
function subscribedRefusal(deps: BillingDeps, account: Account): CheckoutOutcome | undefined {
  if (!account.subscription || hasEnded(account.subscription)) return undefined;
  const pro = currentPlan(account.subscription, deps.config.proProductId) === 'pro';
  return { status: pro ? 'ALREADY_PRO' : 'NEEDS_ATTENTION' };
}

/** The account's session if it can still be paid, so it is not left open beside a new one. */
function stillOpen(deps: BillingDeps, open: OpenCheckout | undefined): OpenCheckout | undefined {
  return open && open.expiresAt > deps.now.getTime() / 1000 ? open : undefined;
}

/**
 * Closes a session before another is opened; 'completed' when it completed meanwhile, which means a
 * subscription is on its way.
 */
async function expire(deps: BillingDeps, sessionId: string): Promise<'closed' | 'completed'> {
  try {
    await deps.stripe.expireCheckoutSession(sessionId);
  } catch (error) {
    if (!(error instanceof StripeApiError) || error.status !== 400) throw error;
    const session = await deps.stripe.retrieveCheckoutSession(sessionId);
    if (session.status === 'complete') return 'completed';
  }
  return 'closed';
}

/** The Checkout Session for `priceId`: the trial (docs/decisions.md#8) asks for no card and cancels if none is added. */
function sessionParams(deps: BillingDeps, account: Account, customer: string, priceId: PriceId, trial: boolean): CheckoutSessionParams {
  return {
    mode: 'subscription',
    customer,
    client_reference_id: account.userId,
    line_items: [{ price: deps.config.stripePriceIds[priceId], quantity: 1 }],
    success_url: `${deps.webOrigin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    // Back on /pricing the page says the checkout was cancelled, rather than nothing at all, set to the
    // period that was being bought (an annual checkout comes back to Annual).
    cancel_url: `${deps.webOrigin}/pricing?${CHECKOUT_CANCELLED_PARAM.name}=${CHECKOUT_CANCELLED_PARAM.value}&interval=${priceId === PRICE_IDS.annually ? 'annually' : 'monthly'}`,
    metadata: { userId: account.userId },
    subscription_data: {
      metadata: { userId: account.userId },
      // A trial that ends with no card on file cancels, rather than leaving an unpaid invoice behind.
      ...(trial ? { trial_period_days: PRO_TRIAL_DAYS, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } } : {}),
    },
    // The trial asks for no card (the FAQ's promise); a paid checkout always collects one.
    ...(trial ? { payment_method_collection: 'if_required' } : {}),
  };
}

export async function createCheckout(deps: BillingDeps, caller: Caller, priceId: string): Promise<CheckoutOutcome> {
  if (!isPriceId(priceId)) return { status: 'INVALID_PRICE' };
  const ensured = await ensureAccount(deps.db, caller, deps.now);
  if (ensured.status !== 'OK') return ensured;
  const { account } = ensured;
  if (isDeleting(account)) return { status: 'DELETING' };
  const refusal = subscribedRefusal(deps, account);
  if (refusal) return refusal;
  const open = stillOpen(deps, account.openCheckout);
  if (open?.priceId === priceId) return { status: 'OK', url: open.url };
  if (open && (await expire(deps, open.sessionId)) === 'completed') return { status: 'ALREADY_PRO' };

  const trial = !account.trialUsed && !account.subscription;
  const openFor = (customer: string) => deps.stripe.createCheckoutSession(sessionParams(deps, account, customer, priceId, trial));
  const customer = await customerOf(deps, account);
  const session = await openFor(customer).catch(async (error: unknown) => {
    if (!(error instanceof StripeApiError && error.isMissingCustomer)) throw error;
    // Deleted in Stripe (its subscriptions ended with it): the account gets a new customer.
    return openFor(await customerOf(deps, account, customer));
  });
  if (!session.url) throw new Error('Stripe returned a checkout session without a url');

  const mine: OpenCheckout = { sessionId: session.id, url: session.url, priceId, expiresAt: session.expires_at };
  if (await rememberCheckout(deps.db, account.userId, mine, open?.sessionId, deps.now)) return { status: 'OK', url: session.url };
  // Another request opened a session first: this one is closed, and theirs answered if it is for this price.
  await deps.stripe.expireCheckoutSession(session.id);
  const winner = stillOpen(deps, (await getAccount(deps.db, account.userId))?.openCheckout);
  if (winner?.priceId === priceId) return { status: 'OK', url: winner.url };
  return { status: 'CHECKOUT_OPEN' };
}

export async function createPortal(deps: BillingDeps, caller: Caller): Promise<PortalOutcome> {
  const account = await getAccount(deps.db, caller.userId);
  if (isDeleting(account)) return { status: 'DELETING' };
  if (!account?.stripeCustomerId) return { status: 'NO_SUBSCRIPTION' };
  try {
    const session = await deps.stripe.createPortalSession({ customer: account.stripeCustomerId, return_url: `${deps.webOrigin}/dashboard` });
    return { status: 'OK', url: session.url };
  } catch (error) {
    // A customer deleted in Stripe has nothing left to manage; the next checkout makes a new one.
    if (error instanceof StripeApiError && error.isMissingCustomer) return { status: 'NO_SUBSCRIPTION' };
    throw error;
  }
}
