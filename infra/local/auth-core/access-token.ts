/**
 * Access tokens in the v5 shape supertokens-node validates locally (lib/build/recipe/session/
 * accessToken.js and jwt.js): an RS256 JWT whose header is `{ alg, typ: "JWT", version: "5", kid }`
 * and whose payload holds `sub`, `rsub`, `tId`, `sessionHandle`, `refreshTokenHash1`,
 * `parentRefreshTokenHash1` and `antiCsrfToken` (both null when unset), `iat`, `exp` in seconds,
 * and the app's own claims at the top level.
 */
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { SigningKey } from './jwt-keys';

/** Claims the core owns; a payload from the app may not set them (the SDK's protectedProps, less `stt`). */
export const PROTECTED_CLAIMS = ['sub', 'exp', 'iat', 'sessionHandle', 'refreshTokenHash1', 'parentRefreshTokenHash1', 'antiCsrfToken', 'tId', 'rsub'] as const;

export type JsonObject = Record<string, unknown>;

export interface AccessTokenInfo {
  sessionHandle: string;
  userId: string;
  recipeUserId: string;
  tenantId: string;
  refreshTokenHash1: string;
  parentRefreshTokenHash1: string | null;
  antiCsrfToken: string | null;
  /** The app's claims. */
  userData: JsonObject;
  /** Milliseconds, whole seconds (the token carries seconds). */
  expiry: number;
  createdTime: number;
  kid: string;
}

export interface MintedToken {
  token: string;
  expiry: number;
  createdTime: number;
}

export function hasProtectedClaim(payload: JsonObject): boolean {
  return PROTECTED_CLAIMS.some((claim) => claim in payload);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function mintAccessToken(key: SigningKey, info: Omit<AccessTokenInfo, 'kid'>): MintedToken {
  const iat = Math.floor(info.createdTime / 1000);
  const exp = Math.floor(info.expiry / 1000);
  const header = { alg: 'RS256', typ: 'JWT', version: '5', kid: key.kid };
  const payload = {
    ...info.userData,
    sub: info.userId,
    rsub: info.recipeUserId,
    tId: info.tenantId,
    sessionHandle: info.sessionHandle,
    refreshTokenHash1: info.refreshTokenHash1,
    parentRefreshTokenHash1: info.parentRefreshTokenHash1,
    antiCsrfToken: info.antiCsrfToken,
    iat,
    exp,
  };
  const signingInput = `${b64(header)}.${b64(payload)}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(key.privateKey).toString('base64url');
  return { token: `${signingInput}.${signature}`, expiry: exp * 1000, createdTime: iat * 1000 };
}

export type ReadResult = { ok: true; info: AccessTokenInfo } | { ok: false; expired: boolean; message: string };

function parseJson(part: string | undefined): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Checks the signature against our keys and reads the token. An expired but genuine token reads as
 * `expired` (regenerate still needs its claims); anything forged or malformed is refused.
 */
export async function readAccessToken(token: string, publicKey: (kid: string) => Promise<KeyObject | undefined>, now: number): Promise<ReadResult> {
  const refuse = (message: string): ReadResult => ({ ok: false, expired: false, message });
  const [headerPart, payloadPart, signaturePart, extra] = token.split('.');
  if (!headerPart || !payloadPart || !signaturePart || extra !== undefined) return refuse('Access token is not a JWT');
  const header = parseJson(headerPart);
  if (!header || header.alg !== 'RS256' || header.typ !== 'JWT' || header.version !== '5' || typeof header.kid !== 'string') return refuse('Access token header mismatch');
  const key = await publicKey(header.kid);
  if (!key) return refuse('Access token signed by an unknown key');
  const signed = createVerify('RSA-SHA256').update(`${headerPart}.${payloadPart}`).verify(key, Buffer.from(signaturePart, 'base64url'));
  if (!signed) return refuse('Access token signature is invalid');
  const payload = parseJson(payloadPart);
  const [sub, rsub, tId, sessionHandle, refreshTokenHash1] = [payload?.sub, payload?.rsub, payload?.tId, payload?.sessionHandle, payload?.refreshTokenHash1].map(str);
  if (!payload || !sub || !rsub || !tId || !sessionHandle || !refreshTokenHash1 || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') {
    return refuse('Access token does not have the expected claims');
  }
  const userData = Object.fromEntries(Object.entries(payload).filter(([claim]) => !(PROTECTED_CLAIMS as readonly string[]).includes(claim)));
  const info: AccessTokenInfo = {
    sessionHandle,
    userId: sub,
    recipeUserId: rsub,
    tenantId: tId,
    refreshTokenHash1,
    parentRefreshTokenHash1: str(payload.parentRefreshTokenHash1) ?? null,
    antiCsrfToken: str(payload.antiCsrfToken) ?? null,
    userData,
    expiry: payload.exp * 1000,
    createdTime: payload.iat * 1000,
    kid: header.kid,
  };
  if (info.expiry <= now) return { ok: false, expired: true, message: 'Access token expired' };
  return { ok: true, info };
}

/** Reads a genuine token whether or not it has expired. */
export async function readAccessTokenAllowingExpiry(token: string, publicKey: (kid: string) => Promise<KeyObject | undefined>): Promise<AccessTokenInfo | undefined> {
  const result = await readAccessToken(token, publicKey, 0);
  return result.ok ? result.info : undefined;
}

export function samePayload(a: JsonObject, b: JsonObject): boolean {
  return isDeepStrictEqual(a, b);
}
