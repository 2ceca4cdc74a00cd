import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { hit, peek, reset, type RateLimitRule } from './rate-limit';

let dynamo: TestDynamo;
let db: TestDynamo['db'];
const rule: RateLimitRule = { scope: 'test', limit: 3, windowSeconds: 60 };
const t0 = Date.parse('2026-01-01T10:00:00Z');

beforeAll(async () => {
  dynamo = await startTestDynamo();
  db = dynamo.db;
});
afterAll(() => dynamo?.stop());

describe('fixed-window rate limit', () => {
  it('allows the limit, refuses the next one until the window ends, then starts afresh', async () => {
    for (let i = 1; i <= 3; i++) expect(await hit(db, rule, 'a@example.com', t0 + i)).toEqual({ allowed: true, count: i });
    expect(await peek(db, rule, 'a@example.com', t0 + 10)).toMatchObject({ allowed: false });
    expect(await hit(db, rule, 'a@example.com', t0 + 20_000)).toEqual({ allowed: false, count: 4, retryAfterSeconds: 40 });
    expect(await hit(db, rule, 'b@example.com', t0 + 20_000)).toEqual({ allowed: true, count: 1 });
    expect(await hit(db, rule, 'a@example.com', t0 + 61_000)).toEqual({ allowed: true, count: 1 });
  });

  it('counts every one of many concurrent attempts', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => hit(db, rule, 'c@example.com', t0)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('forgets a subject on reset', async () => {
    for (let i = 0; i < 4; i++) await hit(db, rule, 'd@example.com', t0);
    await reset(db, rule, 'd@example.com');
    expect(await peek(db, rule, 'd@example.com', t0)).toEqual({ allowed: true, count: 0 });
  });

  it('counts in one write, a first attempt too; a counter whose window ended is replaced', async () => {
    const sent: string[] = [];
    const counting = { send: (command: object) => (sent.push(command.constructor.name), db.send(command as never)) } as unknown as DynamoDBDocumentClient;
    expect(await hit(counting, rule, 'f@example.com', t0)).toEqual({ allowed: true, count: 1 });
    expect(await hit(counting, rule, 'f@example.com', t0 + 1_000)).toEqual({ allowed: true, count: 2 });
    expect(sent).toEqual(['UpdateCommand', 'UpdateCommand']);
    // Its window over (TTL deletes days late, and never in dynalite): the update is refused, a new window put.
    sent.length = 0;
    expect(await hit(counting, rule, 'f@example.com', t0 + 61_000)).toEqual({ allowed: true, count: 1 });
    expect(sent).toEqual(['UpdateCommand', 'PutCommand']);
    expect(await hit(counting, rule, 'f@example.com', t0 + 62_000)).toEqual({ allowed: true, count: 2 });
  });
});
