/**
 * Turning two-step verification off from a Google account: without a password to confirm with, the
 * session must come from a sign-in in the last 5 minutes. Time is the injected clock and the fake
 * core's session creation time, so the edge is tried exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { recoveryCodesLeft, replaceRecoveryCodes, type SecondFactorEvent } from '../auth';
import type { StripeApi } from '../billing/stripe-api';
import type { AccountCore } from './core';
import { turnOffTwoStep, TURN_OFF_SIGN_IN_MS, type TwoStepDeps } from './two-step';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

const SIGNED_IN_AT = Date.parse('2026-06-01T10:00:00Z');

/** A core holding one Google user with one confirmed authenticator app, whose session was created at SIGNED_IN_AT. */
function googleCore(): AccountCore & { apps: { name: string; verified: boolean }[] } {
  const unused = async () => {
    throw new Error('not asked here');
  };
  const apps = [{ name: 'Authenticator app', verified: true }];
  return {
    apps,
    account: async () => ({ signInMethods: ['google'] }),
    sessionCreatedAt: async (handle) => (handle === 'live-session' ? SIGNED_IN_AT : undefined),
    authenticatorApps: async () => [...apps],
    removeAuthenticatorApp: async (_userId, name) => void apps.splice(apps.findIndex((a) => a.name === name), 1),
    deleteUser: unused,
    verifyPassword: unused,
    setPassword: unused,
    endAllSessions: unused,
    emailTakenByAnother: unused,
    emailProofToken: unused,
    changeEmail: unused,
    sessionsOf: unused,
    session: unused,
    endSession: unused,
    passkeysOf: unused,
    removePasskey: unused,
    provenEmail: unused,
  };
}

async function attempt(userId: string, now: number) {
  const core = googleCore();
  const mailed: SecondFactorEvent[] = [];
  const deps: TwoStepDeps = { db: dynamo.db, core, stripe: async () => ({}) as StripeApi, now: () => now, mail: async (_u, event) => void mailed.push(event) };
  await replaceRecoveryCodes(dynamo.db, userId);
  const outcome = await turnOffTwoStep(deps, { userId, sessionHandle: 'live-session', address: '198.51.100.7' }, undefined);
  return { outcome, apps: core.apps.length, codes: await recoveryCodesLeft(dynamo.db, userId), mailed };
}

describe('turning two-step verification off from a Google account', () => {
  it('is allowed up to 5 minutes after the sign-in that made the session: the app and the codes go, the owner is told', async () => {
    expect(await attempt('g-1', SIGNED_IN_AT + TURN_OFF_SIGN_IN_MS)).toEqual({ outcome: { status: 'OK' }, apps: 0, codes: 0, mailed: ['totp-removed'] });
  });

  it('is refused after that, and nothing changes', async () => {
    expect(await attempt('g-2', SIGNED_IN_AT + TURN_OFF_SIGN_IN_MS + 1)).toEqual({ outcome: { status: 'SIGN_IN_AGAIN' }, apps: 1, codes: 10, mailed: [] });
  });
});
