/**
 * The billing side of an account record (the `users` table item): its Stripe customer, its
 * subscription as the last applied webhook left it, and whether its one trial has been used.
 * Every write is one conditional update, so concurrent checkouts and out-of-order webhooks lose nothing.
 */
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Subscription } from '../../shared/api-types';
import { tableName } from '../../shared/tables';
import { isConditionFailure } from '../lib/dynamo';

export interface BillingAccount {
  userId: string;
  email: string;
  name?: string;
  createdAt: string;
  stripeCustomerId?: string;
  subscription?: Subscription & { subscriptionId: string };
  /** Set once a subscription with a trial exists: DECISIONS.md gives an account one trial. */
  trialUsed?: boolean;
  /** `created` (epoch seconds) of the Stripe event the subscription was last set from. */
  subscriptionEventAt?: number;
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
 * Records the account's Stripe customer unless it has one; answers the one it ends up with, so two
 * racing checkouts agree on a single customer.
 */
export async function linkCustomer(db: DynamoDBDocumentClient, userId: string, stripeCustomerId: string): Promise<string> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'SET stripeCustomerId = :c',
        ConditionExpression: 'attribute_exists(userId) AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :c)',
        ExpressionAttributeValues: { ':c': stripeCustomerId },
      }),
    );
    return stripeCustomerId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const account = await getBillingAccount(db, userId);
    if (!account?.stripeCustomerId) throw new Error(`account ${userId} has no record to link a customer to`);
    return account.stripeCustomerId;
  }
}

/**
 * Sets the subscription from a Stripe event unless a newer event already did: webhooks arrive out
 * of order, and an older snapshot must not undo a newer one. Answers whether it was applied.
 */
export async function applySubscription(
  db: DynamoDBDocumentClient,
  userId: string,
  subscription: Subscription & { subscriptionId: string },
  eventCreated: number,
  hasTrial: boolean,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: `SET subscription = :s, subscriptionEventAt = :t${hasTrial ? ', trialUsed = :true' : ''}`,
        ConditionExpression: 'attribute_exists(userId) AND (attribute_not_exists(subscriptionEventAt) OR subscriptionEventAt <= :t)',
        ExpressionAttributeValues: { ':s': subscription, ':t': eventCreated, ...(hasTrial ? { ':true': true } : {}) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
