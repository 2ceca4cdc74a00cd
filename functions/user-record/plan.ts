/** The plan an account is on right now (spec §4), decided from its stored subscription. */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { currentPlan } from '../../shared/plans';
import { tableName } from '../../shared/tables';
import { billingConfig } from '../lib/billing-config';
import type { Account } from './account';

export function planOf(account: Pick<Account, 'subscription'> | undefined, proProductId = billingConfig().proProductId): 'free' | 'pro' {
  return account?.subscription ? currentPlan(account.subscription, proProductId) : 'free';
}

/**
 * The plan alone, for a caller that needs nothing else of the account (a usage report): one GetItem
 * that fetches only the subscription, not the record, Stripe link and open checkout beside it.
 * Strongly consistent, so a report right after a paid checkout is already counted as Pro.
 */
export async function planOfUser(db: DynamoDBDocumentClient, userId: string): Promise<'free' | 'pro'> {
  const out = await db.send(
    new GetCommand({ TableName: tableName('users'), Key: { userId }, ProjectionExpression: 'subscription', ConsistentRead: true }),
  );
  return planOf(out.Item as Pick<Account, 'subscription'> | undefined);
}
