/**
 * The core's public keys as a container holds them: fetched by the first request that needs them,
 * then held for `maxAgeMs`; fetched again at once for a token naming a key not held (the core rotated
 * its keys), but not again within `cooldownMs` of the last fetch, so a flood of tokens with strange key
 * ids cannot make the container fetch per request. The rules of jose's createRemoteJWKSet, which this
 * replaces only because jose fetches with the global fetch (functions/lib/node-request.ts says why not).
 * The token itself is still verified by jose's jwtVerify, which refuses any algorithm but RS256 before
 * it asks for a key.
 */
import { webcrypto } from 'node:crypto';
import { errors, type JSONWebKeySet, type JWK, type JWTVerifyGetKey } from 'jose';
import { nodeRequest } from './node-request';
import { CORE_TIMEOUT_MS } from './unavailable';

/** The core's limit (./unavailable.ts), fitting inside the Lambda's with room for the answer. */
const FETCH_TIMEOUT_MS = CORE_TIMEOUT_MS;
export const KEYS_COOLDOWN_MS = 30_000;

export interface RemoteKeySet {
  /** For jose's jwtVerify: the key the token names, fetching the set first when needed. */
  getKey: JWTVerifyGetKey;
  /** Whether a token can be checked now without a fetch (keys held, not older than the max age). */
  readonly fresh: boolean;
  /** Starts fetching the keys now (a getKey meanwhile waits for the same fetch). */
  load(): Promise<void>;
}

export function remoteKeySet(fetchKeys: () => Promise<JSONWebKeySet>, options: { maxAgeMs: number; cooldownMs?: number }): RemoteKeySet {
  const cooldownMs = options.cooldownMs ?? KEYS_COOLDOWN_MS;
  let local: JWTVerifyGetKey | undefined;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | undefined;
  const heldFor = (ms: number) => Date.now() < fetchedAt + ms;
  // Concurrent requests share one fetch; a failed fetch leaves the keys held before as they were.
  const reload = () =>
    (pending ??= fetchKeys()
      .then((jwks) => {
        local = localKeySet(jwks);
        fetchedAt = Date.now();
      })
      .finally(() => {
        pending = undefined;
      }));
  const getKey: JWTVerifyGetKey = async (header, token) => {
    if (!local || !heldFor(options.maxAgeMs)) await reload();
    try {
      return await local!(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || heldFor(cooldownMs)) throw error;
      await reload();
      return local!(header, token);
    }
  };
  return {
    getKey,
    load: reload,
    get fresh() {
      return local !== undefined && heldFor(options.maxAgeMs);
    },
  };
}

/**
 * The RS256 verification key a token names, from a fetched set: as jose's createLocalJWKSet picks one
 * (an RSA key with the token's `kid`, its `alg`, `use` and `key_ops`, where set, allowing RS256
 * verification), imported once. Narrower than jose's in one way: a token matching several keys (one
 * without a `kid`) is refused rather than tried against each; the core names the key in every token.
 */
export function localKeySet(jwks: JSONWebKeySet): JWTVerifyGetKey {
  if (typeof jwks !== 'object' || jwks === null || !Array.isArray(jwks.keys) || !jwks.keys.every((k) => typeof k === 'object' && k !== null)) {
    throw new errors.JWKSInvalid('JSON Web Key Set malformed');
  }
  const usable = (jwk: JWK, kid: string | undefined) =>
    jwk.kty === 'RSA' &&
    (kid === undefined || jwk.kid === kid) &&
    (jwk.alg === undefined || jwk.alg === 'RS256') &&
    (jwk.use === undefined || jwk.use === 'sig') &&
    (jwk.key_ops === undefined || (Array.isArray(jwk.key_ops) && jwk.key_ops.includes('verify')));
  const imported = new Map<JWK, Promise<webcrypto.CryptoKey>>();
  return async (header) => {
    const candidates = jwks.keys.filter((jwk) => usable(jwk, header.kid));
    if (candidates.length === 0) throw new errors.JWKSNoMatchingKey();
    if (candidates.length > 1) throw new errors.JWKSMultipleMatchingKeys();
    const jwk = candidates[0]!;
    let key = imported.get(jwk);
    if (!key) {
      // Only the public parts: a set that (wrongly) carried a private key still yields a public one.
      key = webcrypto.subtle.importKey('jwk', { kty: 'RSA', n: jwk.n, e: jwk.e }, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
      imported.set(jwk, key);
      key.catch(() => imported.delete(jwk));
    }
    return key;
  };
}

/** The core's key set document (`/.well-known/jwks.json` under its address, as supertokens-node reads it). */
export async function fetchCoreKeys(baseUrl: string): Promise<JSONWebKeySet> {
  const res = await nodeRequest(`${baseUrl}/.well-known/jwks.json`, { method: 'GET', headers: { accept: 'application/json, application/jwk-set+json' }, timeoutMs: FETCH_TIMEOUT_MS, idempotent: true });
  if (res.status !== 200) throw new Error(`The SuperTokens core answered ${res.status} for its keys`);
  return JSON.parse(res.body) as JSONWebKeySet;
}
