/**
 * Session checks for the product's own Lambdas, as a middy middleware: find the access token (an
 * `Authorization: Bearer` header from the desktop app, else the web app's `sAccessToken` cookie, in
 * the SDK's order) and verify it against the auth core's public keys (./access-token.ts).
 *
 * Why not supertokens-node's verifySession here: the SDK is 1.2 MB bundled and adds about a third of
 * a second to every cold start, for a check that needs only the core's public keys. The auth Lambda
 * keeps the SDK for everything that changes a session. With SameSite=Lax cookies the SDK runs no
 * anti-CSRF check either (its default for Lax), so nothing is skipped.
 */
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { verifyAccessToken, UNAUTHORISED, type VerifiedSession } from './access-token';
import { HttpError } from './http-error';
import type { HttpResult } from './response';
import { getSecret } from './secrets';

const ACCESS_TOKEN_COOKIE = 'sAccessToken';

export function accessTokenOf(event: Pick<APIGatewayProxyEventV2, 'headers' | 'cookies'>): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(event.headers?.authorization ?? '')?.[1];
  if (bearer) return bearer;
  const cookie = event.cookies?.find((c) => c.startsWith(`${ACCESS_TOKEN_COOKIE}=`));
  const value = cookie?.slice(ACCESS_TOKEN_COOKIE.length + 1);
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    // A mangled cookie (`%E0%A4%A`) is no token: the caller is told to sign in, not shown a 500.
    return undefined;
  }
}

let coreKeys: JWTVerifyGetKey | undefined;

/** The core's signing keys, fetched once per cold start and again (jose's cooldown permitting) when a token names a new key. */
async function signingKeys(): Promise<JWTVerifyGetKey> {
  if (!coreKeys) {
    const { connectionUri } = await getSecret('supertokens');
    // Like the SDK: several cores may be listed with ';', a base path is kept.
    const first = connectionUri.split(';')[0]!.replace(/\/+$/, '');
    coreKeys = createRemoteJWKSet(new URL(`${first}/.well-known/jwks.json`));
  }
  return coreKeys;
}

const sessions = new WeakMap<object, VerifiedSession>();

export function requireSession(keys: () => Promise<JWTVerifyGetKey> = signingKeys): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> {
  return {
    before: async (request) => {
      const token = accessTokenOf(request.event);
      if (!token) throw new HttpError(401, UNAUTHORISED);
      sessions.set(request.event, await verifyAccessToken(token, await keys()));
    },
  };
}

/** The verified session of a request that passed `requireSession()`. */
export function sessionOf(event: object): VerifiedSession {
  const session = sessions.get(event);
  if (!session) throw new Error('sessionOf() on a route without requireSession()');
  return session;
}
