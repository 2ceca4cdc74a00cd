/**
 * Dictation usage per account and month (docs/decisions.md#6): the desktop app reports what it dictated,
 * counted with one atomic ADD on the month's item (report.ts: once per Idempotency-Key). On the Free
 * plan the same update refuses to pass the month's word limit, so two reports racing for the last
 * words cannot both get through.
 *
 * The account's partition of the usage table holds its months ('2026-11') and, beside them, the
 * records of its idempotency keys ('idempotency#<key>', report.ts), which sort after every month.
 * Month items expire by TTL 12 months after the month ends (the Privacy page's retention), key
 * records after 24 hours.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UsageHistoryMonth, UsageMetrics, UsageSummary } from '../../shared/api-types';
import { FREE_WORDS_PER_MONTH } from '../../shared/plans';
import { tableName } from '../../shared/tables';
import { addMonths } from '../../shared/usage';
import { deleteKeys, isExpired, queryAll } from '../lib/dynamo';

export type MonthUsage = UsageMetrics & { month: string };

const ZERO: UsageMetrics = { timeSaved: 0, wordsTranscribed: 0, recordingTime: 0 };

/** The sort key of an idempotency key's record; '#' and letters sort after the digits every month starts with. */
export const IDEMPOTENCY_KEY_PREFIX = 'idempotency#';

export function metricsOf(item: Partial<UsageMetrics> | undefined): UsageMetrics {
  return { timeSaved: item?.timeSaved ?? 0, wordsTranscribed: item?.wordsTranscribed ?? 0, recordingTime: item?.recordingTime ?? 0 };
}

/** Every month of an account's usage, in one Query (a few items a year), its key records left out by the key condition. */
export async function usageHistory(db: DynamoDBDocumentClient, userId: string, now = new Date()): Promise<MonthUsage[]> {
  const items = await queryAll<Record<string, unknown>>(db, {
    TableName: tableName('usage'),
    KeyConditionExpression: 'userId = :u AND #month < :keys',
    ExpressionAttributeNames: { '#month': 'month' },
    ExpressionAttributeValues: { ':u': userId, ':keys': IDEMPOTENCY_KEY_PREFIX },
  });
  // TTL deletes days late: a month past its retention is gone already for every reader.
  return items.filter((item) => !isExpired(item, now.getTime())).map((item) => ({ month: item.month as string, ...metricsOf(item) }));
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

/** Months the dashboard's chart shows, this one included (and what retention keeps, docs/decisions.md#20). */
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

/**
 * Deletes every item of an account's usage (its deletion): its months and its idempotency key records
 * alike, found by one Query of its keys alone. Answers how many months there were; safe to repeat.
 */
export async function deleteUsageHistory(db: DynamoDBDocumentClient, userId: string): Promise<number> {
  const keys = await queryAll<{ userId: string; month: string }>(db, {
    TableName: tableName('usage'),
    KeyConditionExpression: 'userId = :u',
    ProjectionExpression: 'userId, #month',
    ExpressionAttributeNames: { '#month': 'month' },
    ExpressionAttributeValues: { ':u': userId },
  });
  await deleteKeys(db, tableName('usage'), keys);
  return keys.filter(({ month }) => !month.startsWith(IDEMPOTENCY_KEY_PREFIX)).length;
}
