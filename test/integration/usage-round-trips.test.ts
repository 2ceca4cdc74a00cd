/**
 * The DynamoDB calls of a usage report, counted through the local stack: every DynamoDB command the
 * process sends is seen (the document client's send, real dynalite underneath), and those on the
 * usage and users tables are the usage Lambda's (its policy reads the deletion mark first; the session check asks the core, whose own tables are
 * others; the rate limit's counter is its own table). The key's record is looked up first, before
 * the hourly rate is charged, which answers a retry by itself. An accepted report is one transaction (its key
 * record and the month's counters), the month read for its answer and the answer kept on the record.
 * The plan is decided in the same transaction, from the month item, where the account's owner puts it
 * when a subscription changes.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRICE_IDS } from '../../shared/plans';
import { tableName } from '../../shared/tables';
import { startTestStack, type TestStack } from '../support/local-stack';
import { newMember } from '../support/sessions';
import { payCheckout } from '../support/stripe-pages';

let stack: TestStack;
let watched: Set<string>;
const sent: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  watched = new Set([tableName('usage'), tableName('users')]);
  const send = DynamoDBDocumentClient.prototype.send;
  vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(function (this: DynamoDBDocumentClient, command: { input?: { TableName?: string } }, ...rest: unknown[]) {
    const input = command.input as { TableName?: string; TransactItems?: { Put?: { TableName: string }; Update?: { TableName: string } }[] } | undefined;
    const table = input?.TableName ?? input?.TransactItems?.[0]?.Put?.TableName ?? input?.TransactItems?.[0]?.Update?.TableName;
    if (table && watched.has(table)) sent.push(`${command.constructor.name} ${table === tableName('usage') ? 'usage' : 'users'}`);
    return (send as (...args: unknown[]) => unknown).call(this, command, ...rest);
  } as never);
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

/**
 * Before the route runs, its policy reads the account's deletion mark (`notDeleting`: one strongly
 * consistent read of the mark alone, docs/security.md#deleting-is-refused-everywhere).
 */
const MARK = 'GetCommand users';
/** The key's record looked up before the hourly rate is charged (functions/usage/report.ts recordedOutcome): a retry neither spends the rate nor meets it. */
const LOOKUP = 'GetCommand usage';
/** An accepted report: the mark, the key looked up, the transaction, the month read for the answer, the answer kept on the key's record. */
const accepted = [MARK, LOOKUP, 'TransactWriteCommand usage', 'GetCommand usage', 'UpdateCommand usage'];

/** The DynamoDB calls one report makes, and its answer. */
async function callsOf(who: Awaited<ReturnType<typeof newMember>>['who'], body: { words: number; seconds: number }, key = randomUUID()) {
  sent.length = 0;
  const res = await who.call('POST', '/api/usage', body, { 'idempotency-key': key });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, calls: [...sent] };
}

describe('POST /api/usage round trips', () => {
  it('is one transaction once the month carries the plan; the month’s first report reads the plan too', async () => {
    const { who } = await newMember(stack, 'trips', 'engine42');
    const first = await callsOf(who, { words: 100, seconds: 30 });
    expect(first.status).toBe(200);
    // No plan on a new month: the transaction is cancelled with the month item (nothing written), the
    // plan read, and the transaction made with it.
    expect(first.calls).toEqual([MARK, LOOKUP, 'TransactWriteCommand usage', 'GetCommand users', ...accepted.slice(2)]);

    for (const words of [50, 25]) {
      const next = await callsOf(who, { words, seconds: 10 });
      expect(next.status).toBe(200);
      expect(next.calls).toEqual(accepted);
    }
    expect((await who.get('/api/usage')).body).toMatchObject({ plan: 'free', wordsTranscribed: 175, wordsRemaining: 325 });
  });

  it('replays a retry and refuses past Free’s words without reading the plan', async () => {
    const { who } = await newMember(stack, 'trips-retry', 'engine42');
    await callsOf(who, { words: 400, seconds: 60 });
    const key = randomUUID();
    const applied = await callsOf(who, { words: 50, seconds: 10 }, key);
    expect(applied.calls).toEqual(accepted);
    // The key's record, looked up first, carries its answer: no transaction, nothing more to read.
    const replayed = await callsOf(who, { words: 50, seconds: 10 }, key);
    expect(replayed).toMatchObject({ status: 200, body: applied.body });
    expect(replayed.calls).toEqual([MARK, LOOKUP]);
    // And the cancellation carries the month item when the plan's condition refuses.
    const refused = await callsOf(who, { words: 51, seconds: 10 });
    expect(refused.status).toBe(403);
    expect(refused.calls).toEqual([MARK, LOOKUP, 'TransactWriteCommand usage']);
  });

  it('counts as Pro right after a paid checkout, in one call: the webhook put the plan on the month', async () => {
    const { who, email } = await newMember(stack, 'trips-pro', 'engine42');
    expect((await callsOf(who, { words: 450, seconds: 60 })).status).toBe(200);
    expect((await callsOf(who, { words: 100, seconds: 10 })).status).toBe(403);
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    const pro = await callsOf(who, { words: 100, seconds: 10 });
    expect(pro).toMatchObject({ status: 200, body: { plan: 'pro', wordsTranscribed: 550 } });
    expect(pro.calls).toEqual(accepted);
  });
});
