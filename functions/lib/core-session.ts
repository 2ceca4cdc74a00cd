/**
 * What the product's Lambdas ask the SuperTokens core about sessions, over its HTTP API
 * (./core-api.ts), so these Lambdas stay free of the SDK: the verify call (CDI
 * `POST /recipe/session/verify`, the same request supertokens-node's getSession makes), asked only
 * where a local check is not enough (./session.ts says when); the two claims a token from before
 * them does not carry; and, for the account routes and a new password, an account's sessions read,
 * listed and ended (the SDK's getSessionInformation, getAllSessionHandlesForUser, revokeSession and
 * revokeAllSessionsForUser).
 */
import { HttpError } from './http-error';
import { TRY_REFRESH_TOKEN, UNAUTHORISED } from './access-token';
import { askCore, type CoreConnection } from './core-api';
import { nodeRequest } from './node-request';

/** A fresh access token the core issued in place of the one presented (it named its parent refresh token). */
export interface RenewedAccessToken {
  token: string;
  /** Epoch ms. */
  expiry: number;
}

type VerifyAnswer =
  | { status: 'OK'; accessToken?: { token: string; expiry: number } }
  | { status: 'UNAUTHORISED' | 'TRY_REFRESH_TOKEN'; message?: string };

/**
 * Asks the core whether `accessToken`'s session stands. `checkDatabase` also asks whether it still
 * exists (not signed out, not revoked); without it the core only confirms a refreshed token. A
 * refusal is the SDK's own 401: 'unauthorised' for a session that has ended (the web SDK signs out),
 * 'try refresh token' otherwise. A core that does not answer in its time limit, or answers 5xx, is
 * unavailable: the caller gets 503 with Retry-After (./unavailable.ts).
 */
export async function verifyWithCore(
  core: CoreConnection,
  accessToken: string,
  checkDatabase: boolean,
  request: typeof nodeRequest = nodeRequest,
): Promise<RenewedAccessToken | undefined> {
  const answer = await askCore<VerifyAnswer>(
    core,
    {
      method: 'POST',
      path: '/recipe/session/verify',
      rid: 'session',
      body: { accessToken, doAntiCsrfCheck: false, enableAntiCsrf: false, checkDatabase },
      // Asking twice is harmless: a verify revokes nothing, and a refreshed token's promotion is done once.
      idempotent: true,
      what: 'a session verify',
    },
    request,
  );
  if (answer.status === 'OK') return answer.accessToken ? { token: answer.accessToken.token, expiry: answer.accessToken.expiry } : undefined;
  if (answer.status === 'UNAUTHORISED') throw new HttpError(401, UNAUTHORISED);
  if (answer.status === 'TRY_REFRESH_TOKEN') throw new HttpError(401, TRY_REFRESH_TOKEN);
  throw new Error('The SuperTokens core gave an unknown answer to a session verify');
}

/** The core's answer to supertokens-node's isEmailVerified (CDI `GET /recipe/user/email/verify`). */
export async function isEmailVerifiedInCore(core: CoreConnection, recipeUserId: string, email: string, request: typeof nodeRequest = nodeRequest): Promise<boolean> {
  const answer = await askCore<{ isVerified?: unknown }>(core, { method: 'GET', path: '/recipe/user/email/verify', rid: 'emailverification', query: { userId: recipeUserId, email }, what: 'an email verification check' }, request);
  return answer.isVerified === true;
}

/** An account's TOTP devices, confirmed or not (CDI `GET /recipe/totp/device/list`). */
export async function totpDevicesInCore(core: CoreConnection, userId: string, request: typeof nodeRequest = nodeRequest): Promise<{ name: string; verified: boolean }[]> {
  const answer = await askCore<{ devices?: { name: string; verified?: unknown }[] }>(core, { method: 'GET', path: '/recipe/totp/device/list', rid: 'totp', query: { userId }, what: 'a TOTP device list' }, request);
  return (answer.devices ?? []).map((d) => ({ name: d.name, verified: d.verified === true }));
}

/**
 * Whether the account has a confirmed authenticator app: asked only for a token from before the
 * second step existed, which carries no `st-mfa` claim.
 */
export async function hasSecondFactorInCore(core: CoreConnection, userId: string, request: typeof nodeRequest = nodeRequest): Promise<boolean> {
  return (await totpDevicesInCore(core, userId, request)).some((d) => d.verified);
}

/** A live session as the core has it (CDI `GET /recipe/session`). */
export interface CoreSessionInfo {
  handle: string;
  userId: string;
  recipeUserId: string;
  /** Epoch ms. */
  createdAt: number;
  data: unknown;
}

type SessionAnswer = { status: 'OK'; sessionHandle: string; userId: string; recipeUserId: string; timeCreated: number; userDataInDatabase: unknown } | { status: 'UNAUTHORISED' };

/** A live session by its handle; undefined when it has ended or never was. */
export async function sessionInCore(core: CoreConnection, handle: string): Promise<CoreSessionInfo | undefined> {
  const answer = await askCore<SessionAnswer>(core, { method: 'GET', path: '/recipe/session', rid: 'session', query: { sessionHandle: handle }, what: 'a session read' });
  if (answer.status !== 'OK') return undefined;
  return { handle: answer.sessionHandle, userId: answer.userId, recipeUserId: answer.recipeUserId, createdAt: answer.timeCreated, data: answer.userDataInDatabase };
}

/** The handles of a user's live sessions, every tenant and every linked login (the SDK's defaults). */
export async function sessionHandlesInCore(core: CoreConnection, userId: string): Promise<string[]> {
  const query = { userId, fetchSessionsForAllLinkedAccounts: 'true', fetchAcrossAllTenants: 'true' };
  return (await askCore<{ sessionHandles: string[] }>(core, { method: 'GET', path: '/recipe/session/user', rid: 'session', query, what: 'a session list' })).sessionHandles;
}

/** Ends the given sessions: their refresh tokens are refused from now on. The handles that were live. */
export async function endSessionsInCore(core: CoreConnection, handles: string[]): Promise<string[]> {
  if (handles.length === 0) return [];
  const answer = await askCore<{ sessionHandlesRevoked: string[] }>(core, { method: 'POST', path: '/recipe/session/remove', rid: 'session', body: { sessionHandles: handles }, idempotent: true, what: 'a session removal' });
  return answer.sessionHandlesRevoked;
}

/** Ends every session of a user, every tenant and every linked login (the SDK's defaults). The handles ended. */
export async function endAllSessionsInCore(core: CoreConnection, userId: string): Promise<string[]> {
  const body = { userId, revokeSessionsForLinkedAccounts: true, revokeAcrossAllTenants: true };
  return (await askCore<{ sessionHandlesRevoked: string[] }>(core, { method: 'POST', path: '/recipe/session/remove', rid: 'session', body, idempotent: true, what: "a user's session removal" })).sessionHandlesRevoked;
}
