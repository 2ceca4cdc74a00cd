/**
 * The core's public keys in a product Lambda's container (functions/lib/session.ts): fetched
 * by its first signed-in request, then held; fetched again when a token names a key the container does
 * not hold (a rotation), not on every request and not every few minutes. The requests go through the
 * local gateway, which runs the handlers in this process, so one module instance plays the warm
 * container; every fetch of the keys is a node:http request (functions/lib/node-request.ts), which the
 * test counts.
 */
import { generateKeyPair, SignJWT } from 'jose';
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CORE_KEYS_MAX_AGE_MS } from '../../functions/lib/session';
import type { AuthApi } from '../support/auth-api';
import { startTestStack, type TestStack } from '../support/local-stack';
import { newMember } from '../support/sessions';

let stack: TestStack;
let member: AuthApi;
const keyFetches: string[] = [];

beforeAll(async () => {
  const realRequest = http.request;
  vi.spyOn(http, 'request').mockImplementation(((...args: Parameters<typeof http.request>) => {
    const target = args[0];
    const url = target instanceof URL || typeof target === 'string' ? String(target) : String((target as http.RequestOptions).path);
    if (url.endsWith('/.well-known/jwks.json')) keyFetches.push(url);
    return realRequest(...args);
  }) as typeof http.request);
  stack = await startTestStack();
  ({ who: member } = await newMember(stack, 'keys', 'engine42'));
}, 60_000);
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.stop();
});

/** Moves the clock the container reads (Date only: timers and sockets keep real time). */
function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

/** A well-formed access token signed with a key the core never published. */
async function tokenFromAnUnknownKey(kid: string): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT({ sessionHandle: 'not-a-session', version: 5, tId: 'public', rsub: 'x', refreshTokenHash1: 'x', antiCsrfToken: null })
    .setProtectedHeader({ alg: 'RS256', kid, version: '5' })
    .setSubject('someone')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

const withBearer = (token: string) => fetch(`${stack.api}/api/usage`, { headers: { authorization: `Bearer ${token}` } });

describe("a warm container and the core's keys", () => {
  it('fetches them once for many signed-in requests', async () => {
    // newMember's first signed-in request (ensure-user-exists) fetched them.
    expect(keyFetches).toHaveLength(1);
    for (let i = 0; i < 5; i++) expect((await member.get('/api/usage')).status).toBe(200);
    expect(keyFetches).toHaveLength(1);
  });

  it('keeps them past jose’s 10-minute default, within the SDK’s 4 hours', async () => {
    later(11 * 60_000);
    expect((await member.get('/api/usage')).status).toBe(200);
    expect(keyFetches).toHaveLength(1);
  });

  it('fetches them again once for a token naming a key it does not hold, then not for each such token', async () => {
    // Past jose's 30 s cooldown after the first fetch, still within the keys' max age.
    later(60_000);
    expect((await withBearer(await tokenFromAnUnknownKey('rotated-1'))).status).toBe(401);
    expect(keyFetches).toHaveLength(2);
    // Inside the cooldown: a flood of strange kids cannot make the container fetch per request.
    expect((await withBearer(await tokenFromAnUnknownKey('rotated-2'))).status).toBe(401);
    expect((await member.get('/api/usage')).status).toBe(200);
    expect(keyFetches).toHaveLength(2);
  });

  it('fetches them again once they are older than the max age', async () => {
    later(CORE_KEYS_MAX_AGE_MS + 60_000);
    // The member's token (an hour's life) has expired by then: refused, after the keys were fetched.
    expect((await member.get('/api/usage')).status).toBe(401);
    expect(keyFetches).toHaveLength(3);
  });
});
