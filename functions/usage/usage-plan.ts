/**
 * The plan, kept on the account's current usage month, so a usage report decides plan and
 * counter in one conditional write (./report.ts) instead of reading the users item first. The users
 * item (functions/user-record) stays the plan's one source and decides it (planOf); this folder, the
 * usage table's owner, only keeps its copy on the month: a report that finds no plan on its month
 * reads it through the users record's owner (planOfUser) and leaves it on the month only if none is
 * there by then (if_not_exists); every subscription the webhook stores is pushed here
 * (functions/billing/subscription-events.ts), making the month's
 * item if need be, so an upgrade or a cancellation applies to the next report. (A push that skipped a
 * month without an item lost the race with that month's first report: its plan, read before the
 * upgrade, then stayed on the month.)
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { monthExpiresAt, usageMonth } from '../../shared/usage';
import { ifConditionHolds } from '../lib/dynamo';

/** The month item's attribute holding the plan ('free' | 'pro'), and when the subscription it came from was read from Stripe. */
export const USAGE_PLAN_ATTRIBUTE = 'plan';
const SYNCED_AT_ATTRIBUTE = 'planSyncedAt';

/**
 * Puts `plan` on the account's month of `now` (making its item, kept as long as any month's), unless a
 * later subscription's plan is there already.
 */
export async function pushPlanToUsage(db: DynamoDBDocumentClient, userId: string, plan: 'free' | 'pro', syncedAt: number, now = new Date()): Promise<void> {
  const month = usageMonth(now);
  await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: { userId, month },
        UpdateExpression: 'SET #plan = :plan, #synced = :t, expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(#synced) OR #synced <= :t',
        ExpressionAttributeNames: { '#plan': USAGE_PLAN_ATTRIBUTE, '#synced': SYNCED_AT_ATTRIBUTE },
        ExpressionAttributeValues: { ':plan': plan, ':t': syncedAt, ':expires': monthExpiresAt(month) },
      }),
    ),
  );
}
