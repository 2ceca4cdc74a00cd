/**
 * The billing side of an account record (the `users` table item): its Stripe customer, its
 * subscription as last read from Stripe, its open Checkout Session, and whether its one trial has
 * been used. Every write is one conditional update, so concurrent checkouts and out-of-order webhooks
 * lose nothing.
 */
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Subscription, SubscriptionStatus } from '../../shared/api-types';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';

export interface BillingAccount {
  userId: string;
  email: string;
  name?: string;
  createdAt: string;
  stripeCustomerId?: string;
  subscription?: Subscription & { subscriptionId: string };
  /** Set once a subscription with a trial exists: DECISIONS.md gives an account one trial. */
  trialUsed?: boolean;
  /** When (epoch ms) the stored subscription was read from Stripe: an earlier read never replaces a later one. */
  subscriptionSyncedAt?: number;
  /** The Checkout Session last opened for the account, so a second click or tab cannot start a second subscription. */
  openCheckout?: OpenCheckout;
}

export interface OpenCheckout {
  sessionId: string;
  url: string;
  priceId: string;
  /** Epoch seconds, Stripe's `expires_at`. */
  expiresAt: number;
}

/** Statuses a subscription never leaves: Stripe makes a new subscription rather than revive one. */
const ENDED: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

export function hasEnded(subscription: Pick<Subscription, 'status'>): boolean {
  return ENDED.includes(subscription.status);
}

/** The subscription as the profile shows it: Stripe's subscription id stays on the server. */
export function subscriptionOf(account: BillingAccount): Subscription {
  if (!account.subscription) return { status: 'none' };
  const { subscriptionId: _stripeId, ...shown } = account.subscription;
  return shown;
}

export async function getBillingAccount(db: DynamoDBDocumentClient, userId: string): Promise<BillingAccount | undefined> {
  const out = await db.send(new GetCommand({ TableName: tableName('users'), Key: { userId }, ConsistentRead: true }));
  return out.Item as BillingAccount | undefined;
}

export async function accountByCustomer(db: DynamoDBDocumentClient, stripeCustomerId: string): Promise<BillingAccount | undefined> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName('users'),
      IndexName: 'byStripeCustomer',
      KeyConditionExpression: 'stripeCustomerId = :c',
      ExpressionAttributeValues: { ':c': stripeCustomerId },
      Limit: 1,
    }),
  );
  return out.Items?.[0] as BillingAccount | undefined;
}

/**
 * Records the account's Stripe customer unless it has one (or has `replacing`, one Stripe no longer
 * knows); answers the one it ends up with, so two racing checkouts agree on a single customer.
 */
export async function linkCustomer(db: DynamoDBDocumentClient, userId: string, stripeCustomerId: string, replacing?: string): Promise<string> {
  const out = await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        // A replaced customer's open session went with it.
        UpdateExpression: `SET stripeCustomerId = :c${replacing ? ' REMOVE openCheckout' : ''}`,
        ConditionExpression: `attribute_exists(userId) AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :c${replacing ? ' OR stripeCustomerId = :old' : ''})`,
        ExpressionAttributeValues: { ':c': stripeCustomerId, ...(replacing ? { ':old': replacing } : {}) },
      }),
    ),
  );
  if (out) return stripeCustomerId;
  const account = await getBillingAccount(db, userId);
  if (!account?.stripeCustomerId) throw new Error(`account ${userId} has no record to link a customer to`);
  return account.stripeCustomerId;
}

/**
 * Stores a subscription as read from Stripe at `syncedAt` (epoch ms), unless a later read is already
 * stored, or it has ended and the account holds another that has not (an event about an old
 * subscription arriving late must not take Pro away). Answers whether it was stored.
 */
export async function applySubscription(
  db: DynamoDBDocumentClient,
  userId: string,
  subscription: Subscription & { subscriptionId: string },
  syncedAt: number,
  hasTrial: boolean,
): Promise<boolean> {
  const values: Record<string, unknown> = { ':s': subscription, ':t': syncedAt };
  let condition = 'attribute_exists(userId) AND (attribute_not_exists(subscriptionSyncedAt) OR subscriptionSyncedAt <= :t)';
  if (hasEnded(subscription)) {
    condition += ` AND (attribute_not_exists(subscription) OR subscription.subscriptionId = :id OR subscription.#status IN (${ENDED.map((_, i) => `:ended${i}`).join(', ')}))`;
    values[':id'] = subscription.subscriptionId;
    ENDED.forEach((status, i) => (values[`:ended${i}`] = status));
  }
  if (hasTrial) values[':true'] = true;
  const out = await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: `SET subscription = :s, subscriptionSyncedAt = :t${hasTrial ? ', trialUsed = :true' : ''}`,
        ConditionExpression: condition,
        ...(hasEnded(subscription) ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
        ExpressionAttributeValues: values,
      }),
    ),
  );
  return out !== undefined;
}

/**
 * Records `checkout` as the account's open session, if the one it replaces (`replacing`, or none, or
 * an expired one) is still what is stored. False when another request stored its session first.
 */
export async function rememberCheckout(db: DynamoDBDocumentClient, userId: string, checkout: OpenCheckout, replacing: string | undefined, now: Date): Promise<boolean> {
  const out = await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'SET openCheckout = :c',
        ConditionExpression: `attribute_exists(userId) AND (attribute_not_exists(openCheckout) OR openCheckout.expiresAt <= :now${replacing ? ' OR openCheckout.sessionId = :replacing' : ''})`,
        ExpressionAttributeValues: { ':c': checkout, ':now': Math.floor(now.getTime() / 1000), ...(replacing ? { ':replacing': replacing } : {}) },
      }),
    ),
  );
  return out !== undefined;
}

/** Forgets the open session once it is completed or expired, if it is still the stored one. */
export async function forgetCheckout(db: DynamoDBDocumentClient, userId: string, sessionId: string): Promise<void> {
  await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'REMOVE openCheckout',
        ConditionExpression: 'openCheckout.sessionId = :id',
        ExpressionAttributeValues: { ':id': sessionId },
      }),
    ),
  );
}
