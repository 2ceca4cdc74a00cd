/** The plan an account is on right now (spec §4), from its stored subscription. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { currentPlan } from '../../shared/plans';
import { getBillingAccount, type BillingAccount } from '../billing/billing-account';
import { billingConfig } from '../lib/billing-config';

export function planOf(account: Pick<BillingAccount, 'subscription'> | undefined, proProductId = billingConfig().proProductId): 'free' | 'pro' {
  return account?.subscription ? currentPlan(account.subscription, proProductId) : 'free';
}

export async function planOfUser(db: DynamoDBDocumentClient, userId: string): Promise<'free' | 'pro'> {
  return planOf(await getBillingAccount(db, userId));
}
