/**
 * The account's ties to Stripe's checkout: its Stripe customer and its open Checkout Session. Every
 * write is one conditional update, so two racing checkouts agree on one customer and one session.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';
import { getAccount, type OpenCheckout } from './account';

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
  const account = await getAccount(db, userId);
  if (!account?.stripeCustomerId) throw new Error(`account ${userId} has no record to link a customer to`);
  return account.stripeCustomerId;
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
