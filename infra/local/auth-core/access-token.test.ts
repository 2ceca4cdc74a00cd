import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mintAccessToken, readAccessToken, type AccessTokenInfo } from './access-token';
import type { SigningKey } from './jwt-keys';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key: SigningKey = { kid: 'd-test', privateKey: pair.privateKey, publicKey: pair.publicKey, createdAt: 0 };
const lookup = async (kid: string) => (kid === key.kid ? key.publicKey : undefined);
const now = 1_800_000_000_000;

const info: Omit<AccessTokenInfo, 'kid'> = {
  sessionHandle: 'h1',
  userId: 'u1',
  recipeUserId: 'u1',
  tenantId: 'public',
  refreshTokenHash1: 'abc',
  parentRefreshTokenHash1: null,
  antiCsrfToken: null,
  userData: { plan: 'pro', nested: { a: [1, null] } },
  createdTime: now + 123,
  expiry: now + 3_600_123,
};

describe('access tokens', () => {
  it('round-trips the v5 claims and the app payload, in whole seconds', async () => {
    const minted = mintAccessToken(key, info);
    expect(minted).toMatchObject({ createdTime: now, expiry: now + 3_600_000 });
    const read = await readAccessToken(minted.token, lookup, now);
    expect(read).toEqual({ ok: true, info: { ...info, kid: 'd-test', createdTime: now, expiry: now + 3_600_000 } });
  });

  it('reads an expired token as expired, and refuses tampered or foreign ones', async () => {
    const { token } = mintAccessToken(key, info);
    expect(await readAccessToken(token, lookup, now + 3_600_000)).toMatchObject({ ok: false, expired: true });

    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'admin' })).toString('base64url')}.${s}`;
    expect(await readAccessToken(forged, lookup, now)).toMatchObject({ ok: false, expired: false });

    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const foreign = mintAccessToken({ ...key, privateKey: other.privateKey }, info).token;
    expect(await readAccessToken(foreign, lookup, now)).toMatchObject({ ok: false, message: 'Access token signature is invalid' });
    expect(await readAccessToken('not.a.jwt', lookup, now)).toMatchObject({ ok: false });
    expect(await readAccessToken(mintAccessToken({ ...key, kid: 'd-unknown' }, info).token, lookup, now)).toMatchObject({ ok: false });
  });
});
