import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken, TRY_REFRESH_TOKEN } from './access-token';
import { HttpError } from './http-error';

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;
let core: Keys;
let stranger: Keys;
let keys: JWTVerifyGetKey;

beforeAll(async () => {
  [core, stranger] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('RS256')]);
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(core.publicKey)), kid: 'd-1', alg: 'RS256', use: 'sig' }] });
});

const now = () => Math.floor(Date.now() / 1000);
const v5 = { sub: 'user-1', rsub: 'user-1', tId: 'public', sessionHandle: 'handle-1', refreshTokenHash1: 'hash-1', parentRefreshTokenHash1: null, antiCsrfToken: null, email: 'ada@example.com' };

function token(overrides: { payload?: Record<string, unknown>; header?: Record<string, unknown>; key?: Keys; exp?: number; iat?: number } = {}) {
  return new SignJWT({ ...v5, ...overrides.payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', version: '5', kid: 'd-1', ...overrides.header })
    .setIssuedAt(overrides.iat ?? now() - 10)
    .setExpirationTime(overrides.exp ?? now() + 3600)
    .sign((overrides.key ?? core).privateKey);
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).statusCode, message: (error as HttpError).message };
}

describe('verifyAccessToken', () => {
  it("returns the session and the account's email from a token the core signed", async () => {
    const session = await verifyAccessToken(await token(), keys);
    expect(session).toMatchObject({ userId: 'user-1', recipeUserId: 'user-1', tenantId: 'public', sessionHandle: 'handle-1', email: 'ada@example.com' });
  });

  it("answers 401 'try refresh token' for an expired token, so the web SDK refreshes", async () => {
    expect(await refusal(verifyAccessToken(await token({ exp: now() - 1 }), keys))).toEqual({ status: 401, message: TRY_REFRESH_TOKEN });
  });

  it("refuses a token older than 15 minutes whatever its exp says (a core left at its default hour), so a revoked one reads no longer", async () => {
    expect(await refusal(verifyAccessToken(await token({ iat: now() - 15 * 60 - 5, exp: now() + 3600 }), keys))).toEqual({ status: 401, message: TRY_REFRESH_TOKEN });
    expect((await verifyAccessToken(await token({ iat: now() - 15 * 60 + 30, exp: now() + 3600 }), keys)).userId).toBe('user-1');
  });

  it('refuses a token signed by another key, altered, or made up', async () => {
    const forged = await token({ key: stranger });
    const [header, , signature] = (await token()).split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...v5, sub: 'user-2', iat: now(), exp: now() + 3600 })).toString('base64url')}.${signature}`;
    for (const bad of [forged, altered, 'made-up', '']) {
      expect(await refusal(verifyAccessToken(bad, keys))).toEqual({ status: 401, message: TRY_REFRESH_TOKEN });
    }
  });

  it('refuses an unsigned token and one naming a key the core does not have', async () => {
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', version: '5', kid: 'd-1' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...v5, iat: now(), exp: now() + 60 })).toString('base64url')}.`;
    expect((await refusal(verifyAccessToken(none, keys))).status).toBe(401);
    expect((await refusal(verifyAccessToken(await token({ header: { kid: 'd-9' } }), keys))).status).toBe(401);
  });

  it('refuses tokens of older versions or without the claims the core always sets, as the SDK does', async () => {
    expect((await refusal(verifyAccessToken(await token({ header: { version: '4' } }), keys))).status).toBe(401);
    expect((await refusal(verifyAccessToken(await token({ payload: { rsub: undefined } }), keys))).status).toBe(401);
    expect((await refusal(verifyAccessToken(await token({ payload: { sessionHandle: 7 } }), keys))).status).toBe(401);
  });

  it('lets a failure to reach the keys through as an error (a 500), not as a signed-out user', async () => {
    const unreachable: JWTVerifyGetKey = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    await expect(verifyAccessToken(await token(), unreachable)).rejects.toThrow('ECONNREFUSED');
  });
});
