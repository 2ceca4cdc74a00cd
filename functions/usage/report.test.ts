/**
 * The idempotent report (report.ts: the key's record and the month's counters in one transaction),
 * against the local DynamoDB and its TransactWriteItems: a crash at every point between its calls is
 * simulated by a client that fails a chosen command, before it reaches the table or after (the write
 * landed, its answer was lost), and the retry must count once.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tableName } from '../../shared/tables';
import { pushPlanToUsage } from './usage-plan';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { CONFLICT_RETRIES, idempotencyKeyOf, keyRecordKey, recordedOutcome, reportUsage, USAGE_REPORT_RATE, type ReportOutcome } from './report';
import { unavailableDependency } from '../lib/unavailable';
import { createDocumentClient } from '../lib/dynamo';
import { hit } from '../lib/rate-limit';
import { monthUsage } from './usage';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

const now = new Date('2026-11-23T10:00:00Z');
let n = 0;
const newKey = () => `key-${Date.now()}-${++n}`;
const words = async (userId: string, month = '2026-11') => (await monthUsage(dynamo.db, userId, month)).wordsTranscribed;

/**
 * The local table behind a client that crashes on the `nth` command of a kind: 'before' it is sent
 * (the Lambda died first), or 'after' it landed (the Lambda died before it heard back).
 */
function crashing(kind: string, when: 'before' | 'after', nth = 1): DynamoDBDocumentClient {
  let seen = 0;
  return {
    send: async (command: { constructor: { name: string }; input: { Key?: { month?: string } } }) => {
      const isTarget = command.constructor.name === kind && ++seen === nth;
      if (isTarget && when === 'before') throw new Error(`crash before ${kind}`);
      const out = await dynamo.db.send(command as never);
      if (isTarget) throw new Error(`crash after ${kind}`);
      return out;
    },
  } as unknown as DynamoDBDocumentClient;
}

describe('the Idempotency-Key header', () => {
  it('is required, a UUID fits, and the draft’s quoted form is the same key', () => {
    expect(idempotencyKeyOf({})).toEqual({ status: 'MISSING' });
    expect(idempotencyKeyOf({ 'idempotency-key': '  ' })).toEqual({ status: 'MISSING' });
    expect(idempotencyKeyOf({ 'idempotency-key': '8e03978e-40d5-43e8-bc93-6894a57f9324' })).toEqual({ status: 'OK', key: '8e03978e-40d5-43e8-bc93-6894a57f9324' });
    expect(idempotencyKeyOf({ 'idempotency-key': '"8e03978e-40d5-43e8-bc93-6894a57f9324"' })).toEqual({ status: 'OK', key: '8e03978e-40d5-43e8-bc93-6894a57f9324' });
    for (const bad of ['short', 'has space in it', 'x'.repeat(256), 'café-key-0001', 'a#b/c?d=e&f']) expect(idempotencyKeyOf({ 'idempotency-key': bad }).status, bad).toBe('INVALID');
  });
});

describe('a report with a key', () => {
  it('counts once when sent again, and the retry gets the first answer even after the month moved on', async () => {
    const key = newKey();
    const first = await reportUsage(dynamo.db, 'retry-1', key, { words: 100, seconds: 30 }, now, 'free');
    expect(first).toMatchObject({ status: 'APPLIED', usage: { wordsTranscribed: 100, wordsRemaining: 400 } });
    await reportUsage(dynamo.db, 'retry-1', newKey(), { words: 50, seconds: 10 }, now, 'free');
    const again = await reportUsage(dynamo.db, 'retry-1', key, { words: 100, seconds: 30 }, new Date(now.getTime() + 60_000), 'free');
    expect(again).toEqual({ status: 'REPLAYED', usage: (first as Extract<ReportOutcome, { usage: unknown }>).usage });
    expect(await words('retry-1')).toBe(150);
  });

  it('refuses another report under a used key', async () => {
    const key = newKey();
    await reportUsage(dynamo.db, 'reuse-1', key, { words: 100, seconds: 30 }, now, 'pro');
    expect(await reportUsage(dynamo.db, 'reuse-1', key, { words: 100, seconds: 31 }, now, 'pro')).toEqual({ status: 'KEY_REUSED' });
    expect(await reportUsage(dynamo.db, 'reuse-1', key, { words: 101, seconds: 30 }, now, 'pro')).toEqual({ status: 'KEY_REUSED' });
    // Seconds are counted rounded, but a body that differs only below the rounding is still another one.
    expect(await reportUsage(dynamo.db, 'reuse-1', key, { words: 100, seconds: 30.2 }, now, 'pro')).toEqual({ status: 'KEY_REUSED' });
    expect(await words('reuse-1')).toBe(100);
  });

  it('is another account’s own: the same key under two accounts counts for each', async () => {
    const key = newKey();
    expect(await reportUsage(dynamo.db, 'own-1', key, { words: 10, seconds: 5 }, now, 'pro')).toMatchObject({ status: 'APPLIED' });
    expect(await reportUsage(dynamo.db, 'own-2', key, { words: 20, seconds: 5 }, now, 'pro')).toMatchObject({ status: 'APPLIED' });
    expect([await words('own-1'), await words('own-2')]).toEqual([10, 20]);
  });

  it('sent 20 times at once counts once, and every answer is the one answer', async () => {
    const key = newKey();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => reportUsage(dynamo.db, 'burst-1', key, { words: 7, seconds: 3 }, now, 'free')));
    expect(outcomes.filter((o) => o.status === 'APPLIED')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'REPLAYED')).toHaveLength(19);
    const answer = { month: '2026-11', plan: 'free', wordsTranscribed: 7, recordingTime: 3, timeSaved: 8, wordsPerMonth: 500, wordsRemaining: 493 };
    for (const outcome of outcomes) expect((outcome as { usage: unknown }).usage).toEqual(answer);
    expect(await words('burst-1')).toBe(7);
  });

  it('is applied again once its 24 hours are over (a new report that reuses an old key)', async () => {
    const key = newKey();
    await reportUsage(dynamo.db, 'late-1', key, { words: 10, seconds: 5 }, now, 'pro');
    expect(await reportUsage(dynamo.db, 'late-1', key, { words: 10, seconds: 5 }, new Date(now.getTime() + 24 * 3600_000 - 1000), 'pro')).toMatchObject({ status: 'REPLAYED' });
    expect(await reportUsage(dynamo.db, 'late-1', key, { words: 10, seconds: 5 }, new Date(now.getTime() + 24 * 3600_000 + 1000), 'pro')).toMatchObject({ status: 'APPLIED', usage: { wordsTranscribed: 20 } });
  });
});

describe('a crash cannot count a report twice', () => {
  /** An account whose month already carries its plan: its next report is the one write. */
  async function withPlanOnMonth(userId: string, plan: 'free' | 'pro') {
    await reportUsage(dynamo.db, userId, newKey(), { words: 1, seconds: 1 }, now, plan);
  }

  it('before the write: the retry counts it', async () => {
    const key = newKey();
    await withPlanOnMonth('crash-1', 'pro');
    await expect(reportUsage(crashing('TransactWriteCommand', 'before'), 'crash-1', key, { words: 30, seconds: 10 }, now, 'pro')).rejects.toThrow('crash before');
    expect(await words('crash-1')).toBe(1);
    expect(await reportUsage(dynamo.db, 'crash-1', key, { words: 30, seconds: 10 }, now, 'pro')).toMatchObject({ status: 'APPLIED', usage: { wordsTranscribed: 31 } });
    expect(await words('crash-1')).toBe(31);
  });

  it('after the write landed, before its answer was kept: the retry is a replay, counting nothing, answered with the month as it stands', async () => {
    const key = newKey();
    await withPlanOnMonth('crash-2', 'free');
    await expect(reportUsage(crashing('TransactWriteCommand', 'after'), 'crash-2', key, { words: 30, seconds: 10 }, now, 'free')).rejects.toThrow('crash after');
    expect(await words('crash-2')).toBe(31);
    await reportUsage(dynamo.db, 'crash-2', newKey(), { words: 5, seconds: 2 }, now, 'free');
    for (let i = 0; i < 2; i++) {
      expect(await reportUsage(dynamo.db, 'crash-2', key, { words: 30, seconds: 10 }, now, 'free')).toMatchObject({ status: 'REPLAYED', usage: { wordsTranscribed: 36, wordsRemaining: 464 } });
    }
    expect(await words('crash-2')).toBe(36);
  });

  it('after its answer was kept, before it was heard: the retry replays the first answer', async () => {
    const key = newKey();
    await withPlanOnMonth('crash-2b', 'free');
    await expect(reportUsage(crashing('UpdateCommand', 'after'), 'crash-2b', key, { words: 30, seconds: 10 }, now, 'free')).rejects.toThrow('crash after');
    await reportUsage(dynamo.db, 'crash-2b', newKey(), { words: 5, seconds: 2 }, now, 'free');
    expect(await reportUsage(dynamo.db, 'crash-2b', key, { words: 30, seconds: 10 }, now, 'free')).toMatchObject({ status: 'REPLAYED', usage: { wordsTranscribed: 31, recordingTime: 11, wordsRemaining: 469 } });
    expect(await words('crash-2b')).toBe(36);
  });

  it('after the month’s first write (the one with the plan read from the users item) landed: the same', async () => {
    const key = newKey();
    // The first transaction finds no plan on the month; the second, with the plan, is the count.
    await expect(reportUsage(crashing('TransactWriteCommand', 'after', 2), 'crash-3', key, { words: 30, seconds: 10 }, now, async () => 'pro')).rejects.toThrow('crash after');
    expect(await reportUsage(dynamo.db, 'crash-3', key, { words: 30, seconds: 10 }, now, 'pro')).toMatchObject({ status: 'REPLAYED', usage: { wordsTranscribed: 30, plan: 'pro' } });
    expect(await words('crash-3')).toBe(30);
  });

  it('a retry after midnight on the 1st counts in the month the key was first seen, once', async () => {
    const key = newKey();
    const lastSecond = new Date('2026-11-30T23:59:59Z');
    await expect(reportUsage(crashing('TransactWriteCommand', 'after', 2), 'crash-4', key, { words: 30, seconds: 10 }, lastSecond, 'pro')).rejects.toThrow('crash after');
    expect(await reportUsage(dynamo.db, 'crash-4', key, { words: 30, seconds: 10 }, new Date('2026-12-01T00:00:05Z'), 'pro')).toMatchObject({ status: 'REPLAYED', usage: { month: '2026-11', wordsTranscribed: 30 } });
    expect([await words('crash-4', '2026-11'), await words('crash-4', '2026-12')]).toEqual([30, 0]);
  });

  it('a key first seen the day before is found the next day, once', async () => {
    const key = newKey();
    await reportUsage(dynamo.db, 'crash-5', key, { words: 12, seconds: 4 }, new Date('2026-11-29T23:00:00Z'), 'pro');
    expect(await reportUsage(dynamo.db, 'crash-5', key, { words: 12, seconds: 4 }, new Date('2026-11-30T01:00:00Z'), 'pro')).toMatchObject({ status: 'REPLAYED', usage: { wordsTranscribed: 12 } });
    expect(await words('crash-5')).toBe(12);
  });
});

/** An item's size roughly as DynamoDB counts it: names and values, a set's or list's members each. */
function itemBytes(item: Record<string, unknown>): number {
  const size = (v: unknown): number => (v instanceof Set ? [...v].reduce((n: number, m) => n + size(m), 0) : Array.isArray(v) ? v.reduce((n: number, m) => n + size(m), 0) : String(v).length);
  return Object.entries(item).reduce((n, [name, value]) => n + name.length + size(value), 0);
}

describe('the month item', () => {
  const monthItem = async (userId: string) => (await dynamo.db.send(new GetCommand({ TableName: tableName('usage'), Key: { userId, month: '2026-11' }, ConsistentRead: true }))).Item!;

  // With the keys on the month (the design before), each report of a 255-character key added some
  // 260 bytes to it, and ~780 of them filled an item's 400 KB (as the next test builds). Here the item
  // stays the same few hundred bytes from the 50th report to the 150th (a hundred keys, 26 KB, would
  // show there), so it never nears the limit however many come, and every key still replays.
  it('stays the same few hundred bytes from 50 reports to 150 with 255-character keys, and every key still replays', async () => {
    const userId = 'many-1';
    const keyOf = (i: number) => `${String(i).padStart(6, '0')}-${'k'.repeat(248)}`;
    expect(keyOf(0)).toHaveLength(255);
    const at = (i: number) => new Date(now.getTime() + i * 10);
    const report = async (from: number, to: number) => {
      for (let i = from; i < to; i += 50) {
        const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => reportUsage(dynamo.db, userId, keyOf(i + j), { words: 2, seconds: 1 }, at(i + j), 'pro')));
        expect(batch.every((o) => o.status === 'APPLIED')).toBe(true);
      }
    };
    await report(0, 50);
    const after50 = itemBytes(await monthItem(userId));
    await report(50, 150);
    const item = await monthItem(userId);
    expect(item.wordsTranscribed).toBe(300);
    // Flat but for the counters' digits (words 100 -> 300, and the times beside them).
    expect(itemBytes(item)).toBeLessThanOrEqual(after50 + 6);
    expect(itemBytes(item)).toBeLessThan(400);
    for (const i of [0, 75, 149]) {
      expect(await reportUsage(dynamo.db, userId, keyOf(i), { words: 2, seconds: 1 }, at(150), 'pro')).toMatchObject({ status: 'REPLAYED' });
    }
    expect((await monthItem(userId)).wordsTranscribed).toBe(300);
  });

  it('grown near 400 KB by the design before (every key on the month) shrinks with the next report instead of refusing it', async () => {
    const userId = 'legacy-big';
    const keys = Array.from({ length: 740 }, (_, i) => `${String(i).padStart(6, '0')}-${'k'.repeat(248)}`);
    await dynamo.db.send(
      new PutCommand({
        TableName: tableName('usage'),
        Item: { userId, month: '2026-11', plan: 'pro', wordsTranscribed: 1_480, recordingTime: 740, timeSaved: 4_000, appliedKeys23: new Set(keys), reports23: keys.map((k) => `${k} 2 1 1795000000`) },
      }),
    );
    expect(itemBytes(await monthItem(userId))).toBeGreaterThan(380_000);
    expect(await reportUsage(dynamo.db, userId, newKey(), { words: 5, seconds: 2 }, now, 'pro')).toMatchObject({ status: 'APPLIED', usage: { wordsTranscribed: 1_485 } });
    const item = await monthItem(userId);
    expect(Object.keys(item).filter((name) => /^(appliedKeys|reports)\d/.test(name))).toEqual([]);
    expect(itemBytes(item)).toBeLessThan(400);
  });

  it('holds the key hashed: a 255-character key’s record is keyed by its SHA-256', async () => {
    const key = 'x'.repeat(255);
    await reportUsage(dynamo.db, 'hashed-1', key, { words: 1, seconds: 1 }, now, 'pro');
    const record = (await dynamo.db.send(new GetCommand({ TableName: tableName('usage'), Key: keyRecordKey('hashed-1', key), ConsistentRead: true }))).Item!;
    expect(record.month).toMatch(/^idempotency#[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(record)).not.toContain(key);
  });
});

describe('a Free report past the month’s words', () => {
  it('is refused with the month as it stands, and counts when sent again after upgrading', async () => {
    expect(await reportUsage(dynamo.db, 'free-1', newKey(), { words: 400, seconds: 60 }, now, 'free')).toMatchObject({ status: 'APPLIED' });
    const key = newKey();
    expect(await reportUsage(dynamo.db, 'free-1', key, { words: 101, seconds: 10 }, now, 'free')).toEqual({
      status: 'LIMIT_REACHED',
      usage: { month: '2026-11', plan: 'free', wordsTranscribed: 400, recordingTime: 60, timeSaved: 540, wordsPerMonth: 500, wordsRemaining: 100 },
    });
    expect(await reportUsage(dynamo.db, 'free-1', newKey(), { words: 501, seconds: 10 }, now, 'free')).toMatchObject({ status: 'LIMIT_REACHED', usage: { wordsTranscribed: 400 } });
    // A refusal is no answer to replay: the same report under its key is judged again, on the plan
    // the account's owner puts on the month when the subscription changes.
    await pushPlanToUsage(dynamo.db, 'free-1', 'pro', Date.now(), now);
    expect(await reportUsage(dynamo.db, 'free-1', key, { words: 101, seconds: 10 }, now, 'free')).toMatchObject({ status: 'APPLIED', usage: { plan: 'pro', wordsTranscribed: 501 } });
  });

  it('costs one call when DynamoDB returns the item the condition failed on', async () => {
    const sent: string[] = [];
    const db = {
      send: async (command: object) => {
        sent.push(command.constructor.name);
        throw new TransactionCanceledException({
          message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
          $metadata: {},
          CancellationReasons: [
            { Code: 'None' },
            {
              Code: 'ConditionalCheckFailed',
              Item: { userId: { S: 'free-2' }, month: { S: '2026-11' }, plan: { S: 'free' }, wordsTranscribed: { N: '450' }, recordingTime: { N: '90' }, timeSaved: { N: '585' } },
            },
          ],
        });
      },
    } as unknown as DynamoDBDocumentClient;
    const planRead = vi.fn(async () => 'free' as const);
    expect(await reportUsage(db, 'free-2', newKey(), { words: 60, seconds: 10 }, now, planRead)).toEqual({
      status: 'LIMIT_REACHED',
      usage: { month: '2026-11', plan: 'free', wordsTranscribed: 450, recordingTime: 90, timeSaved: 585, wordsPerMonth: 500, wordsRemaining: 50 },
    });
    expect(sent).toEqual(['TransactWriteCommand']);
    expect(planRead).not.toHaveBeenCalled();
  });
});

/**
 * The local table behind a client whose first `times` transactions are cancelled for a conflict, as
 * DynamoDB cancels one that meets another transaction on its items (the local layer serialises them,
 * so it never does).
 */
function conflicting(times: number): { db: DynamoDBDocumentClient; transactions: () => number } {
  let seen = 0;
  const db = {
    send: async (command: { constructor: { name: string } }) => {
      if (command.constructor.name === 'TransactWriteCommand' && ++seen <= times) {
        throw new TransactionCanceledException({
          message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict, None]',
          $metadata: {},
          CancellationReasons: [{ Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }, { Code: 'None' }],
        });
      }
      return dynamo.db.send(command as never);
    },
  } as unknown as DynamoDBDocumentClient;
  return { db, transactions: () => seen };
}

describe('a transaction conflict', () => {
  it('is retried: the report counts once when a later attempt goes through', async () => {
    const { db, transactions } = conflicting(CONFLICT_RETRIES);
    expect(await reportUsage(db, 'conflict-1', newKey(), { words: 40, seconds: 5 }, now, 'free')).toMatchObject({ status: 'APPLIED', usage: { wordsTranscribed: 40 } });
    // The conflicts, then the month's first write without the plan (refused: the month has none yet) and with it.
    expect(transactions()).toBe(CONFLICT_RETRIES + 2);
    expect(await words('conflict-1')).toBe(40);
  });

  it('past its retries is a dependency busy (a 503 with Retry-After), counting nothing, and the same key counts once afterwards', async () => {
    const { db, transactions } = conflicting(Number.POSITIVE_INFINITY);
    const key = newKey();
    const failed = await reportUsage(db, 'conflict-2', key, { words: 40, seconds: 5 }, now, 'free').catch((error: unknown) => error);
    expect(unavailableDependency(failed)).toBe('database');
    expect(transactions()).toBe(CONFLICT_RETRIES + 1);
    expect(await words('conflict-2')).toBe(0);
    expect(await reportUsage(dynamo.db, 'conflict-2', key, { words: 40, seconds: 5 }, now, 'free')).toMatchObject({ status: 'APPLIED' });
    expect(await words('conflict-2')).toBe(40);
  });
});

describe('a key looked up before anything is charged', () => {
  it('answers a counted key from its record (the replay, or KEY_REUSED for another report) and nothing for a new or expired key', async () => {
    const key = newKey();
    expect(await recordedOutcome(dynamo.db, 'lookup-1', key, { words: 10, seconds: 3 }, now)).toBeUndefined();
    const first = await reportUsage(dynamo.db, 'lookup-1', key, { words: 10, seconds: 3 }, now, 'free');
    expect(await recordedOutcome(dynamo.db, 'lookup-1', key, { words: 10, seconds: 3 }, now)).toEqual({ status: 'REPLAYED', usage: (first as { usage: unknown }).usage });
    expect(await recordedOutcome(dynamo.db, 'lookup-1', key, { words: 11, seconds: 3 }, now)).toEqual({ status: 'KEY_REUSED' });
    expect(await recordedOutcome(dynamo.db, 'lookup-1', key, { words: 10, seconds: 3 }, new Date(now.getTime() + 25 * 3600_000))).toBeUndefined();
  });
});

/** A client of the local table that asks every call for its consumed capacity and adds it up, reads and writes apart. */
function measuring() {
  const db = createDocumentClient(dynamo.url);
  const units = { read: 0, write: 0 };
  db.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const total = [consumed ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      units[/^(Get|Query|Scan|BatchGet)/.test(context.commandName ?? '') ? 'read' : 'write'] += total;
      return out;
    },
    { step: 'initialize', name: 'consumedCapacity' },
  );
  return { db, units };
}

describe('what a report costs (docs/architecture.md#usage-records)', () => {
  it('a new report: 6 write units and 2 read units; its replay: 1 read unit and no write, measured through the local layer', async () => {
    const report = { words: 12, seconds: 4 };
    // Not the month's first report: the month carries its plan.
    await reportUsage(dynamo.db, 'cost-1', newKey(), report, now, 'free');
    const key = newKey();
    const { db, units } = measuring();
    // As POST /api/usage does it (handler.ts): the key looked up, the hourly rate, the count.
    expect(await recordedOutcome(db, 'cost-1', key, report, now)).toBeUndefined();
    await hit(db, USAGE_REPORT_RATE, 'cost-1', now.getTime());
    expect(await reportUsage(db, 'cost-1', key, report, now, 'free')).toMatchObject({ status: 'APPLIED' });
    expect(units).toEqual({ read: 2, write: 6 });

    const replay = measuring();
    expect(await recordedOutcome(replay.db, 'cost-1', key, report, now)).toMatchObject({ status: 'REPLAYED' });
    expect(replay.units).toEqual({ read: 1, write: 0 });
    db.destroy();
    replay.db.destroy();
  });
});
