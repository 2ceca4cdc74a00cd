/**
 * POST /api/usage, applied once per Idempotency-Key.
 *
 * Each key has its own item in the account's usage partition (sort key `idempotency#<SHA-256 of the
 * key>`, so a 255-character key costs what a UUID does), gone by TTL 24 hours after it was first
 * seen. It is written in one TransactWriteItems with the month item's counters: the key record on
 * the condition that no live one exists, the month's ADD on the condition of the plan (Free's limit).
 * Both land or neither does, so a key record exists exactly when its report was counted, and the
 * month item holds counters and the plan only, whatever the number of reports: it stays a few
 * hundred bytes (an earlier design kept every key on the month item, which passed DynamoDB's 400 KB
 * and refused every later report).
 *
 * The handler looks the key's record up first (recordedOutcome), before the hourly rate is charged,
 * so a retry of a counted report never spends the rate or is refused by it; the transaction's own
 * condition still decides when two attempts race past that read.
 *
 * A key found recorded answers from its record: another report under it is refused (422); the same
 * one is replayed with its first answer, which the record is given right after the write (the month
 * as read just after counting it, so it may include reports counted at the same moment). A retry
 * arriving between the write and that answer waits briefly for it, and failing that answers the
 * month as it stands. A key past its 24 hours is free to count again.
 *
 * The key record also names the month it was counted in, so a retry after midnight of a month's last
 * day is found and replayed rather than counted in the new month.
 *
 * A report refused for Free's limit writes nothing (the transaction is all or nothing) and leaves
 * nothing to replay: sent again (after upgrading, say), it is judged again.
 */
import { TransactionCanceledException, type AttributeValue, type CancellationReason } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { UsageSummary } from '../../shared/api-types';
import { FREE_WORDS_PER_MONTH } from '../../shared/plans';
import { tableName } from '../../shared/tables';
import { monthExpiresAt, timeSavedSeconds, usageMonth } from '../../shared/usage';
import { USAGE_PLAN_ATTRIBUTE } from './usage-plan';
import { isExpired } from '../lib/dynamo';
import { DependencyUnavailable } from '../lib/unavailable';
import type { RateLimitRule } from '../lib/rate-limit';
import { IDEMPOTENCY_KEY_PREFIX, metricsOf, monthUsage, summarize } from './usage';

/** The IETF draft leaves the window to the server; Stripe keeps keys 24 hours, and so do we. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * Reports one account may send in an hour: a report ends a dictation, and 600 an hour is one every
 * six seconds, far past anyone speaking. A client past it is refused (429 with Retry-After) before
 * anything is written, so no loop in a client can fill the table.
 */
export const USAGE_REPORT_RATE: RateLimitRule = { scope: 'usage-report', limit: 600, windowSeconds: 3600 };

/** A UUID fits; the draft's structured-field form ("…" in quotes) is read as the same key. */
const KEY_PATTERN = /^[A-Za-z0-9._:~-]{8,255}$/;

export type IdempotencyKeyCheck = { status: 'OK'; key: string } | { status: 'MISSING' } | { status: 'INVALID' };

export function idempotencyKeyOf(headers: Record<string, string | undefined> | undefined): IdempotencyKeyCheck {
  const raw = headers?.['idempotency-key']?.trim();
  if (!raw) return { status: 'MISSING' };
  const key = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  return KEY_PATTERN.test(key) ? { status: 'OK', key } : { status: 'INVALID' };
}

export interface Report {
  words: number;
  seconds: number;
}

export type Plan = 'free' | 'pro';

/** The plan as the caller has it: known, or a read made only if the month item does not carry it. */
export type PlanSource = Plan | (() => Promise<Plan>);

export type ReportOutcome =
  | { status: 'APPLIED'; usage: UsageSummary }
  /** The key was applied before: its first answer. */
  | { status: 'REPLAYED'; usage: UsageSummary }
  | { status: 'KEY_REUSED' }
  | { status: 'LIMIT_REACHED'; usage: UsageSummary };

/** A key's own item: the report it counted, where, and (once written) the answer it got. */
interface KeyRecord {
  userId: string;
  month: string;
  words: number;
  seconds: number;
  countMonth: string;
  expiresAt: number;
  answer?: UsageSummary;
}

/** A month item as the document client answers it. */
type MonthItem = Record<string, unknown>;

/** The key record's sort key: the key hashed, so its length costs nothing and the table holds no client text. */
export function keyRecordKey(userId: string, key: string): { userId: string; month: string } {
  return { userId, month: `${IDEMPOTENCY_KEY_PREFIX}${createHash('sha256').update(key).digest('base64url')}` };
}

const sameReport = (a: Report, b: Report) => a.words === b.words && a.seconds === b.seconds;

/**
 * Attributes an earlier design kept on the month item (a set of keys and a list of reports per day of
 * the month), removed by every count: an item that grew near DynamoDB's 400 KB shrinks with the next
 * report instead of refusing it.
 */
const LEGACY_ATTRIBUTES = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')).flatMap((day) => [`appliedKeys${day}`, `reports${day}`]);

const planOn = (item: MonthItem | undefined): Plan | undefined => {
  const plan = item?.[USAGE_PLAN_ATTRIBUTE];
  return plan === 'free' || plan === 'pro' ? plan : undefined;
};

type Counted = { status: 'APPLIED' } | { status: 'KEY_FOUND'; record: KeyRecord | undefined } | { status: 'REFUSED'; item: MonthItem | undefined } | { status: 'CONFLICT' };

const reasonItem = (reason: CancellationReason | undefined) => (reason?.Item ? unmarshall(reason.Item as Record<string, AttributeValue>) : undefined);

/**
 * The one write: the key's record and the month's counters, together, if no live record holds the
 * key and the plan allows the report. `plan` undefined: the month item's own plan decides, and an
 * item without one refuses.
 */
async function count(db: DynamoDBDocumentClient, userId: string, key: string, report: Report, month: string, now: Date, plan: Plan | undefined): Promise<Counted> {
  const seconds = Math.round(report.seconds);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const room = FREE_WORDS_PER_MONTH - report.words;
  const underLimit = room < 0 ? undefined : '(attribute_not_exists(wordsTranscribed) OR wordsTranscribed <= :room)';
  // A Free report larger than the whole month's words never gets here (reportUsage refuses it first).
  const planCondition = plan === 'pro' ? undefined : plan === 'free' ? underLimit : `attribute_exists(#plan) AND (#plan = :pro${underLimit ? ` OR ${underLimit}` : ''})`;
  const record: KeyRecord = { ...keyRecordKey(userId, key), words: report.words, seconds: report.seconds, countMonth: month, expiresAt: nowSeconds + IDEMPOTENCY_WINDOW_SECONDS };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName('usage'),
              Item: record,
              // TTL deletes within days, not on the second: a record past its time is free to count again.
              ConditionExpression: 'attribute_not_exists(userId) OR expiresAt <= :now',
              ExpressionAttributeValues: { ':now': nowSeconds },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
          {
            Update: {
              TableName: tableName('usage'),
              Key: { userId, month },
              UpdateExpression:
                'ADD wordsTranscribed :w, recordingTime :s, timeSaved :t, reports :one ' +
                `SET updatedAt = :now, expiresAt = :expires${plan ? ', #plan = if_not_exists(#plan, :plan)' : ''} ` +
                `REMOVE ${LEGACY_ATTRIBUTES.map((_, i) => `#legacy${i}`).join(', ')}`,
              ConditionExpression: planCondition,
              ExpressionAttributeNames: { '#plan': USAGE_PLAN_ATTRIBUTE, ...Object.fromEntries(LEGACY_ATTRIBUTES.map((name, i) => [`#legacy${i}`, name])) },
              ExpressionAttributeValues: {
                ':w': report.words,
                ':s': seconds,
                ':t': timeSavedSeconds(report.words, seconds),
                ':one': 1,
                ':now': now.toISOString(),
                ':expires': monthExpiresAt(month),
                ...(plan ? { ':plan': plan } : { ':pro': 'pro' }),
                ...(underLimit && plan !== 'pro' ? { ':room': room } : {}),
              },
              // DynamoDB answers the item a condition failed on with the cancellation, so telling why costs no second call.
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
        ],
      }),
    );
    return { status: 'APPLIED' };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException || (error as { name?: string }).name === 'TransactionCanceledException')) throw error;
    const [onKey, onMonth] = (error as TransactionCanceledException).CancellationReasons ?? [];
    if (onKey?.Code === 'ConditionalCheckFailed') return { status: 'KEY_FOUND', record: (reasonItem(onKey) as KeyRecord | undefined) ?? (await readRecord(db, userId, key)) };
    // Asked for ALL_OLD, DynamoDB leaves the Item out only when there is none: a month not started.
    if (onMonth?.Code === 'ConditionalCheckFailed') return { status: 'REFUSED', item: reasonItem(onMonth) ?? {} };
    // Cancelled by a concurrent transaction on one of its items: DynamoDB's advice is to retry (reportUsage, with jitter).
    if ((error as TransactionCanceledException).CancellationReasons?.some((r) => r.Code === 'TransactionConflict')) return { status: 'CONFLICT' };
    throw error;
  }
}

async function readRecord(db: DynamoDBDocumentClient, userId: string, key: string): Promise<KeyRecord | undefined> {
  return (await db.send(new GetCommand({ TableName: tableName('usage'), Key: keyRecordKey(userId, key), ConsistentRead: true }))).Item as KeyRecord | undefined;
}

async function readMonth(db: DynamoDBDocumentClient, userId: string, month: string): Promise<MonthItem | undefined> {
  return (await db.send(new GetCommand({ TableName: tableName('usage'), Key: { userId, month }, ConsistentRead: true }))).Item;
}

/** The month right after the count, kept on the key's record as the answer every retry gets. */
async function answerOf(db: DynamoDBDocumentClient, userId: string, key: string, month: string, plan: Plan | undefined): Promise<UsageSummary> {
  const item = await readMonth(db, userId, month);
  const answer = summarize({ month, ...metricsOf(item) }, planOn(item) ?? plan ?? 'free');
  await db.send(
    new UpdateCommand({
      TableName: tableName('usage'),
      Key: keyRecordKey(userId, key),
      UpdateExpression: 'SET answer = :answer',
      ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(answer)',
      ExpressionAttributeValues: { ':answer': answer },
    }),
  ).catch((error: unknown) => {
    // Another attempt answered first, or the record expired: its answer (or none) stands.
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  });
  return answer;
}

/** How long a retry waits for the first attempt's answer to be written (it follows the count by one read and one write). */
const ANSWER_WAIT_MS = [20, 40, 80, 160, 300];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The replay of a recorded key: its answer, waited for briefly; else the month as it stands. */
async function replay(db: DynamoDBDocumentClient, userId: string, key: string, record: KeyRecord, plan: Plan | undefined): Promise<UsageSummary> {
  let found: KeyRecord | undefined = record;
  for (const wait of ANSWER_WAIT_MS) {
    if (found?.answer) return found.answer;
    await pause(wait);
    found = await readRecord(db, userId, key);
  }
  if (found?.answer) return found.answer;
  const item = await readMonth(db, userId, record.countMonth);
  return summarize({ month: record.countMonth, ...metricsOf(item) }, planOn(item) ?? plan ?? 'free');
}

const resolvePlan = (plan: PlanSource) => (typeof plan === 'function' ? plan() : Promise.resolve(plan));

/**
 * A transaction cancelled by a conflict (another transaction on the same month item, on DynamoDB;
 * the local layer serialises them) is tried again this many times, each after a wait drawn at random
 * up to a doubling cap ("full jitter", so concurrent reports spread out instead of meeting again);
 * past them the report is a 503 with Retry-After (functions/lib/unavailable.ts), which the desktop
 * app retries under the same key. The waits add up to at most 25+50+100 = 175 ms.
 */
export const CONFLICT_RETRIES = 3;
const CONFLICT_BASE_MS = 25;
const conflictWait = (attempt: number) => Math.random() * CONFLICT_BASE_MS * 2 ** (attempt - 1);

/**
 * A key counted before, looked up before anything is charged (the hourly rate, the month): its first
 * answer when the report is the same, KEY_REUSED when it is another; undefined when no live record
 * holds the key. A retry is therefore never refused by the rate it would otherwise spend.
 */
export async function recordedOutcome(db: DynamoDBDocumentClient, userId: string, key: string, report: Report, now: Date): Promise<ReportOutcome | undefined> {
  const record = await readRecord(db, userId, key);
  if (!record || isExpired(record, now.getTime())) return undefined;
  if (!sameReport(record, report)) return { status: 'KEY_REUSED' };
  return { status: 'REPLAYED', usage: await replay(db, userId, key, record, undefined) };
}

/**
 * Applies a report under its key, at most once (the module comment). `plan` is read only when the
 * month item does not carry it.
 */
export async function reportUsage(db: DynamoDBDocumentClient, userId: string, key: string, report: Report, now: Date, plan: PlanSource): Promise<ReportOutcome> {
  const month = usageMonth(now);
  let known: Plan | undefined;
  let conflicts = 0;
  // A few rounds at most: without the plan, with it, and again when a record expired or the month
  // changed between a refusal and its read. Conflicts have their own budget (CONFLICT_RETRIES).
  for (let round = 0; round < 5; round++) {
    if (known === 'free' && report.words > FREE_WORDS_PER_MONTH) {
      return { status: 'LIMIT_REACHED', usage: summarize(await monthUsage(db, userId, month), known) };
    }
    const counted = await count(db, userId, key, report, month, now, known);
    if (counted.status === 'APPLIED') return { status: 'APPLIED', usage: await answerOf(db, userId, key, month, known) };
    if (counted.status === 'CONFLICT') {
      if (++conflicts > CONFLICT_RETRIES) throw new DependencyUnavailable('database', 'usage report: transaction conflicts past the retries');
      await pause(conflictWait(conflicts));
      round--;
      continue;
    }
    if (counted.status === 'KEY_FOUND') {
      const { record } = counted;
      if (!record || isExpired(record, now.getTime())) continue;
      if (!sameReport(record, report)) return { status: 'KEY_REUSED' };
      return { status: 'REPLAYED', usage: await replay(db, userId, key, record, known) };
    }
    const item = counted.item ?? {};
    const itemPlan = planOn(item) ?? known;
    if (itemPlan === undefined) {
      known = await resolvePlan(plan);
      continue;
    }
    if (itemPlan === 'free' && metricsOf(item).wordsTranscribed + report.words > FREE_WORDS_PER_MONTH) {
      return { status: 'LIMIT_REACHED', usage: summarize({ month, ...metricsOf(item) }, itemPlan) };
    }
    // Read after the refusal, the item has changed since: it no longer says why, so again.
  }
  // The month item changed under every round: as busy as a conflict, and answered the same way.
  throw new DependencyUnavailable('database', 'usage report: the month item kept changing under us');
}
