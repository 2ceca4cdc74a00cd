/**
 * The account's subscription as last read from Stripe, and its one trial (docs/decisions.md#8). Stored by
 * one conditional update, so out-of-order webhooks lose nothing.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Subscription, SubscriptionStatus } from '../../shared/api-types';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';
import type { Account, StoredSubscription } from './account';

/** Statuses a subscription never leaves: Stripe makes a new subscription rather than revive one. */
const ENDED: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

export function hasEnded(subscription: Pick<Subscription, 'status'>): boolean {
  return ENDED.includes(subscription.status);
}

/** The subscription as the profile shows it: Stripe's subscription id stays on the server. */
export function subscriptionOf(account: Pick<Account, 'subscription'>): Subscription {
  if (!account.subscription) return { status: 'none' };
  const { subscriptionId: _stripeId, ...shown } = account.subscription;
  return shown;
}

/**
 * Stores a subscription as read from Stripe at `syncedAt` (epoch ms), unless a later read is already
 * stored, or it has ended and the account holds another that has not (an event about an old
 * subscription arriving late must not take Pro away). Answers whether it was stored.
 */
export async function applySubscription(
  db: DynamoDBDocumentClient,
  userId: string,
  subscription: StoredSubscription,
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
