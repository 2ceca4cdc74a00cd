/**
 * POST /api/usage, applied once per Idempotency-Key, in one DynamoDB call when accepted,
 * with single-item conditional writes only: DynamoDB's transactions would do it too, but
 * dynalite (our local DynamoDB) has none, and the design must not need them.
 *
 * Everything a report is judged on lives on the month item that counts it, so one conditional
 * UpdateItem decides and counts:
 * - the plan (`plan`, put there by functions/accounts/usage-plan.ts whenever the subscription changes,
 *   or by the month's first report, which reads it from the users item);
 * - the counters, and Free's limit as a condition on them;
 * - the keys applied, in a string set per day of the month (`appliedKeysDD`) that the write ADDs its
 *   key to on the condition that neither today's nor yesterday's set holds it (a key lives 24 hours);
 * - beside each set, the day's reports in the order they were counted (`reportsDD`, "key words
 *   seconds epoch-second"), appended in the same write.
 * One item, one write: counter, key and report change together or not at all, so no crash can leave
 * one without the others, and any number of attempts with one key (a retry, twenty at once) pass the
 * condition once. A key found applied is answered from the item: another report under it is refused
 * (422); the same one is replayed with its first answer, which is the month as it stands less every
 * report counted after it (all in today's and yesterday's lists, since the key is under 24 hours
 * old). The sets and lists are pruned in the same write once two days old.
 *
 * The month's last day and the 1st take a second call: a key first seen before midnight may be
 * retried after it, and must count in the month it was first seen in, which the new month's item
 * cannot tell. On those days the key's own record (sort key `idempotency#<key>` in the account's
 * usage partition, gone by TTL after 24 hours) is claimed first with a conditional Put; it pins the
 * month and day every attempt with the key counts in, even twenty at once across midnight.
 *
 * A report refused for Free's limit counts nothing and answers nothing to replay: sent again (after
 * upgrading, say), it is judged again.
 */
import type { AttributeValue, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UsageSummary } from '../../shared/api-types';
import { FREE_WORDS_PER_MONTH } from '../../shared/plans';
import { tableName } from '../../shared/tables';
import { monthExpiresAt, timeSavedSeconds, usageMonth } from '../../shared/usage';
import { USAGE_PLAN_ATTRIBUTE } from '../accounts/usage-plan';
import { ifConditionHolds, isConditionFailure, isExpired } from '../lib/dynamo';
import { IDEMPOTENCY_KEY_PREFIX, metricsOf, monthUsage, summarize } from './usage';

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

/** The plan as the caller has it: known, or a read made only if the month item does not carry it. */
export type PlanSource = Plan | (() => Promise<Plan>);

export type ReportOutcome =
  | { status: 'APPLIED'; usage: UsageSummary }
  /** The key was applied before: its first answer. */
  | { status: 'REPLAYED'; usage: UsageSummary }
  | { status: 'KEY_REUSED' }
  | { status: 'LIMIT_REACHED'; usage: UsageSummary };

/** The key's record, on the month's last day and the 1st only (the module comment). */
interface KeyRecord {
  report: Report;
  /** The usage month and day of the month the key was first seen in: where every attempt counts it. */
  countMonth: string;
  countDay: string;
  expiresAt: number;
  /** Left by the earlier design (a key record per report, before the one-call write), which stored the answer here; read for a retry across the change. */
  answer?: UsageSummary;
}

interface Target {
  month: string;
  day: string;
}

/** A month item as the document client answers it (sets as Set, lists as arrays). */
type MonthItem = Record<string, unknown>;

const recordKey = (userId: string, key: string) => ({ userId, month: `${IDEMPOTENCY_KEY_PREFIX}${key}` });
const keysOf = (day: string) => `appliedKeys${day}`;
const reportsOf = (day: string) => `reports${day}`;
const sameReport = (a: Report, b: Report) => a.words === b.words && a.seconds === b.seconds;
const dayOf = (at: Date) => at.toISOString().slice(8, 10);
const twoDigits = (n: number) => String(n).padStart(2, '0');
/** The day before `day` in the same month, if there is one: the other day a key under 24 hours old may have been counted on. */
const daysToCheck = (day: string) => (Number(day) > 1 ? [twoDigits(Number(day) - 1), day] : [day]);

/** The month's last day and the 1st: when a report's key is claimed first (the module comment). */
export function nearMidnightOfMonth(now: Date): boolean {
  const tomorrow = new Date(now.getTime() + 24 * 3600_000);
  return dayOf(now) === '01' || usageMonth(tomorrow) !== usageMonth(now);
}

/** One counted report as its day's list holds it. */
interface Entry extends Report {
  key: string;
  at: number;
}

/** The report as sent (its seconds unrounded, so another body is told apart), and when it was counted. */
function entryOf(key: string, report: Report, now: Date): string {
  return `${key} ${report.words} ${report.seconds} ${Math.floor(now.getTime() / 1000)}`;
}

function parseEntry(line: string): Entry {
  const [key, words, seconds, at] = line.split(' ');
  return { key: key!, words: Number(words), seconds: Number(seconds), at: Number(at) };
}

/** The reports of `days`, oldest first, as counted. */
function entriesOf(item: MonthItem, days: string[]): Entry[] {
  return days.flatMap((day) => ((item[reportsOf(day)] as string[] | undefined) ?? []).map(parseEntry));
}

function holdsKey(item: MonthItem, days: string[], key: string): boolean {
  return days.some((day) => (item[keysOf(day)] as Set<string> | undefined)?.has(key));
}

/** The document client converts answers, not the item a failed condition returns: the few types a month item holds. */
function fromAttributes(item: Record<string, AttributeValue>): MonthItem {
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => [
      name,
      value.N !== undefined ? Number(value.N) : value.S !== undefined ? value.S : value.SS !== undefined ? new Set(value.SS) : value.L !== undefined ? value.L.map((v) => v.S) : undefined,
    ]),
  );
}

const planOn = (item: MonthItem | undefined): Plan | undefined => {
  const plan = item?.[USAGE_PLAN_ATTRIBUTE];
  return plan === 'free' || plan === 'pro' ? plan : undefined;
};

type Counted = { status: 'APPLIED'; item: MonthItem } | { status: 'REFUSED'; item: MonthItem | undefined };

/**
 * The one write: the report, its key and its entry on the month item, if neither checked day holds
 * the key and the plan allows it. `plan` undefined: the item's own plan decides, and an item without
 * one refuses. `checkDays`: where the key may already be (today and yesterday, or today alone to
 * count a key again after its 24 hours).
 */
async function count(db: DynamoDBDocumentClient, userId: string, key: string, report: Report, at: Target, now: Date, plan: Plan | undefined, checkDays: string[]): Promise<Counted> {
  const seconds = Math.round(report.seconds);
  // A day's keys and reports are kept while a key in them can be retried: its day and the next.
  const stale = Array.from({ length: Math.max(0, Number(at.day) - 2) }, (_, i) => twoDigits(i + 1)).flatMap((day) => [keysOf(day), reportsOf(day)]);
  const names: Record<string, string> = {
    '#keys': keysOf(at.day),
    '#reports': reportsOf(at.day),
    '#plan': USAGE_PLAN_ATTRIBUTE,
    ...Object.fromEntries(checkDays.map((day, i) => [`#checked${i}`, keysOf(day)])),
    ...Object.fromEntries(stale.map((name, i) => [`#stale${i}`, name])),
  };
  const room = FREE_WORDS_PER_MONTH - report.words;
  const underLimit = room < 0 ? undefined : '(attribute_not_exists(wordsTranscribed) OR wordsTranscribed <= :room)';
  // A Free report larger than the whole month's words never gets here (reportUsage refuses it first).
  const planCondition = plan === 'pro' ? undefined : plan === 'free' ? underLimit : `attribute_exists(#plan) AND (#plan = :pro${underLimit ? ` OR ${underLimit}` : ''})`;
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: { userId, month: at.month },
        UpdateExpression:
          'ADD wordsTranscribed :w, recordingTime :s, timeSaved :t, reports :one, #keys :key ' +
          `SET updatedAt = :now, expiresAt = :expires, #reports = list_append(if_not_exists(#reports, :none), :entry)${plan ? ', #plan = if_not_exists(#plan, :plan)' : ''}` +
          (stale.length ? ` REMOVE ${stale.map((_, i) => `#stale${i}`).join(', ')}` : ''),
        ConditionExpression: [...checkDays.map((_, i) => `NOT contains(#checked${i}, :keyValue)`), ...(planCondition ? [planCondition] : [])].join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':w': report.words,
          ':s': seconds,
          ':t': timeSavedSeconds(report.words, seconds),
          ':one': 1,
          ':key': new Set([key]),
          ':keyValue': key,
          ':entry': [entryOf(key, report, now)],
          ':none': [],
          ':now': now.toISOString(),
          ':expires': monthExpiresAt(at.month),
          ...(plan ? { ':plan': plan } : { ':pro': 'pro' }),
          ...(underLimit && plan !== 'pro' ? { ':room': room } : {}),
        },
        ReturnValues: 'ALL_NEW',
        // DynamoDB answers the item the condition failed on, so telling why costs no second call;
        // dynalite does not, and gets the read.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { status: 'APPLIED', item: out.Attributes ?? {} };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const old = (error as ConditionalCheckFailedException).Item;
    if (old) return { status: 'REFUSED', item: fromAttributes(old) };
    const item = (await db.send(new GetCommand({ TableName: tableName('usage'), Key: { userId, month: at.month }, ConsistentRead: true }))).Item;
    return { status: 'REFUSED', item };
  }
}

/** The month as the key's report left it: the month now, less every report counted after it. */
function firstAnswer(item: MonthItem, month: string, days: string[], key: string, plan: Plan): UsageSummary {
  const entries = entriesOf(item, days);
  const at = entries.findLastIndex((entry) => entry.key === key);
  const later = entries.slice(at + 1);
  const now = metricsOf(item);
  return summarize(
    {
      month,
      wordsTranscribed: now.wordsTranscribed - later.reduce((sum, e) => sum + e.words, 0),
      // Counted as count() counts them: seconds rounded.
      recordingTime: now.recordingTime - later.reduce((sum, e) => sum + Math.round(e.seconds), 0),
      timeSaved: now.timeSaved - later.reduce((sum, e) => sum + timeSavedSeconds(e.words, Math.round(e.seconds)), 0),
    },
    plan,
  );
}

async function readRecord(db: DynamoDBDocumentClient, userId: string, key: string): Promise<KeyRecord | undefined> {
  const out = await db.send(new GetCommand({ TableName: tableName('usage'), Key: recordKey(userId, key), ConsistentRead: true }));
  return out.Item as KeyRecord | undefined;
}

type Claim = { status: 'CLAIMED' | 'PINNED'; target: Target } | { status: 'KEY_REUSED' } | { status: 'ANSWERED'; answer: UsageSummary };

/** Near midnight of a month: the key's record, made by this request or found from an earlier one, names where it counts. */
async function claimKey(db: DynamoDBDocumentClient, userId: string, key: string, report: Report, now: Date): Promise<Claim> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const fresh = { month: usageMonth(now), day: dayOf(now) };
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
    if (put) return { status: 'CLAIMED', target: fresh };
    const found = await readRecord(db, userId, key);
    if (!found || isExpired(found, now.getTime())) continue;
    if (!sameReport(found.report, report)) return { status: 'KEY_REUSED' };
    if (found.answer) return { status: 'ANSWERED', answer: found.answer };
    return { status: 'PINNED', target: { month: found.countMonth, day: found.countDay } };
  }
  throw new Error('Idempotency record kept changing while it was claimed');
}

const resolvePlan = (plan: PlanSource) => (typeof plan === 'function' ? plan() : Promise.resolve(plan));

/**
 * Applies a report under its key, at most once (the module comment). `plan` is read only when the
 * month item does not carry it, or near midnight of a month.
 */
export async function reportUsage(db: DynamoDBDocumentClient, userId: string, key: string, report: Report, now: Date, plan: PlanSource): Promise<ReportOutcome> {
  let target: Target = { month: usageMonth(now), day: dayOf(now) };
  let known: Plan | undefined;
  if (nearMidnightOfMonth(now)) {
    const [claim, planNow] = await Promise.all([claimKey(db, userId, key, report, now), resolvePlan(plan)]);
    if (claim.status === 'KEY_REUSED') return claim;
    if (claim.status === 'ANSWERED') return { status: 'REPLAYED', usage: claim.answer };
    target = claim.target;
    known = planNow;
  }

  let checkDays = daysToCheck(target.day);
  // A few rounds at most: without the plan, with it, once more for a key past its 24 hours, and
  // again when a refusal's reason was gone by the time it was read.
  for (let round = 0; round < 5; round++) {
    if (known === 'free' && report.words > FREE_WORDS_PER_MONTH) {
      return { status: 'LIMIT_REACHED', usage: summarize(await monthUsage(db, userId, target.month), known) };
    }
    const counted = await count(db, userId, key, report, target, now, known, checkDays);
    const item = counted.item ?? {};
    const itemPlan = planOn(item) ?? known;
    if (counted.status === 'APPLIED') return { status: 'APPLIED', usage: summarize({ month: target.month, ...metricsOf(item) }, itemPlan ?? 'free') };

    if (holdsKey(item, checkDays, key)) {
      const entry = entriesOf(item, checkDays).findLast((e) => e.key === key);
      if (!entry) {
        // Applied by the earlier design, whose record holds the answer.
        const record = await readRecord(db, userId, key);
        if (record && !sameReport(record.report, report)) return { status: 'KEY_REUSED' };
        return { status: 'REPLAYED', usage: record?.answer ?? summarize({ month: target.month, ...metricsOf(item) }, itemPlan ?? 'free') };
      }
      if (entry.at + IDEMPOTENCY_WINDOW_SECONDS > now.getTime() / 1000) {
        if (!sameReport(entry, report)) return { status: 'KEY_REUSED' };
        return { status: 'REPLAYED', usage: firstAnswer(item, target.month, checkDays, key, itemPlan ?? 'free') };
      }
      // Seen more than 24 hours ago, yesterday: forgotten, so this is a new report.
      checkDays = [target.day];
      continue;
    }
    if (itemPlan === undefined) {
      known = await resolvePlan(plan);
      continue;
    }
    if (itemPlan === 'free' && metricsOf(item).wordsTranscribed + report.words > FREE_WORDS_PER_MONTH) {
      return { status: 'LIMIT_REACHED', usage: summarize({ month: target.month, ...metricsOf(item) }, itemPlan) };
    }
    // Read after the refusal (dynalite), the item has changed since: it no longer says why, so again.
  }
  throw new Error('usage report: the month item kept changing under us');
}
