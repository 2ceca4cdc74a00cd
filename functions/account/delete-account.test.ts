/**
 * The Google account's rule for deletion: without a password to confirm with, its session must come
 * from a sign-in in the last 10 minutes. Time is the injected clock and the fake core's session
 * creation time, so the edge is tried exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { getAccount } from '../user-record/account';
import { ensureUserRecord } from '../user-record/user-record';
import type { StripeApi } from '../billing/stripe-api';
import type { AccountCore } from './core';
import { deleteAccount, RECENT_SIGN_IN_MS } from './delete-account';
import type { AccountDeps } from './deps';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

const SIGNED_IN_AT = Date.parse('2026-06-01T10:00:00Z');

/** A core holding one Google user whose session was created at SIGNED_IN_AT; it records deletions. */
function googleCore(): AccountCore & { deleted: string[] } {
  const deleted: string[] = [];
  const unused = async () => {
    throw new Error('not asked of a Google account');
  };
  return {
    deleted,
    account: async (userId) => (deleted.includes(userId) ? undefined : { signInMethods: ['google'] }),
    sessionCreatedAt: async (handle) => (handle === 'live-session' ? SIGNED_IN_AT : undefined),
    deleteUser: async (userId) => void deleted.push(userId),
    verifyPassword: unused,
    setPassword: unused,
    endAllSessions: async () => 1,
    emailTakenByAnother: unused,
    emailProofToken: unused,
    changeEmail: unused,
    sessionsOf: unused,
    session: unused,
    endSession: unused,
    passkeysOf: unused,
    removePasskey: unused,
    provenEmail: unused,
    authenticatorApps: unused,
    removeAuthenticatorApp: unused,
  };
}

async function attempt(userId: string, now: number, sessionHandle = 'live-session') {
  const core = googleCore();
  const deps: AccountDeps = { db: dynamo.db, core, stripe: async () => ({}) as StripeApi, now: () => now };
  await ensureUserRecord(dynamo.db, { userId, email: `${userId}@example.com` }, new Date(SIGNED_IN_AT));
  const outcome = await deleteAccount(deps, { userId, sessionHandle, address: '198.51.100.7' }, { confirmation: 'delete my account' });
  return { outcome, core, record: await getAccount(dynamo.db, userId) };
}

describe('deleting a Google account', () => {
  it('is allowed up to 10 minutes after the sign-in that made the session', async () => {
    for (const [userId, now] of [['g-fresh', SIGNED_IN_AT + 60_000], ['g-edge', SIGNED_IN_AT + RECENT_SIGN_IN_MS]] as const) {
      const { outcome, core, record } = await attempt(userId, now);
      expect(outcome, userId).toEqual({ status: 'ACCEPTED', finished: true });
      expect(core.deleted).toEqual([userId]);
      expect(record).toBeUndefined();
    }
  });

  it('is refused a moment later, and then nothing is deleted', async () => {
    const { outcome, core, record } = await attempt('g-stale', SIGNED_IN_AT + RECENT_SIGN_IN_MS + 1);
    expect(outcome).toEqual({ status: 'SIGN_IN_AGAIN' });
    expect(core.deleted).toEqual([]);
    expect(record).toBeDefined();
  });

  it('is refused for a session the core no longer has', async () => {
    const { outcome, core } = await attempt('g-ended', SIGNED_IN_AT + 1_000, 'ended-session');
    expect(outcome).toEqual({ status: 'SIGN_IN_AGAIN' });
    expect(core.deleted).toEqual([]);
  });
});
