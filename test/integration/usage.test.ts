/**
 * The desktop app's usage API through the local stack (DECISIONS.md): reports add up per month, the
 * Free plan's 500 words are enforced even under concurrent reports, Pro is unlimited, and the
 * dashboard's profile shows the totals.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageSummary, UserProfile } from '../../shared/api-types';
import { FREE_WORDS_PER_MONTH, PRICE_IDS } from '../../shared/plans';
import { texts } from '../../shared/texts';
import { timeSavedSeconds, usageMonth } from '../../shared/usage';
import { AuthApi } from '../support/auth-api';
import { startTestStack, type TestStack } from '../support/local-stack';
import { payCheckout } from '../support/stripe-pages';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);
afterAll(() => stack?.stop());

async function writer() {
  const who = new AuthApi(stack.api, stack.web);
  const email = `usage-${randomUUID().slice(0, 8)}@example.com`;
  expect((await who.signUp(email, 'engine42')).status).toBe('OK');
  expect((await who.post('/api/ensure-user-exists')).status).toBe(201);
  return { who, email };
}

describe('usage reports', () => {
  it('counts Free words up to the limit, refuses what would pass it, and shows totals in the profile', async () => {
    const { who } = await writer();
    const first = await who.post('/api/usage', { words: 300, seconds: 120 });
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

    const over = await who.post('/api/usage', { words: 201, seconds: 60 });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ message: texts.usage.limitReached(FREE_WORDS_PER_MONTH), usage: { wordsTranscribed: 300, wordsRemaining: 200 } });

    expect((await who.post('/api/usage', { words: 200, seconds: 60.4 })).body).toMatchObject({ wordsTranscribed: 500, recordingTime: 180, wordsRemaining: 0 });
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
    const results = await Promise.all(Array.from({ length: 6 }, () => who.post('/api/usage', { words: 150, seconds: 30 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403)).toHaveLength(3);
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 450, wordsRemaining: 50 });
  });

  it('has no limit on Pro', async () => {
    const { who, email } = await writer();
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    const big = await who.post('/api/usage', { words: 5_000, seconds: 1_800 });
    expect(big.status).toBe(200);
    expect(big.body).toMatchObject({ plan: 'pro', wordsTranscribed: 5_000 });
    expect(big.body.wordsRemaining).toBeUndefined();
  });

  it('refuses bad reports and callers without a session, counting nothing', async () => {
    const { who } = await writer();
    for (const body of [{ words: -1, seconds: 1 }, { words: 1.5, seconds: 1 }, { words: '10', seconds: 1 }, { words: 10 }, { words: 10, seconds: 90_000 }]) {
      expect((await who.post('/api/usage', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await who.call('POST', '/api/usage', undefined)).status).toBe(400);
    expect((await new AuthApi(stack.api, stack.web).post('/api/usage', { words: 10, seconds: 1 })).status).toBe(401);
    expect((await who.get('/api/usage')).body).toMatchObject({ wordsTranscribed: 0 });
  });
});
