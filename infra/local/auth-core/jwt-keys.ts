/**
 * Access-token signing keys, as the real core keeps them: one static RS256 key (kid `s-…`) for apps
 * that set `useDynamicAccessTokenSigningKey: false`, and dynamic keys (kid `d-…`) that take over from
 * each other every `dynamicSigningKeyIntervalHours`, each staying in the JWKS until the last token it
 * signed has expired. Generated once and stored in the table (with the key that seals refresh
 * tokens), so tokens survive a restart; several core processes on one table agree through a
 * version-checked write.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { ifConditionHolds } from '../../../functions/lib/dynamo';
import type { CoreConfig } from './config';
import { getItem, itemKey, putIfAbsent, type Store } from './store';

interface StoredKey {
  kid: string;
  privateKeyPem: string;
  createdAt: number;
}

interface KeysItem {
  pk: string;
  staticKey: StoredKey;
  /** Oldest first; the last one signs. */
  dynamicKeys: StoredKey[];
  /** base64 AES-256 key that seals refresh tokens. */
  refreshTokenKey: string;
  version: number;
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  createdAt: number;
}

export interface Jwk {
  kty: string;
  kid: string;
  n: string;
  e: string;
  alg: 'RS256';
  use: 'sig';
}

export interface KeyStore {
  /** The key that signs new access tokens of this kind at `now`; the dynamic one rotates when due. */
  signingKey(kind: 'static' | 'dynamic', now: number): Promise<SigningKey>;
  /** The public key for a kid; rereads the table once when another process may have rotated. */
  publicKey(kid: string): Promise<KeyObject | undefined>;
  jwks(now: number): Promise<Jwk[]>;
  refreshTokenKey(): Promise<Buffer>;
}

type KeyConfig = Pick<CoreConfig, 'dynamicSigningKeyIntervalHours' | 'accessTokenValiditySeconds'>;

function newKeyPair(prefix: 's-' | 'd-', now: number): Promise<StoredKey> {
  return new Promise((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _publicKey, privateKey) => {
      if (error) return reject(error);
      resolve({ kid: `${prefix}${randomUUID()}`, privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), createdAt: now });
    }),
  );
}

function toSigningKey(stored: StoredKey): SigningKey {
  const privateKey = createPrivateKey(stored.privateKeyPem);
  return { kid: stored.kid, privateKey, publicKey: createPublicKey(privateKey), createdAt: stored.createdAt };
}

/** How long tokens a key signed may still be valid after it stopped signing. */
function retiredKeyLifetimeMs(config: KeyConfig): number {
  return config.dynamicSigningKeyIntervalHours * 3_600_000 + config.accessTokenValiditySeconds * 1000;
}

export function createKeyStore(store: Store, config: KeyConfig, clock: () => number = Date.now): KeyStore {
  const intervalMs = config.dynamicSigningKeyIntervalHours * 3_600_000;
  let item: KeysItem | undefined;
  const keys = new Map<string, SigningKey>();
  let loading: Promise<KeysItem> | undefined;
  let rotating: Promise<KeysItem> | undefined;
  let lastReload = 0;

  function adopt(next: KeysItem): KeysItem {
    item = next;
    for (const stored of [next.staticKey, ...next.dynamicKeys]) if (!keys.has(stored.kid)) keys.set(stored.kid, toSigningKey(stored));
    return next;
  }

  async function readOrCreate(): Promise<KeysItem> {
    const existing = await getItem<KeysItem>(store, itemKey.signingKeys());
    if (existing) return adopt(existing);
    const now = clock();
    const created: KeysItem = {
      pk: itemKey.signingKeys(),
      staticKey: await newKeyPair('s-', now),
      dynamicKeys: [await newKeyPair('d-', now)],
      refreshTokenKey: randomBytes(32).toString('base64'),
      version: 1,
    };
    if (await putIfAbsent(store, created)) return adopt(created);
    // Another core created them first: use theirs.
    return adopt((await getItem<KeysItem>(store, itemKey.signingKeys()))!);
  }

  function current(): Promise<KeysItem> {
    if (item) return Promise.resolve(item);
    loading ??= readOrCreate().finally(() => (loading = undefined));
    return loading;
  }

  async function rotate(from: KeysItem, now: number): Promise<KeysItem> {
    const stillValid = from.dynamicKeys.filter((k) => k.createdAt + retiredKeyLifetimeMs(config) > now);
    const next: KeysItem = { ...from, dynamicKeys: [...stillValid, await newKeyPair('d-', now)], version: from.version + 1 };
    const written = await ifConditionHolds(
      store.db.send(new PutCommand({ TableName: store.table, Item: next, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': from.version } })),
    );
    // Another core rotated first: use theirs.
    return adopt(written ? next : (await getItem<KeysItem>(store, itemKey.signingKeys()))!);
  }

  async function withRotation(now: number): Promise<KeysItem> {
    const loaded = await current();
    const latest = loaded.dynamicKeys.at(-1)!;
    if (latest.createdAt + intervalMs > now) return loaded;
    rotating ??= rotate(loaded, now).finally(() => (rotating = undefined));
    return rotating;
  }

  return {
    async signingKey(kind, now) {
      const loaded = await withRotation(now);
      const stored = kind === 'static' ? loaded.staticKey : loaded.dynamicKeys.at(-1)!;
      return keys.get(stored.kid)!;
    },
    async publicKey(kid) {
      await current();
      if (!keys.has(kid) && clock() - lastReload > 1000) {
        lastReload = clock();
        const fresh = await getItem<KeysItem>(store, itemKey.signingKeys());
        if (fresh) adopt(fresh);
      }
      return keys.get(kid)?.publicKey;
    },
    async jwks(now) {
      const loaded = await withRotation(now);
      const published = [loaded.staticKey, ...loaded.dynamicKeys.filter((k, i, all) => i === all.length - 1 || k.createdAt + retiredKeyLifetimeMs(config) > now)];
      return published.map((stored) => {
        const jwk = keys.get(stored.kid)!.publicKey.export({ format: 'jwk' });
        return { kty: jwk.kty!, kid: stored.kid, n: jwk.n!, e: jwk.e!, alg: 'RS256', use: 'sig' };
      });
    },
    async refreshTokenKey() {
      return Buffer.from((await current()).refreshTokenKey, 'base64');
    },
  };
}
