/**
 * Sessions through the real supertokens-node SDK against the local auth core: local verification
 * with the core's JWKS, payload and data updates, refresh-token rotation, revocation and theft
 * detection, exactly as the SDK sees them.
 */
import supertokens from 'supertokens-node';
import Session from 'supertokens-node/recipe/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../infra/local/auth-core/router';
import { initSdk, startCoreUnderTest, type CoreUnderTest } from '../support/auth-core';

let env: CoreUnderTest;
const log: LogEntry[] = [];

beforeAll(async () => {
  env = await startCoreUnderTest({ log: (entry) => log.push(entry) });
  initSdk(env.core.url);
});
afterAll(() => env?.stop());

const coreCalls = (path: string) => log.filter((e) => e.path === path).length;

async function newSession(userId = `user-${Math.random().toString(36).slice(2)}`, payload: Record<string, unknown> = {}) {
  const session = await Session.createNewSessionWithoutRequestResponse('public', supertokens.convertToRecipeUserId(userId), payload, { device: 'laptop' });
  const tokens = session.getAllSessionTokensDangerously();
  return { session, userId, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! };
}

async function errorType(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { type?: string }).type;
  }
}

describe('sessions through supertokens-node', () => {
  it('creates a session whose access token the SDK verifies locally with the JWKS', async () => {
    const { userId, accessToken, session } = await newSession(undefined, { plan: 'free' });
    const [header, payload] = accessToken.split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT', version: '5' });
    expect(String(header!.kid)).toMatch(/^d-/);
    expect(payload).toMatchObject({ sub: userId, rsub: userId, tId: 'public', sessionHandle: session.getHandle(), plan: 'free', parentRefreshTokenHash1: null });

    const verifiesBefore = coreCalls('/recipe/session/verify');
    const verified = await Session.getSessionWithoutRequestResponse(accessToken);
    expect(verified.getUserId()).toBe(userId);
    expect(verified.getHandle()).toBe(session.getHandle());
    expect(verified.getAccessTokenPayload().plan).toBe('free');
    expect(coreCalls('/recipe/session/verify')).toBe(verifiesBefore);
  });

  it('updates the access-token payload and the session data', async () => {
    const { session } = await newSession();
    await session.mergeIntoAccessTokenPayload({ plan: 'pro' });
    const updated = await Session.getSessionWithoutRequestResponse(session.getAllSessionTokensDangerously().accessToken);
    expect(updated.getAccessTokenPayload().plan).toBe('pro');

    expect(await Session.updateSessionDataInDatabase(session.getHandle(), { device: 'phone' })).toBe(true);
    const info = await Session.getSessionInformation(session.getHandle());
    expect(info?.sessionDataInDatabase).toEqual({ device: 'phone' });
    expect(info?.customClaimsInAccessTokenPayload.plan).toBe('pro');
  });

  it('refreshes into new tokens, and after a revoke rejects the old access token', async () => {
    const { session, accessToken, refreshToken, userId } = await newSession();
    const refreshed = await Session.refreshSessionWithoutRequestResponse(refreshToken);
    const next = refreshed.getAllSessionTokensDangerously();
    expect(next.refreshToken).not.toBe(refreshToken);
    expect(next.accessToken).not.toBe(accessToken);
    expect(refreshed.getHandle()).toBe(session.getHandle());
    expect((await Session.getSessionWithoutRequestResponse(next.accessToken)).getUserId()).toBe(userId);

    expect(await Session.revokeSession(session.getHandle())).toBe(true);
    expect(await errorType(Session.getSessionWithoutRequestResponse(accessToken, undefined, { checkDatabase: true }))).toBe('UNAUTHORISED');
    expect(await errorType(Session.refreshSessionWithoutRequestResponse(next.refreshToken!))).toBe('UNAUTHORISED');
    expect(await Session.getSessionInformation(session.getHandle())).toBeUndefined();
  });

  it('detects reuse of a rotated refresh token as theft and ends the session', async () => {
    const { session, refreshToken } = await newSession();
    const refreshed = await Session.refreshSessionWithoutRequestResponse(refreshToken);
    // Using the new access token confirms the rotation: the old refresh token is now spent.
    await Session.getSessionWithoutRequestResponse(refreshed.getAllSessionTokensDangerously().accessToken);

    expect(await errorType(Session.refreshSessionWithoutRequestResponse(refreshToken))).toBe('TOKEN_THEFT_DETECTED');
    expect(await Session.getSessionInformation(session.getHandle())).toBeUndefined();
    expect(await errorType(Session.refreshSessionWithoutRequestResponse(refreshed.getAllSessionTokensDangerously().refreshToken!))).toBe('UNAUTHORISED');
  });

  it('lets a client whose refresh answer was lost refresh again with the same token', async () => {
    const { refreshToken, userId } = await newSession();
    await Session.refreshSessionWithoutRequestResponse(refreshToken); // answer "lost"
    const retried = await Session.refreshSessionWithoutRequestResponse(refreshToken);
    const again = await Session.refreshSessionWithoutRequestResponse(retried.getAllSessionTokensDangerously().refreshToken!);
    expect(again.getUserId()).toBe(userId);
  });

  it('lists and revokes all sessions of a user', async () => {
    const userId = `user-many-${Date.now()}`;
    const first = await newSession(userId);
    const second = await newSession(userId);
    expect((await Session.getAllSessionHandlesForUser(userId)).sort()).toEqual([first.session.getHandle(), second.session.getHandle()].sort());
    expect((await Session.revokeAllSessionsForUser(userId)).sort()).toEqual([first.session.getHandle(), second.session.getHandle()].sort());
    expect(await Session.getAllSessionHandlesForUser(userId)).toEqual([]);
  });

  it('ends the sessions of a deleted user', async () => {
    const { session, userId } = await newSession();
    await supertokens.deleteUser(userId);
    expect(await Session.getSessionInformation(session.getHandle())).toBeUndefined();
  });
});
