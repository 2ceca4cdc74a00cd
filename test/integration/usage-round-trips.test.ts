/**
 * One DynamoDB call for an accepted usage report, counted through the local stack: every
 * DynamoDB command the process sends is seen (the document client's send, real dynalite underneath),
 * and those on the usage and users tables are the usage Lambda's (the session check asks the core,
 * whose own tables are others). The plan is decided in the same conditional write as the counter,
 * from the month item, where the account's owner puts it when a subscription changes.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nearMidnightOfMonth } from '../../functions/usage/report';
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
    const table = command.input?.TableName;
    if (table && watched.has(table)) sent.push(`${command.constructor.name} ${table === tableName('usage') ? 'usage' : 'users'}`);
    return (send as (...args: unknown[]) => unknown).call(this, command, ...rest);
  } as never);
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

/**
 * On a month's last day and the 1st a report first claims its key's record (report.ts: a retry across
 * midnight must count in the month the key was first seen in), beside the plan's read: one more call.
 */
const claim = nearMidnightOfMonth(new Date()) ? ['PutCommand usage', 'GetCommand users'] : [];
const sorted = (calls: string[]) => [...calls].sort();

/** The DynamoDB calls one report makes, and its answer. */
async function callsOf(who: Awaited<ReturnType<typeof newMember>>['who'], body: { words: number; seconds: number }, key = randomUUID()) {
  sent.length = 0;
  const res = await who.call('POST', '/api/usage', body, { 'idempotency-key': key });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, calls: [...sent] };
}

describe('POST /api/usage round trips', () => {
  it('is one conditional write once the month carries the plan; the month’s first report reads the plan too', async () => {
    const { who } = await newMember(stack, 'trips', 'engine42');
    const first = await callsOf(who, { words: 100, seconds: 30 });
    expect(first.status).toBe(200);
    // No plan on a new month: the write is refused, the item read to tell why (DynamoDB would return
    // it with the refusal; dynalite does not), the plan read, and the write made with it.
    if (!claim.length) expect(first.calls).toEqual(['UpdateCommand usage', 'GetCommand usage', 'GetCommand users', 'UpdateCommand usage']);

    for (const words of [50, 25]) {
      const next = await callsOf(who, { words, seconds: 10 });
      expect(next.status).toBe(200);
      expect(sorted(next.calls)).toEqual(sorted([...claim, 'UpdateCommand usage']));
    }
    expect((await who.get('/api/usage')).body).toMatchObject({ plan: 'free', wordsTranscribed: 175, wordsRemaining: 325 });
  });

  it('replays a retry and refuses past Free’s words without reading the plan', async () => {
    const { who } = await newMember(stack, 'trips-retry', 'engine42');
    await callsOf(who, { words: 400, seconds: 60 });
    const key = randomUUID();
    const applied = await callsOf(who, { words: 50, seconds: 10 }, key);
    expect(sorted(applied.calls)).toEqual(sorted([...claim, 'UpdateCommand usage']));
    // dynalite returns no item with a failed condition, so it is read; DynamoDB returns it.
    const replayed = await callsOf(who, { words: 50, seconds: 10 }, key);
    expect(replayed).toMatchObject({ status: 200, body: applied.body });
    if (!claim.length) expect(replayed.calls).toEqual(['UpdateCommand usage', 'GetCommand usage']);
    const refused = await callsOf(who, { words: 51, seconds: 10 });
    expect(refused.status).toBe(403);
    if (!claim.length) expect(refused.calls).toEqual(['UpdateCommand usage', 'GetCommand usage']);
  });

  it('counts as Pro right after a paid checkout, in one call: the webhook put the plan on the month', async () => {
    const { who, email } = await newMember(stack, 'trips-pro', 'engine42');
    expect((await callsOf(who, { words: 450, seconds: 60 })).status).toBe(200);
    expect((await callsOf(who, { words: 100, seconds: 10 })).status).toBe(403);
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    const pro = await callsOf(who, { words: 100, seconds: 10 });
    expect(pro).toMatchObject({ status: 200, body: { plan: 'pro', wordsTranscribed: 550 } });
    expect(sorted(pro.calls)).toEqual(sorted([...claim, 'UpdateCommand usage']));
  });
});
