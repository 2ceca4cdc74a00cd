/**
 * Applies a verified Stripe event to the account it concerns. Subscription events carry the whole
 * subscription (with our user id in its metadata), which replaces the stored one unless a newer event
 * already set it, so the order events arrive in does not matter; a finished checkout links the customer.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import type { Subscription, SubscriptionStatus } from '../../shared/api-types';
import { logger } from '../lib/logger';
import { accountByCustomer, applySubscription, getBillingAccount, linkCustomer } from './billing-account';

export interface EventDeps {
  db: DynamoDBDocumentClient;
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === 'string' ? value : (value?.id ?? undefined);
}

/** Our shape of a Stripe subscription (spec §3: status, productId, currentPeriodEnd). */
export function toSubscription(sub: Stripe.Subscription): Subscription & { subscriptionId: string } {
  const item = sub.items.data[0];
  // Newer API versions keep the period on the item; older ones on the subscription.
  const periodEnd = (item as { current_period_end?: number } | undefined)?.current_period_end ?? (sub as { current_period_end?: number }).current_period_end;
  return {
    subscriptionId: sub.id,
    status: sub.status as SubscriptionStatus,
    ...(item ? { productId: idOf(item.price.product as string | { id: string }) } : {}),
    ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    ...(item?.price.recurring ? { interval: item.price.recurring.interval as 'month' | 'year' } : {}),
  };
}

async function ownerOf(deps: EventDeps, sub: Stripe.Subscription): Promise<string | undefined> {
  const fromMetadata = sub.metadata?.userId;
  if (fromMetadata && (await getBillingAccount(deps.db, fromMetadata))) return fromMetadata;
  const customer = idOf(sub.customer);
  return customer ? (await accountByCustomer(deps.db, customer))?.userId : undefined;
}

async function applyFromSubscription(deps: EventDeps, sub: Stripe.Subscription, eventCreated: number): Promise<void> {
  const userId = await ownerOf(deps, sub);
  if (!userId) {
    // Not ours (another product on the same Stripe account) or the account is gone: nothing to change.
    logger.warn('subscription event for no known account', { subscriptionId: sub.id });
    return;
  }
  const applied = await applySubscription(deps.db, userId, toSubscription(sub), eventCreated, sub.trial_end !== null && sub.trial_end !== undefined);
  if (!applied) logger.info('older subscription event ignored', { subscriptionId: sub.id });
}

export async function applyEvent(deps: EventDeps, event: Stripe.Event): Promise<'applied' | 'ignored'> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      await applyFromSubscription(deps, event.data.object, event.created);
      return 'applied';
    case 'checkout.session.completed': {
      const session = event.data.object;
      const userId = session.client_reference_id ?? session.metadata?.userId;
      const customer = idOf(session.customer);
      if (userId && customer && (await getBillingAccount(deps.db, userId))) await linkCustomer(deps.db, userId, customer);
      return 'applied';
    }
    default:
      return 'ignored';
  }
}
