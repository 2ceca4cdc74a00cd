/**
 * Retention for usage written before month items carried their TTL: the Privacy page
 * promises usage is deleted 12 months after its month, and DynamoDB's TTL only deletes items that
 * have `expiresAt`. Run once by an operator (`npm run usage:backfill-ttl`); safe to run again.
 */
import { ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';
import { monthExpiresAt } from '../../shared/usage';

const MONTH = /^\d{4}-\d{2}$/;

export interface Backfill {
  /** Month items that had no TTL and got one (or would, in a dry run). */
  updated: number;
  /** Of those, the months already past their retention: TTL deletes them within days. */
  pastRetention: number;
  /** Month items that already had one (written since, or by an earlier run). */
  alreadySet: number;
}

/**
 * Sets `expiresAt` on every month item without one, each with a conditional update that leaves an
 * item alone if it got one meanwhile (a report written while this runs sets the same value anyway).
 * Key records are not touched: they are written with theirs.
 */
export async function backfillUsageTtl(db: DynamoDBDocumentClient, options: { dryRun?: boolean; now?: Date } = {}): Promise<Backfill> {
  const nowSeconds = (options.now ?? new Date()).getTime() / 1000;
  const result: Backfill = { updated: 0, pastRetention: 0, alreadySet: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName('usage'),
        ProjectionExpression: 'userId, #month, expiresAt',
        ExpressionAttributeNames: { '#month': 'month' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const month = item.month as string;
      if (!MONTH.test(month)) continue;
      if (item.expiresAt !== undefined) {
        result.alreadySet++;
        continue;
      }
      const expiresAt = monthExpiresAt(month);
      const set = options.dryRun
        ? true
        : await ifConditionHolds(
            db.send(
              new UpdateCommand({
                TableName: tableName('usage'),
                Key: { userId: item.userId, month },
                UpdateExpression: 'SET expiresAt = :e',
                ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(expiresAt)',
                ExpressionAttributeValues: { ':e': expiresAt },
              }),
            ),
          );
      if (!set) {
        result.alreadySet++;
        continue;
      }
      result.updated++;
      if (expiresAt <= nowSeconds) result.pastRetention++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return result;
}
