/**
 * Starting a Pro subscription (spec §4, §7; DECISIONS.md: the first Pro checkout of an account is a
 * 14-day trial without a card) and opening Stripe's portal to manage one. Plain functions: the
 * handler passes the table client, the Stripe client, configuration and the site origin.
 *
 * An account has at most one open Checkout Session: a second click (or tab) for the same price gets
 * the same session, and one for the other price expires the first, so two checkouts can never both
 * complete into two subscriptions (or two trials).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { currentPlan, isPriceId, PRO_TRIAL_DAYS, type PriceId } from '../../shared/plans';
import { texts } from '../../shared/texts';
import type { BillingConfig } from '../lib/billing-config';
import { HttpError } from '../lib/http-error';
import { ensureUserRecord } from '../users/users';
import { getBillingAccount, hasEnded, linkCustomer, rememberCheckout, type BillingAccount, type OpenCheckout } from './billing-account';
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

async function accountOf(deps: BillingDeps, caller: Caller): Promise<BillingAccount> {
  const account = await getBillingAccount(deps.db, caller.userId);
  if (account) return account;
  if (!caller.email) throw new HttpError(404, texts.users.notFound);
  await ensureUserRecord(deps.db, { userId: caller.userId, email: caller.email }, deps.now);
  return (await getBillingAccount(deps.db, caller.userId))!;
}

/**
 * The account's Stripe customer, made on its first checkout, or again when Stripe no longer knows the
 * one it had (`replacing`: deleted in Stripe's dashboard). The idempotency key makes a retry or a race
 * find the same one.
 */
async function customerOf(deps: BillingDeps, account: BillingAccount, replacing?: string): Promise<string> {
  if (account.stripeCustomerId && !replacing) return account.stripeCustomerId;
  const customer = await deps.stripe.createCustomer(
    { email: account.email, ...(account.name ? { name: account.name } : {}), metadata: { userId: account.userId } },
    replacing ? `voxpen-customer-${account.userId}-after-${replacing}` : `voxpen-customer-${account.userId}`,
  );
  return linkCustomer(deps.db, account.userId, customer.id, replacing);
}

/** A subscription that has not ended is managed in the portal; a checkout would start a second one. */
function refuseIfSubscribed(deps: BillingDeps, account: BillingAccount): void {
  if (!account.subscription || hasEnded(account.subscription)) return;
  const pro = currentPlan(account.subscription, deps.config.proProductId) === 'pro';
  throw new HttpError(409, pro ? texts.billing.alreadyPro : texts.billing.needsAttention);
}

/** The account's session if it can still be paid, so it is not left open beside a new one. */
function stillOpen(deps: BillingDeps, open: OpenCheckout | undefined): OpenCheckout | undefined {
  return open && open.expiresAt > deps.now.getTime() / 1000 ? open : undefined;
}

/** Closes a session before another is opened. One completed meanwhile means a subscription is on its way. */
async function expire(deps: BillingDeps, sessionId: string): Promise<void> {
  try {
    await deps.stripe.expireCheckoutSession(sessionId);
  } catch (error) {
    if (!(error instanceof StripeApiError) || error.status !== 400) throw error;
    const session = await deps.stripe.retrieveCheckoutSession(sessionId);
    if (session.status === 'complete') throw new HttpError(409, texts.billing.alreadyPro);
  }
}

/** The Checkout Session for `priceId`: the trial (DECISIONS.md) asks for no card and cancels if none is added. */
function sessionParams(deps: BillingDeps, account: BillingAccount, customer: string, priceId: PriceId, trial: boolean): CheckoutSessionParams {
  return {
    mode: 'subscription',
    customer,
    client_reference_id: account.userId,
    line_items: [{ price: deps.config.stripePriceIds[priceId], quantity: 1 }],
    success_url: `${deps.webOrigin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${deps.webOrigin}/pricing`,
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

export async function createCheckout(deps: BillingDeps, caller: Caller, priceId: string): Promise<{ url: string }> {
  if (!isPriceId(priceId)) throw new HttpError(400, texts.billing.invalidPrice);
  const account = await accountOf(deps, caller);
  refuseIfSubscribed(deps, account);
  const open = stillOpen(deps, account.openCheckout);
  if (open?.priceId === priceId) return { url: open.url };
  if (open) await expire(deps, open.sessionId);

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
  if (await rememberCheckout(deps.db, account.userId, mine, open?.sessionId, deps.now)) return { url: session.url };
  // Another request opened a session first: this one is closed, and theirs answered if it is for this price.
  await deps.stripe.expireCheckoutSession(session.id);
  const winner = stillOpen(deps, (await getBillingAccount(deps.db, account.userId))?.openCheckout);
  if (winner?.priceId === priceId) return { url: winner.url };
  throw new HttpError(409, texts.billing.checkoutOpen);
}

export async function createPortal(deps: BillingDeps, caller: Caller): Promise<{ url: string }> {
  const account = await getBillingAccount(deps.db, caller.userId);
  if (!account?.stripeCustomerId) throw new HttpError(404, texts.billing.noSubscription);
  try {
    const session = await deps.stripe.createPortalSession({ customer: account.stripeCustomerId, return_url: `${deps.webOrigin}/dashboard` });
    return { url: session.url };
  } catch (error) {
    // A customer deleted in Stripe has nothing left to manage; the next checkout makes a new one.
    if (error instanceof StripeApiError && error.isMissingCustomer) throw new HttpError(404, texts.billing.noSubscription);
    throw error;
  }
}
