/**
 * POST /api/usage, applied once per Idempotency-Key (issue 14), with single-item conditional writes
 * only: DynamoDB's transactions would do it in one call, but dynalite (our local DynamoDB) has none,
 * and the design must not need them.
 *
 * The one fact that decides whether a report was counted lives on the item that counts it. The month
 * item's UpdateItem that ADDs the report's words also ADDs its key to a string set on the same item
 * (`appliedKeysDD`, the day of the month the key was first seen), on the condition that the set does
 * not hold the key yet. One item, one write: the counter and the key are changed together or not at
 * all, so no crash can leave one without the other, and any number of attempts with one key (a retry,
 * twenty at once) can pass that condition once.
 *
 * Beside it, the key's own record (sort key `idempotency#<key>` in the account's usage partition,
 * gone by TTL after 24 hours) holds what the first request was and answered:
 *   1. claim: a conditional Put of the record (the report, the month and day it arrived in, no answer
 *      yet). Whoever comes later with the key reads it: another report under it is refused (422); an
 *      answered one is replayed without writing anything.
 *   2. count: the month item's conditional UpdateItem above, on the month and day the record names.
 *      Every attempt with the key writes to that one item and set, even a retry that arrives after
 *      midnight on the 1st, so none can count it in a second month.
 *   3. answer: the record gets the answer to replay.
 * A crash after 1 leaves a claim without an answer: the retry finds it and does 2 itself, which
 * counts once whether or not the crashed attempt got there. A crash after 2 is the same retry: its
 * 2 fails on the key in the set, so it is a replay; it waits briefly for 3, and answers the month as
 * it stands if 3 never comes. Neither can count twice; the worst a crash costs is that a replay
 * shows the month as it is now instead of as it was.
 *
 * The sets are pruned in the same write: a day's set is removed once it is two days old, when every
 * record whose key it holds has expired (24 hours), so a month item holds at most two days of keys.
 * A report refused for Free's limit counts nothing and answers nothing to replay: sent again (after
 * upgrading, say), it is judged again on the month its key was first seen in.
 */
import type { AttributeValue, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UsageSummary } from '../../shared/api-types';
import { FREE_WORDS_PER_MONTH } from '../../shared/plans';
import { tableName } from '../../shared/tables';
import { timeSavedSeconds, usageMonth } from '../../shared/usage';
import { ifConditionHolds, isConditionFailure, isExpired } from '../lib/dynamo';
import { IDEMPOTENCY_KEY_PREFIX, metricsOf, monthExpiresAt, monthUsage, summarize, type MonthUsage } from './usage';

/** The IETF draft leaves the window to the server; Stripe keeps keys 24 hours, and so do we. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;

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

export type ReportOutcome =
  | { status: 'APPLIED'; usage: UsageSummary }
  /** The key was applied before: its first answer (or, after a crash lost it, the month as it stands). */
  | { status: 'REPLAYED'; usage: UsageSummary }
  | { status: 'KEY_REUSED' }
  | { status: 'LIMIT_REACHED'; usage: UsageSummary };

interface KeyRecord {
  report: Report;
  /** The usage month and day of the month the key was first seen in: where every attempt counts it. */
  countMonth: string;
  countDay: string;
  expiresAt: number;
  answer?: UsageSummary;
}

type Claim = { status: 'CLAIMED' | 'PENDING'; month: string; day: string } | { status: 'KEY_REUSED' } | { status: 'ANSWERED'; answer: UsageSummary };

const recordKey = (userId: string, key: string) => ({ userId, month: `${IDEMPOTENCY_KEY_PREFIX}${key}` });
const bucketOf = (day: string) => `appliedKeys${day}`;
const sameReport = (a: Report, b: Report) => a.words === b.words && a.seconds === b.seconds;

async function readRecord(db: DynamoDBDocumentClient, userId: string, key: string): Promise<KeyRecord | undefined> {
  const out = await db.send(new GetCommand({ TableName: tableName('usage'), Key: recordKey(userId, key), ConsistentRead: true }));
  return out.Item as KeyRecord | undefined;
}

/** Step 1: the key's record, made by this request or found from an earlier one. */
async function claimKey(db: DynamoDBDocumentClient, userId: string, key: string, report: Report, now: Date): Promise<Claim> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const fresh = { month: usageMonth(now), day: now.toISOString().slice(8, 10) };
  // Twice at most: a record that expires (or is deleted) between the failed Put and the read is claimed again.
  for (let attempt = 0; attempt < 2; attempt++) {
    const record: KeyRecord = { report: { words: report.words, seconds: report.seconds }, countMonth: fresh.month, countDay: fresh.day, expiresAt: nowSeconds + IDEMPOTENCY_WINDOW_SECONDS };
    const put = await ifConditionHolds(
      db.send(
        new PutCommand({
          TableName: tableName('usage'),
          Item: { ...recordKey(userId, key), ...record, createdAt: now.toISOString() },
          // TTL deletes within days, not on the second: a record past its time is free to claim again.
          ConditionExpression: 'attribute_not_exists(userId) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      ),
    );
    if (put) return { status: 'CLAIMED', ...fresh };
    const found = await readRecord(db, userId, key);
    if (!found || isExpired(found, now.getTime())) continue;
    if (!sameReport(found.report, report)) return { status: 'KEY_REUSED' };
    if (found.answer) return { status: 'ANSWERED', answer: found.answer };
    return { status: 'PENDING', month: found.countMonth, day: found.countDay };
  }
  throw new Error('Idempotency record kept changing while it was claimed');
}

type Counted = { status: 'APPLIED'; month: MonthUsage } | { status: 'ALREADY_APPLIED' } | { status: 'LIMIT_REACHED'; month: MonthUsage };

/** The item a failed condition was checked against, as DynamoDB sends it (the document client does not convert it). */
function appliedIn(item: Record<string, AttributeValue>, bucket: string, key: string): boolean {
  return item[bucket]?.SS?.includes(key) ?? false;
}

function countersOf(item: Record<string, AttributeValue>): Record<string, number> {
  return Object.fromEntries(Object.entries(item).flatMap(([name, value]) => (value.N === undefined ? [] : [[name, Number(value.N)]])));
}

/** Step 2: the report and its key on the month item, in one conditional write (the design above). */
async function count(db: DynamoDBDocumentClient, userId: string, key: string, report: Report, at: { month: string; day: string }, now: Date, wordLimit?: number): Promise<Counted> {
  const bucket = bucketOf(at.day);
  // A day's keys are kept while their records can live: the key's day and the day before it.
  const stale = Array.from({ length: Math.max(0, Number(at.day) - 2) }, (_, i) => bucketOf(String(i + 1).padStart(2, '0')));
  const names: Record<string, string> = { '#keys': bucket, ...Object.fromEntries(stale.map((name, i) => [`#stale${i}`, name])) };
  const seconds = Math.round(report.seconds);
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: { userId, month: at.month },
        UpdateExpression:
          'ADD wordsTranscribed :w, recordingTime :s, timeSaved :t, reports :one, #keys :key SET updatedAt = :now, expiresAt = :expires' +
          (stale.length ? ` REMOVE ${stale.map((_, i) => `#stale${i}`).join(', ')}` : ''),
        ConditionExpression:
          'NOT contains(#keys, :keyValue)' + (wordLimit === undefined ? '' : ' AND (attribute_not_exists(wordsTranscribed) OR wordsTranscribed <= :room)'),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':w': report.words,
          ':s': seconds,
          ':t': timeSavedSeconds(report.words, seconds),
          ':one': 1,
          ':key': new Set([key]),
          ':keyValue': key,
          ':now': now.toISOString(),
          ':expires': monthExpiresAt(at.month),
          ...(wordLimit === undefined ? {} : { ':room': wordLimit - report.words }),
        },
        ReturnValues: 'ALL_NEW',
        // DynamoDB answers the item the condition failed on, so a refusal costs no second read;
        // dynalite does not, and gets the read.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { status: 'APPLIED', month: { month: at.month, ...metricsOf(out.Attributes) } };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const old = (error as ConditionalCheckFailedException).Item;
    if (old) return appliedIn(old, bucket, key) ? { status: 'ALREADY_APPLIED' } : { status: 'LIMIT_REACHED', month: { month: at.month, ...metricsOf(countersOf(old)) } };
    const item = (await db.send(new GetCommand({ TableName: tableName('usage'), Key: { userId, month: at.month }, ConsistentRead: true }))).Item;
    if ((item?.[bucket] as Set<string> | undefined)?.has(key)) return { status: 'ALREADY_APPLIED' };
    return { status: 'LIMIT_REACHED', month: { month: at.month, ...metricsOf(item) } };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A key counted by another attempt: its answer once that attempt stores it (step 3), waiting ~1.5 s at most. */
async function answerOf(db: DynamoDBDocumentClient, userId: string, key: string, wait: (ms: number) => Promise<unknown>): Promise<UsageSummary | undefined> {
  for (const ms of [0, 25, 50, 100, 200, 400, 700]) {
    if (ms) await wait(ms);
    const answer = (await readRecord(db, userId, key))?.answer;
    if (answer) return answer;
  }
  return undefined;
}

/**
 * Applies a report under its key, at most once: the three steps of the module comment. `plan` may be
 * a promise, so the handler's read of it runs beside the claim.
 */
export async function reportUsage(
  db: DynamoDBDocumentClient,
  userId: string,
  key: string,
  report: Report,
  now: Date,
  plan: Plan | Promise<Plan>,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<ReportOutcome> {
  const [planNow, claim] = await Promise.all([plan, claimKey(db, userId, key, report, now)]);
  if (claim.status === 'KEY_REUSED') return claim;
  if (claim.status === 'ANSWERED') return { status: 'REPLAYED', usage: claim.answer };

  const wordLimit = planNow === 'free' ? FREE_WORDS_PER_MONTH : undefined;
  if (wordLimit !== undefined && report.words > wordLimit) {
    return { status: 'LIMIT_REACHED', usage: summarize(await monthUsage(db, userId, claim.month), planNow) };
  }
  const counted = await count(db, userId, key, report, claim, now, wordLimit);
  if (counted.status === 'LIMIT_REACHED') return { status: 'LIMIT_REACHED', usage: summarize(counted.month, planNow) };
  if (counted.status === 'ALREADY_APPLIED') {
    const answer = await answerOf(db, userId, key, wait);
    return { status: 'REPLAYED', usage: answer ?? summarize(await monthUsage(db, userId, claim.month), planNow) };
  }
  const usage = summarize(counted.month, planNow);
  // Step 3. Only a record still holding this report takes the answer (not one made anew after it expired).
  await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: recordKey(userId, key),
        UpdateExpression: 'SET answer = :answer',
        ConditionExpression: 'countMonth = :month AND countDay = :day AND attribute_not_exists(answer)',
        ExpressionAttributeValues: { ':answer': usage, ':month': claim.month, ':day': claim.day },
      }),
    ),
  );
  return { status: 'APPLIED', usage };
}
