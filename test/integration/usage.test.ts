/**
 * The desktop app's usage API through the local stack (docs/decisions.md#6): reports add up per month, the
 * Free plan's 500 words are enforced even under concurrent reports, Pro is unlimited, and the
 * dashboard's profile shows the totals. A report counts once per Idempotency-Key, however
 * often and however concurrently it is sent; a refusal tells what is left.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UsageSummary, UserProfile } from '../../shared/api-types';
import { FREE_WORDS_PER_MONTH, PRICE_IDS } from '../../shared/plans';
import { texts } from '../../shared/texts';
import { timeSavedSeconds, usageMonth } from '../../shared/usage';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rateLimitKey } from '../../functions/lib/rate-limit';
import { USAGE_REPORT_RATE } from '../../functions/usage/report';
import { tableName } from '../../shared/tables';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { verifyThroughOutbox } from '../support/verification';
import { payCheckout } from '../support/stripe-pages';

const stack = useTestStack();

type Answer = { status: number; body: Record<string, unknown>; replayed: string | null };

/** A report as the desktop app sends it: a key of its own (a new one unless given, as for a retry; null for none). */
async function report(who: AuthApi, body: unknown, key: string | null = randomUUID()): Promise<Answer> {
  const res = await who.call('POST', '/api/usage', body, key === null ? {} : { 'idempotency-key': key });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, replayed: res.headers.get('idempotent-replayed') };
}

/** 'December 1': when this month's Free words are counted afresh. */
function nextFirst(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

async function writer() {
  const who = new AuthApi(stack.api, stack.web);
  const email = `usage-${randomUUID().slice(0, 8)}@example.com`;
  expect((await who.signUp(email, 'engine42')).status).toBe('OK');
  await verifyThroughOutbox(who, stack.outboxDir, email);
  expect((await who.post('/api/ensure-user-exists')).status).toBe(200);
  return { who, email };
}

describe('usage reports', () => {
  it('counts Free words up to the limit, refuses what would pass it, and shows totals in the profile', async () => {
    const { who } = await writer();
    const first = await report(who, { words: 300, seconds: 120 });
    expect(first.status).toBe(200);
    expect(first.body as unknown as UsageSummary).toEqual({
      month: usageMonth(new Date()),
      plan: 'free',
      wordsTranscribed: 300,
      recordingTime: 120,
      timeSaved: timeSavedSeconds(300, 120),
      wordsPerMonth: FREE_WORDS_PER_MONTH,
      wordsRemaining: 200,
    });

    // Refused near the limit, the answer says what is left, not that all is used.
    const over = await report(who, { words: 201, seconds: 60 });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ message: texts.usage.limitReached(200, FREE_WORDS_PER_MONTH, nextFirst()), usage: { wordsTranscribed: 300, wordsRemaining: 200 } });
    expect(over.body.message).toBe(`This report is more than the 200 of this month's 500 free words you have left. The limit resets on ${nextFirst()} (UTC), or upgrade to Pro for unlimited dictation.`);

    expect((await report(who, { words: 200, seconds: 60.4 })).body).toMatchObject({ wordsTranscribed: 500, recordingTime: 180, wordsRemaining: 0 });
    expect((await report(who, { words: 1, seconds: 1 })).body.message).toBe(texts.usage.limitReached(0, FREE_WORDS_PER_MONTH, nextFirst()));
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 500, wordsRemaining: 0 });

    const profile = (await who.get('/api/user-profile')).body as unknown as UserProfile;
    expect(profile.metrics).toEqual({ wordsTranscribed: 500, recordingTime: 180, timeSaved: timeSavedSeconds(300, 120) + timeSavedSeconds(200, 60) });
    expect(profile.thisMonth).toEqual({ month: usageMonth(new Date()), ...profile.metrics });
    // The chart's 12 months end with this one, which holds all of it; the 11 before are zeros.
    expect(profile.history).toHaveLength(12);
    expect(profile.history.at(-1)).toEqual({ month: usageMonth(new Date()), words: 500, seconds: 180 });
    expect(profile.history.slice(0, -1).every((m) => m.words === 0 && m.seconds === 0)).toBe(true);
  });

  it('lets only as many concurrent Free reports through as fit in the month', async () => {
    const { who } = await writer();
    const results = await Promise.all(Array.from({ length: 6 }, () => report(who, { words: 150, seconds: 30 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403)).toHaveLength(3);
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 450, wordsRemaining: 50 });
  });

  it('has no limit on Pro', async () => {
    const { who, email } = await writer();
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    const big = await report(who, { words: 5_000, seconds: 1_800 });
    expect(big.status).toBe(200);
    expect(big.body).toMatchObject({ plan: 'pro', wordsTranscribed: 5_000 });
    expect(big.body.wordsRemaining).toBeUndefined();
  });

  it('refuses a client past 600 reports an hour with 429 and Retry-After, counting nothing', async () => {
    const { who } = await writer();
    expect((await report(who, { words: 10, seconds: 2 })).status).toBe(200);
    const userId = ((await who.get('/api/user-profile')).body as unknown as UserProfile).userId;
    // The hour's counter as 599 more reports would have left it (sending them is the slow way to the same item).
    const key = rateLimitKey(USAGE_REPORT_RATE, userId);
    await stack.db.send(new UpdateCommand({ TableName: tableName('rateLimits'), Key: { key }, UpdateExpression: 'ADD hits :n', ExpressionAttributeValues: { ':n': USAGE_REPORT_RATE.limit - 1 } }));
    const past = await who.call('POST', '/api/usage', { words: 10, seconds: 2 }, { 'idempotency-key': randomUUID() });
    expect(past.status).toBe(429);
    const retryAfter = Number(past.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(((await past.json()) as { message: string }).message).toBe(texts.usage.tooManyReports(Math.ceil(retryAfter / 60)));
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 10 });
  });

  it('replays a retry past the hourly rate, which the retry does not spend: only new reports are refused', async () => {
    const { who } = await writer();
    const key = randomUUID();
    const send = (k: string) => who.call('POST', '/api/usage', { words: 10, seconds: 2 }, { 'idempotency-key': k });
    const first = await send(key);
    expect(first.status).toBe(200);
    const firstAnswer = await first.json();
    const userId = ((await who.get('/api/user-profile')).body as unknown as UserProfile).userId;
    const rateKey = rateLimitKey(USAGE_REPORT_RATE, userId);
    const hits = async () => (await stack.db.send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key: rateKey }, ConsistentRead: true }))).Item?.hits as number;
    // The hour used up, as 599 more reports would have left it.
    await stack.db.send(new UpdateCommand({ TableName: tableName('rateLimits'), Key: { key: rateKey }, UpdateExpression: 'ADD hits :n', ExpressionAttributeValues: { ':n': USAGE_REPORT_RATE.limit - 1 } }));
    expect(await hits()).toBe(USAGE_REPORT_RATE.limit);
    for (let i = 0; i < 3; i++) {
      const retry = await send(key);
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.json()).toEqual(firstAnswer);
    }
    expect(await hits()).toBe(USAGE_REPORT_RATE.limit);
    expect((await send(randomUUID())).status).toBe(429);
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 10 });
  });

  it('refuses bad reports and callers without a session, counting nothing', async () => {
    const { who } = await writer();
    for (const body of [{ words: -1, seconds: 1 }, { words: 1.5, seconds: 1 }, { words: '10', seconds: 1 }, { words: 10 }, { words: 10, seconds: 90_000 }]) {
      expect((await report(who, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await who.call('POST', '/api/usage', undefined, { 'idempotency-key': randomUUID() })).status).toBe(400);
    expect((await report(new AuthApi(stack.api, stack.web), { words: 10, seconds: 1 })).status).toBe(401);
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 0 });
  });
});

describe('the Idempotency-Key', () => {
  it('is required: a report without one is refused, saying so, and counts nothing', async () => {
    const { who } = await writer();
    expect(await report(who, { words: 10, seconds: 1 }, null)).toMatchObject({ status: 400, body: { message: texts.usage.keyRequired } });
    expect(await report(who, { words: 10, seconds: 1 }, 'no spaces allowed')).toMatchObject({ status: 400, body: { message: texts.usage.keyInvalid } });
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 0 });
  });

  it('makes a retried report count once, answered as the first time and marked as a replay', async () => {
    const { who } = await writer();
    const key = randomUUID();
    const first = await report(who, { words: 100, seconds: 30 }, key);
    expect(first).toMatchObject({ status: 200, replayed: null, body: { wordsTranscribed: 100, wordsRemaining: 400 } });
    // Another report in between: the retry still gets the first answer, not the month as it is now.
    expect((await report(who, { words: 50, seconds: 10 })).body).toMatchObject({ wordsTranscribed: 150 });
    for (let i = 0; i < 2; i++) {
      const again = await report(who, { words: 100, seconds: 30 }, key);
      expect(again.status).toBe(200);
      expect(again.replayed).toBe('true');
      expect(again.body).toEqual(first.body);
    }
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 150 });
  });

  it('refuses another report under a used key with 422, counting nothing', async () => {
    const { who } = await writer();
    const key = randomUUID();
    expect((await report(who, { words: 100, seconds: 30 }, key)).status).toBe(200);
    expect(await report(who, { words: 101, seconds: 30 }, key)).toMatchObject({ status: 422, body: { message: texts.usage.keyReused } });
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 100 });
  });

  it('sent 20 times at once counts once, and every answer is the one answer', async () => {
    const { who } = await writer();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => report(who, { words: 40, seconds: 20 }, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.replayed === 'true')).toHaveLength(19);
    for (const answer of answers) expect(answer.body).toMatchObject({ wordsTranscribed: 40, recordingTime: 20, wordsRemaining: 460 });
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 40, recordingTime: 20 });
  });

  it('loses nothing of 50 different reports sent at once', async () => {
    const { who } = await writer();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => report(who, { words: 10, seconds: i % 2 ? 3 : 4 })));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.every((a) => a.replayed === null)).toBe(true);
    // Each answer is the month as read right after its own report was counted: its own 10 words and
    // those counted before or at the same moment, never more than the 500 all of them make.
    const counts = answers.map((a) => a.body.wordsTranscribed as number);
    expect(counts.every((n) => n >= 10 && n <= 500 && n % 10 === 0)).toBe(true);
    expect(Math.max(...counts)).toBe(500);
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 500, recordingTime: 175, wordsRemaining: 0 });
  });

  it('is the account’s own: another account’s report under the same key counts for it', async () => {
    const [a, b] = [await writer(), await writer()];
    const key = randomUUID();
    expect(await report(a.who, { words: 30, seconds: 10 }, key)).toMatchObject({ status: 200, replayed: null, body: { wordsTranscribed: 30 } });
    expect(await report(b.who, { words: 70, seconds: 10 }, key)).toMatchObject({ status: 200, replayed: null, body: { wordsTranscribed: 70 } });
    expect((await a.who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 30 });
    expect((await b.who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 70 });
  });
});
