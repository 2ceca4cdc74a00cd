/**
 * Dictation usage per account and month (DECISIONS.md): the desktop app reports what it dictated,
 * counted with one atomic ADD on the month's item. On the Free plan the same update refuses to pass
 * the month's word limit, so two reports racing for the last words cannot both get through.
 */
import type { AttributeValue, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UsageHistoryMonth, UsageMetrics, UsageSummary } from '../../shared/api-types';
import { FREE_WORDS_PER_MONTH } from '../../shared/plans';
import { tableName } from '../../shared/tables';
import { timeSavedSeconds, usageMonth } from '../../shared/usage';
import { deleteKeys, isConditionFailure } from '../lib/dynamo';

export type MonthUsage = UsageMetrics & { month: string };

const ZERO: UsageMetrics = { timeSaved: 0, wordsTranscribed: 0, recordingTime: 0 };

function metricsOf(item: Partial<UsageMetrics> | undefined): UsageMetrics {
  return { timeSaved: item?.timeSaved ?? 0, wordsTranscribed: item?.wordsTranscribed ?? 0, recordingTime: item?.recordingTime ?? 0 };
}

/** Every month of an account's usage, in one Query (a few items a year). */
export async function usageHistory(db: DynamoDBDocumentClient, userId: string): Promise<MonthUsage[]> {
  const items: MonthUsage[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({ TableName: tableName('usage'), KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId }, ExclusiveStartKey: start }),
    );
    for (const item of out.Items ?? []) items.push({ month: item.month as string, ...metricsOf(item) });
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function monthUsage(db: DynamoDBDocumentClient, userId: string, month: string): Promise<MonthUsage> {
  const out = await db.send(new GetCommand({ TableName: tableName('usage'), Key: { userId, month }, ConsistentRead: true }));
  return { month, ...metricsOf(out.Item) };
}

export function totalsOf(history: readonly MonthUsage[]): UsageMetrics {
  return history.reduce(
    (sum, m) => ({ timeSaved: sum.timeSaved + m.timeSaved, wordsTranscribed: sum.wordsTranscribed + m.wordsTranscribed, recordingTime: sum.recordingTime + m.recordingTime }),
    ZERO,
  );
}

export function monthOf(history: readonly MonthUsage[], month: string): MonthUsage {
  return history.find((m) => m.month === month) ?? { month, ...ZERO };
}

/** The usage month `offset` months after 'YYYY-MM' (negative for before). */
export function addMonths(month: string, offset: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return usageMonth(new Date(Date.UTC(year, index - 1 + offset, 1)));
}

/** Months the dashboard's chart shows, this one included (and what retention keeps, DECISIONS.md). */
export const HISTORY_MONTHS = 12;

/** The chart's months from an account's history: the last 12 ending with `current`, oldest first, gaps as zeros. */
export function recentMonths(history: readonly MonthUsage[], current: string): UsageHistoryMonth[] {
  return Array.from({ length: HISTORY_MONTHS }, (_, i) => {
    const m = monthOf(history, addMonths(current, i - (HISTORY_MONTHS - 1)));
    return { month: m.month, words: m.wordsTranscribed, seconds: m.recordingTime };
  });
}

export function summarize(month: MonthUsage, plan: 'free' | 'pro'): UsageSummary {
  if (plan === 'pro') return { ...month, plan };
  return { ...month, plan, wordsPerMonth: FREE_WORDS_PER_MONTH, wordsRemaining: Math.max(0, FREE_WORDS_PER_MONTH - month.wordsTranscribed) };
}

/** Either way, the month as it stands: what the report was added to, or what refused it. */
export type RecordOutcome = { status: 'OK'; month: MonthUsage } | { status: 'LIMIT_REACHED'; month: MonthUsage };

/** The counters of an item as DynamoDB sends it (a failed condition's item is not converted by the document client). */
function countersOf(item: Record<string, AttributeValue>): Partial<UsageMetrics> {
  return Object.fromEntries(Object.entries(item).flatMap(([name, value]) => (value.N === undefined ? [] : [[name, Number(value.N)]])));
}

/**
 * Adds a report to the month it arrives in; `wordLimit` (Free) makes it refuse what would pass the
 * limit. A refusal answers the month too, and the write that was refused already holds it: DynamoDB
 * returns the item the condition failed on, so the refusal costs no second read of the month (the
 * read the handler used to make after every refused report). A store that does not return it
 * (dynalite, locally) gets the read.
 */
export async function recordUsage(
  db: DynamoDBDocumentClient,
  userId: string,
  report: { words: number; seconds: number },
  now: Date,
  wordLimit?: number,
): Promise<RecordOutcome> {
  const month = usageMonth(now);
  if (wordLimit !== undefined && report.words > wordLimit) return { status: 'LIMIT_REACHED', month: await monthUsage(db, userId, month) };
  const seconds = Math.round(report.seconds);
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: { userId, month },
        UpdateExpression: 'ADD wordsTranscribed :w, recordingTime :s, timeSaved :t, reports :one SET updatedAt = :now',
        ...(wordLimit === undefined
          ? {}
          : { ConditionExpression: 'attribute_not_exists(wordsTranscribed) OR wordsTranscribed <= :room', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
        ExpressionAttributeValues: {
          ':w': report.words,
          ':s': seconds,
          ':t': timeSavedSeconds(report.words, seconds),
          ':one': 1,
          ':now': now.toISOString(),
          ...(wordLimit === undefined ? {} : { ':room': wordLimit - report.words }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { status: 'OK', month: { month, ...metricsOf(out.Attributes) } };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const refusedBy = (error as ConditionalCheckFailedException).Item;
    return { status: 'LIMIT_REACHED', month: refusedBy ? { month, ...metricsOf(countersOf(refusedBy)) } : await monthUsage(db, userId, month) };
  }
}

/** Deletes every month of an account's usage (its deletion); safe to repeat. */
export async function deleteUsageHistory(db: DynamoDBDocumentClient, userId: string): Promise<number> {
  const months = (await usageHistory(db, userId)).map(({ month }) => ({ userId, month }));
  await deleteKeys(db, tableName('usage'), months);
  return months.length;
}
