import { exportJWK, generateKeyPair, jwtVerify, SignJWT, errors, type JSONWebKeySet, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localKeySet, remoteKeySet } from './core-keys';

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;
let first: Keys;
let second: Keys;
let firstJwk: JWK;
let secondJwk: JWK;

beforeAll(async () => {
  [first, second] = await Promise.all([generateKeyPair('RS256', { extractable: true }), generateKeyPair('RS256')]);
  firstJwk = { ...(await exportJWK(first.publicKey)), kid: 'k-1', alg: 'RS256', use: 'sig' };
  secondJwk = { ...(await exportJWK(second.publicKey)), kid: 'k-2', alg: 'RS256', use: 'sig' };
});
afterEach(() => vi.useRealTimers());

const signed = (keys: Keys, header: Record<string, unknown>) =>
  new SignJWT({ sub: 'user-1' }).setProtectedHeader({ alg: 'RS256', ...header }).setIssuedAt().setExpirationTime('1h').sign(keys.privateKey);

/** A core whose published set can change, counting its fetches. */
function fakeCore(initial: JWK[]) {
  const core = { keys: initial, fetches: 0, fetch: async (): Promise<JSONWebKeySet> => (core.fetches++, { keys: core.keys }) };
  return core;
}

function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

const HOUR = 60 * 60_000;

describe('remoteKeySet', () => {
  it('fetches the keys on first need and holds them for the max age', async () => {
    const core = fakeCore([firstJwk]);
    const set = remoteKeySet(core.fetch, { maxAgeMs: 4 * HOUR, cooldownMs: 30_000 });
    expect(set.fresh).toBe(false);
    expect(core.fetches).toBe(0);
    for (let i = 0; i < 3; i++) await jwtVerify(await signed(first, { kid: 'k-1' }), set.getKey);
    expect(core.fetches).toBe(1);
    expect(set.fresh).toBe(true);
    later(3 * HOUR);
    await jwtVerify(await signed(first, { kid: 'k-1' }), set.getKey);
    expect(core.fetches).toBe(1);
    later(2 * HOUR);
    expect(set.fresh).toBe(false);
    await jwtVerify(await signed(first, { kid: 'k-1' }), set.getKey);
    expect(core.fetches).toBe(2);
  });

  it('shares one fetch between requests that arrive together', async () => {
    const core = fakeCore([firstJwk]);
    const set = remoteKeySet(core.fetch, { maxAgeMs: HOUR });
    const token = await signed(first, { kid: 'k-1' });
    await Promise.all([jwtVerify(token, set.getKey), jwtVerify(token, set.getKey), jwtVerify(token, set.getKey)]);
    expect(core.fetches).toBe(1);
  });

  it('fetches again for a key it does not hold (a rotation), but not again within the cooldown', async () => {
    const core = fakeCore([firstJwk]);
    const set = remoteKeySet(core.fetch, { maxAgeMs: 4 * HOUR, cooldownMs: 30_000 });
    await jwtVerify(await signed(first, { kid: 'k-1' }), set.getKey);
    core.keys = [firstJwk, secondJwk];
    // Within the cooldown of the first fetch: refused without asking the core.
    await expect(jwtVerify(await signed(second, { kid: 'k-2' }), set.getKey)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(core.fetches).toBe(1);
    later(31_000);
    await jwtVerify(await signed(second, { kid: 'k-2' }), set.getKey);
    expect(core.fetches).toBe(2);
    // A stranger's key id right after: no fetch per request.
    await expect(jwtVerify(await signed(second, { kid: 'k-unknown' }), set.getKey)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(core.fetches).toBe(2);
  });

  it('keeps the keys it holds when a fetch fails, and tries again on the next need', async () => {
    const core = fakeCore([firstJwk]);
    let failing = false;
    const set = remoteKeySet(async () => {
      if (failing) throw new Error('core down');
      return core.fetch();
    }, { maxAgeMs: HOUR, cooldownMs: 30_000 });
    await jwtVerify(await signed(first, { kid: 'k-1' }), set.getKey);
    failing = true;
    later(31_000);
    await expect(jwtVerify(await signed(second, { kid: 'k-2' }), set.getKey)).rejects.toThrow('core down');
    await jwtVerify(await signed(first, { kid: 'k-1' }), set.getKey);
    failing = false;
    core.keys = [firstJwk, secondJwk];
    await jwtVerify(await signed(second, { kid: 'k-2' }), set.getKey);
    expect(core.fetches).toBe(2);
  });
});

describe('localKeySet', () => {
  it("verifies with the key the token names, and not with another's", async () => {
    const keys = localKeySet({ keys: [firstJwk, secondJwk] });
    expect((await jwtVerify(await signed(second, { kid: 'k-2' }), keys)).payload.sub).toBe('user-1');
    await expect(jwtVerify(await signed(second, { kid: 'k-1' }), keys)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
  });

  it('uses no key published for another algorithm or use', async () => {
    const keys = localKeySet({ keys: [{ ...firstJwk, alg: 'RS512' }, { ...secondJwk, use: 'enc' }] });
    await expect(jwtVerify(await signed(first, { kid: 'k-1' }), keys)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    await expect(jwtVerify(await signed(second, { kid: 'k-2' }), keys)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
  });

  it('refuses a token without a key id when the set has several keys', async () => {
    const keys = localKeySet({ keys: [firstJwk, secondJwk] });
    await expect(jwtVerify(await signed(first, {}), keys)).rejects.toBeInstanceOf(errors.JWKSMultipleMatchingKeys);
  });

  it('takes only the public parts of a published key', async () => {
    const privateJwk = { ...(await exportJWK(first.privateKey)), kid: 'k-1', alg: 'RS256' };
    const key = await localKeySet({ keys: [privateJwk] })({ alg: 'RS256', kid: 'k-1' }, undefined as never);
    expect((key as CryptoKey).type).toBe('public');
  });

  it('refuses a malformed set', () => {
    expect(() => localKeySet({} as JSONWebKeySet)).toThrow(errors.JWKSInvalid);
  });
});
