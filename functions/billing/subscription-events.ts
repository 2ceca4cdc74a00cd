/**
 * Applies a verified Stripe event to the account it concerns. An event says which subscription
 * changed; what is stored is that subscription as Stripe has it now, read when the event is handled,
 * so events arriving late, twice or in any order (even within one second) leave the latest state.
 * The account is found by its Stripe customer, which checkout links before any session exists.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../shared/api-types';
import { accountByCustomer, type Account, type StoredSubscription, forgetCheckout, isDeleting, planOf, applySubscription, hasEnded } from '../user-record';
import { logger } from '../lib/logger';
import { pushPlanToUsage } from '../usage';
import { StripeApiError, type StripeApi } from './stripe-api';

export interface EventDeps {
  db: DynamoDBDocumentClient;
  stripe: StripeApi;
  /** The Stripe product that makes a subscription Pro (billing-config): the plan a stored subscription puts on usage. */
  proProductId: string;
  /** Epoch ms; read just before each Stripe read. */
  clock?: () => number;
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === 'string' ? value : (value?.id ?? undefined);
}

/**
 * Our shape of a Stripe subscription (spec §3: status, productId, currentPeriodEnd). The period is
 * its item's: the API version the SDK pins has it there and not on the subscription. A scheduled end
 * (`cancel_at`, a date or the period's end) is kept while it is still to come.
 */
export function toSubscription(sub: Stripe.Subscription): StoredSubscription {
  const item = sub.items.data[0];
  const periodEnd = item?.current_period_end;
  return {
    subscriptionId: sub.id,
    status: sub.status as SubscriptionStatus,
    ...(item ? { productId: idOf(item.price.product as string | { id: string }) } : {}),
    ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    ...(sub.cancel_at && !hasEnded({ status: sub.status as SubscriptionStatus }) ? { cancelAt: sub.cancel_at } : {}),
    ...(item?.price.recurring ? { interval: item.price.recurring.interval as 'month' | 'year' } : {}),
  };
}

/**
 * The account whose Stripe customer this is. Metadata naming another account is not believed: the
 * customer, made by checkout for one account, is what ties a subscription to it.
 */
async function ownerOf(deps: EventDeps, customer: string | undefined, metadataUserId: string | undefined): Promise<Account | undefined> {
  const account = customer ? await accountByCustomer(deps.db, customer) : undefined;
  if (account && metadataUserId && metadataUserId !== account.userId) {
    logger.warn('stripe object names another account than its customer; ignored', { userId: account.userId });
    return undefined;
  }
  return account;
}

/** The subscription as Stripe has it now; undefined when Stripe no longer knows it. */
async function currentSubscription(deps: EventDeps, subscriptionId: string): Promise<{ sub: Stripe.Subscription; readAt: number } | undefined> {
  const readAt = (deps.clock ?? Date.now)();
  try {
    return { sub: await deps.stripe.retrieveSubscription(subscriptionId), readAt };
  } catch (error) {
    if (error instanceof StripeApiError && error.status === 404) return undefined;
    throw error;
  }
}

async function syncSubscription(deps: EventDeps, subscriptionId: string): Promise<void> {
  const current = await currentSubscription(deps, subscriptionId);
  if (!current) {
    logger.warn('subscription unknown to stripe', { subscriptionId });
    return;
  }
  const { sub, readAt } = current;
  const customer = idOf(sub.customer);
  const account = await ownerOf(deps, customer, sub.metadata?.userId);
  if (!account || isDeleting(account)) {
    // Ours (our checkout names an account on it) but the customer's account is gone or going: a
    // payment that raced the deletion. Canceled at once, so nobody is charged for an account that no
    // longer exists. (A customer that has an account, named wrongly in metadata, is not touched.)
    const orphaned = customer !== undefined && (account ? true : (await accountByCustomer(deps.db, customer)) === undefined);
    if (orphaned && sub.metadata?.userId && !hasEnded({ status: sub.status as SubscriptionStatus })) {
      await deps.stripe.cancelSubscription(subscriptionId).catch((error: unknown) => {
        if (!(error instanceof StripeApiError && error.status === 404)) throw error;
      });
      logger.warn('subscription of a deleted account canceled', { subscriptionId });
      return;
    }
    // Not ours (another product on the same Stripe account), or already ended: nothing to change.
    logger.warn('subscription event for no known account', { subscriptionId });
    return;
  }
  const hasTrial = sub.trial_end !== null && sub.trial_end !== undefined;
  const subscription = toSubscription(sub);
  if (!(await applySubscription(deps.db, account.userId, subscription, readAt, hasTrial))) {
    logger.info('subscription read kept out by a later one or a live subscription', { subscriptionId });
    return;
  }
  // The stored subscription is the account's latest: its plan, decided by the users record's owner,
  // goes on the usage month through the usage table's owner, where a report reads it in its one write.
  // A crash between the two leaves the event unrecorded, so Stripe's retry stores and pushes again.
  await pushPlanToUsage(deps.db, account.userId, planOf({ subscription }, deps.proProductId), readAt);
}

export async function applyEvent(deps: EventDeps, event: Stripe.Event): Promise<'applied' | 'ignored'> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.trial_will_end':
      await syncSubscription(deps, event.data.object.id);
      return 'applied';
    case 'checkout.session.completed':
    case 'checkout.session.expired':
      return applyCheckoutSession(deps, event.data.object);
    default:
      return 'ignored';
  }
}

/**
 * A checkout that ended (completed or expired): the account forgets it as open, and the subscription
 * it started is read from Stripe and stored. The webhook's event and /checkout/success's confirmation
 * both come here, so the plan is applied the same way whichever arrives first (or alone, if webhooks
 * stop).
 */
export async function applyCheckoutSession(deps: EventDeps, session: Pick<Stripe.Checkout.Session, 'id' | 'customer' | 'metadata' | 'subscription'>): Promise<'applied' | 'ignored'> {
  const account = await ownerOf(deps, idOf(session.customer), session.metadata?.userId ?? undefined);
  if (!account) return 'ignored';
  await forgetCheckout(deps.db, account.userId, session.id);
  // The subscription may be read before its own event arrives: the dashboard shows Pro sooner.
  const subscriptionId = idOf(session.subscription as string | { id: string } | null);
  if (subscriptionId) await syncSubscription(deps, subscriptionId);
  return 'applied';
}
