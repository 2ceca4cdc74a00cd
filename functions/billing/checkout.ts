/**
 * Starting a Pro subscription (spec §4, §7; DECISIONS.md: the first Pro checkout of an account is a
 * 14-day trial without a card) and opening Stripe's portal to manage one. Plain functions: the
 * handler passes the table client, the Stripe client, configuration and the site origin.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { currentPlan, isPriceId, PRO_TRIAL_DAYS } from '../../shared/plans';
import { texts } from '../../shared/texts';
import type { BillingConfig } from '../lib/billing-config';
import { HttpError } from '../lib/http-error';
import { ensureUserRecord } from '../users/users';
import { getBillingAccount, linkCustomer, type BillingAccount } from './billing-account';
import type { StripeApi } from './stripe-api';

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

/** The account's Stripe customer, made on its first checkout. The idempotency key makes a retry or a race find the same one. */
async function customerOf(deps: BillingDeps, account: BillingAccount): Promise<string> {
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const customer = await deps.stripe.createCustomer(
    { email: account.email, ...(account.name ? { name: account.name } : {}), metadata: { userId: account.userId } },
    `voxpen-customer-${account.userId}`,
  );
  return linkCustomer(deps.db, account.userId, customer.id);
}

export async function createCheckout(deps: BillingDeps, caller: Caller, priceId: string): Promise<{ url: string }> {
  if (!isPriceId(priceId)) throw new HttpError(400, texts.billing.invalidPrice);
  const account = await accountOf(deps, caller);
  if (account.subscription && currentPlan(account.subscription, deps.config.proProductId) === 'pro') {
    throw new HttpError(409, texts.billing.alreadyPro);
  }
  const customer = await customerOf(deps, account);
  const trial = !account.trialUsed && !account.subscription;
  const session = await deps.stripe.createCheckoutSession({
    mode: 'subscription',
    customer,
    client_reference_id: account.userId,
    line_items: [{ price: deps.config.stripePriceIds[priceId], quantity: 1 }],
    success_url: `${deps.webOrigin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${deps.webOrigin}/pricing`,
    metadata: { userId: account.userId },
    subscription_data: { metadata: { userId: account.userId }, ...(trial ? { trial_period_days: PRO_TRIAL_DAYS } : {}) },
    // The trial asks for no card (the FAQ's promise); a paid checkout always collects one.
    ...(trial ? { payment_method_collection: 'if_required' } : {}),
  });
  if (!session.url) throw new Error('Stripe returned a checkout session without a url');
  return { url: session.url };
}

export async function createPortal(deps: BillingDeps, caller: Caller): Promise<{ url: string }> {
  const account = await getBillingAccount(deps.db, caller.userId);
  if (!account?.stripeCustomerId) throw new HttpError(404, texts.billing.noSubscription);
  const session = await deps.stripe.createPortalSession({ customer: account.stripeCustomerId, return_url: `${deps.webOrigin}/dashboard` });
  return { url: session.url };
}
