/**
 * Sessions, with the CDI 5.4 semantics supertokens-node relies on:
 * - A refresh hands out a new refresh token (a child of the presented one) and an access token that
 *   names its parent (`parentRefreshTokenHash1`). The session switches to the child only when the
 *   child is first used (by a verify of that access token, or by refreshing with the child), so a
 *   client that lost the refresh response can simply refresh again.
 * - Presenting a refresh token that is neither the session's current one nor a child of it means
 *   an older token was replayed: the session is revoked and TOKEN_THEFT_DETECTED is answered.
 * The session item keeps the double SHA-256 of its current refresh token; concurrent updates are
 * conditional on that hash, so two cores or two requests cannot lose a rotation.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ifConditionHolds } from '../../../functions/lib/dynamo';
import { hasProtectedClaim, mintAccessToken, readAccessToken, readAccessTokenAllowingExpiry, samePayload, type AccessTokenInfo, type JsonObject, type MintedToken } from './access-token';
import { BadRequest, type CoreDeps } from './deps';
import { accountIdOf } from './linking';
import { openRefreshToken, sealRefreshToken, sha256Hex, type RefreshTokenInfo } from './refresh-token';
import { deleteItem, getItem, itemKey, ownerKey, putIfAbsent, queryOwner } from './store';

interface SessionItem {
  pk: string;
  handle: string;
  userId: string;
  recipeUserId: string;
  tenantId: string;
  refreshTokenHash2: string;
  /** JSON text: app payloads keep exactly their JSON shape. */
  userDataInJWT: string;
  userDataInDatabase: string;
  useStaticKey: boolean;
  timeCreated: number;
  /** When the refresh token lapses (ms); `expiresAt` is the same in seconds, for TTL. */
  expiry: number;
  expiresAt: number;
  ownerKey: string;
  ownerSort: string;
}

const UNAUTHORISED = (message: string) => ({ status: 'UNAUTHORISED' as const, message });
const TRY_REFRESH = (message: string) => ({ status: 'TRY_REFRESH_TOKEN' as const, message });
const MAX_ATTEMPTS = 5;

function checkPayload(payload: JsonObject): void {
  if (hasProtectedClaim(payload)) throw new BadRequest('The user payload contains protected field');
}

async function liveSession(deps: CoreDeps, handle: string): Promise<SessionItem | undefined> {
  const item = await getItem<SessionItem>(deps.store, itemKey.session(handle));
  return item && item.expiry > deps.clock() ? item : undefined;
}

function sessionView(s: { handle: string; userId: string; recipeUserId: string; tenantId: string }, userDataInJWT: JsonObject) {
  return { handle: s.handle, userId: s.userId, recipeUserId: s.recipeUserId, userDataInJWT, tenantId: s.tenantId };
}

const tokenSession = (t: AccessTokenInfo) => sessionView({ ...t, handle: t.sessionHandle }, t.userData);

async function newRefreshToken(deps: CoreDeps, info: RefreshTokenInfo, now: number): Promise<MintedToken> {
  const token = sealRefreshToken(await deps.keys.refreshTokenKey(), info);
  return { token, createdTime: now, expiry: now + deps.config.refreshTokenValidityMinutes * 60_000 };
}

async function signedAccessToken(deps: CoreDeps, useStaticKey: boolean, now: number, info: Omit<AccessTokenInfo, 'kid' | 'createdTime' | 'expiry'> & { expiry?: number }) {
  const key = await deps.keys.signingKey(useStaticKey ? 'static' : 'dynamic', now);
  return mintAccessToken(key, { ...info, createdTime: now, expiry: info.expiry ?? now + deps.config.accessTokenValiditySeconds * 1000 });
}

/** Moves the session to a new current refresh token, unless someone else moved it first. */
async function promote(deps: CoreDeps, session: SessionItem, refreshTokenHash2: string, now: number, useStaticKey = session.useStaticKey): Promise<boolean> {
  const expiry = now + deps.config.refreshTokenValidityMinutes * 60_000;
  const written = await ifConditionHolds(
    deps.store.db.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: { pk: session.pk },
        UpdateExpression: 'SET refreshTokenHash2 = :next, expiry = :expiry, expiresAt = :expiresAt, useStaticKey = :static',
        ConditionExpression: 'refreshTokenHash2 = :current',
        ExpressionAttributeValues: { ':next': refreshTokenHash2, ':current': session.refreshTokenHash2, ':expiry': expiry, ':expiresAt': Math.ceil(expiry / 1000), ':static': useStaticKey },
      }),
    ),
  );
  return written !== undefined;
}

export async function createSession(
  deps: CoreDeps,
  tenantId: string,
  input: { userId: string; userDataInJWT: JsonObject; userDataInDatabase: JsonObject; enableAntiCsrf: boolean; useDynamicSigningKey?: boolean },
) {
  checkPayload(input.userDataInJWT);
  // The SDK names the recipe user that signed in; as the core does, the session is the account's
  // (its primary user's, when linked), remembering which login method made it.
  const userId = await accountIdOf(deps, input.userId);
  const now = deps.clock();
  const handle = randomUUID();
  const antiCsrfToken = input.enableAntiCsrf ? randomUUID() : null;
  const useStaticKey = input.useDynamicSigningKey === false;
  const refreshToken = await newRefreshToken(deps, { sessionHandle: handle, tenantId, parentRefreshTokenHash1: null, antiCsrfToken }, now);
  const refreshTokenHash1 = sha256Hex(refreshToken.token);
  const session: SessionItem = {
    pk: itemKey.session(handle),
    handle,
    userId,
    recipeUserId: input.userId,
    tenantId,
    refreshTokenHash2: sha256Hex(refreshTokenHash1),
    userDataInJWT: JSON.stringify(input.userDataInJWT),
    userDataInDatabase: JSON.stringify(input.userDataInDatabase),
    useStaticKey,
    timeCreated: now,
    expiry: refreshToken.expiry,
    expiresAt: Math.ceil(refreshToken.expiry / 1000),
    ownerKey: ownerKey.sessionsOf(userId),
    ownerSort: handle,
  };
  const accessToken = await signedAccessToken(deps, useStaticKey, now, {
    sessionHandle: handle,
    userId,
    recipeUserId: input.userId,
    tenantId,
    refreshTokenHash1,
    parentRefreshTokenHash1: null,
    antiCsrfToken,
    userData: input.userDataInJWT,
  });
  if (!(await putIfAbsent(deps.store, session))) throw new Error('session handle collision');
  return { status: 'OK' as const, session: sessionView(session, input.userDataInJWT), accessToken, refreshToken, ...(antiCsrfToken ? { antiCsrfToken } : {}) };
}

export async function verifySession(
  deps: CoreDeps,
  input: { accessToken: string; antiCsrfToken?: string; doAntiCsrfCheck: boolean; enableAntiCsrf: boolean; checkDatabase?: boolean },
) {
  const read = await readAccessToken(input.accessToken, (kid) => deps.keys.publicKey(kid), deps.clock());
  if (!read.ok) return TRY_REFRESH(read.message);
  const token = read.info;
  if (input.enableAntiCsrf && input.doAntiCsrfCheck && (!input.antiCsrfToken || input.antiCsrfToken !== token.antiCsrfToken)) {
    return TRY_REFRESH('anti-csrf check failed');
  }
  let stored: SessionItem | undefined;
  if (input.checkDatabase) {
    stored = await liveSession(deps, token.sessionHandle);
    if (!stored) return UNAUTHORISED('Either the session has ended or has been blacklisted');
  }
  const payloadStale = stored !== undefined && !samePayload(token.userData, JSON.parse(stored.userDataInJWT) as JsonObject);
  // Already the current token with the current payload: nothing to confirm or reissue.
  if (token.parentRefreshTokenHash1 === null && !payloadStale) return { status: 'OK' as const, session: tokenSession(token) };

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const now = deps.clock();
    const session = await liveSession(deps, token.sessionHandle);
    if (!session) return UNAUTHORISED('Session missing in db');
    const confirmsChild = token.parentRefreshTokenHash1 !== null && session.refreshTokenHash2 === sha256Hex(token.parentRefreshTokenHash1);
    const isCurrent = session.refreshTokenHash2 === sha256Hex(token.refreshTokenHash1);
    if (!confirmsChild && !isCurrent && !payloadStale) return { status: 'OK' as const, session: tokenSession(token) };
    if (confirmsChild && !(await promote(deps, session, sha256Hex(token.refreshTokenHash1), now))) continue;
    const userDataInJWT = JSON.parse(session.userDataInJWT) as JsonObject;
    const accessToken = await signedAccessToken(deps, session.useStaticKey, now, { ...token, parentRefreshTokenHash1: null, userData: userDataInJWT, expiry: undefined });
    return { status: 'OK' as const, session: sessionView({ ...token, handle: token.sessionHandle }, userDataInJWT), accessToken };
  }
  return TRY_REFRESH('The session changed while it was being verified');
}

export async function refreshSession(deps: CoreDeps, input: { refreshToken: string; antiCsrfToken?: string; enableAntiCsrf: boolean; useDynamicSigningKey?: boolean }) {
  const info = openRefreshToken(await deps.keys.refreshTokenKey(), input.refreshToken);
  if (!info) return UNAUTHORISED('Invalid refresh token');
  if (input.enableAntiCsrf && info.antiCsrfToken !== null && info.antiCsrfToken !== input.antiCsrfToken) {
    return UNAUTHORISED('Anti CSRF token missing, or not matching');
  }
  const presentedHash1 = sha256Hex(input.refreshToken);
  const presentedHash2 = sha256Hex(presentedHash1);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const now = deps.clock();
    const session = await liveSession(deps, info.sessionHandle);
    if (!session) return UNAUTHORISED('Session missing in db or has expired');
    const useStaticKey = input.useDynamicSigningKey === undefined ? session.useStaticKey : !input.useDynamicSigningKey;

    if (session.refreshTokenHash2 === presentedHash2) {
      if (useStaticKey !== session.useStaticKey && !(await promote(deps, session, presentedHash2, now, useStaticKey))) continue;
      const antiCsrfToken = input.enableAntiCsrf ? randomUUID() : null;
      const refreshToken = await newRefreshToken(deps, { sessionHandle: session.handle, tenantId: session.tenantId, parentRefreshTokenHash1: presentedHash1, antiCsrfToken }, now);
      const userDataInJWT = JSON.parse(session.userDataInJWT) as JsonObject;
      const accessToken = await signedAccessToken(deps, useStaticKey, now, {
        sessionHandle: session.handle,
        userId: session.userId,
        recipeUserId: session.recipeUserId,
        tenantId: session.tenantId,
        refreshTokenHash1: sha256Hex(refreshToken.token),
        parentRefreshTokenHash1: presentedHash1,
        antiCsrfToken,
        userData: userDataInJWT,
      });
      return { status: 'OK' as const, session: sessionView(session, userDataInJWT), accessToken, refreshToken, ...(antiCsrfToken ? { antiCsrfToken } : {}) };
    }
    // A child nobody has used yet: it becomes current, then refreshes as above.
    if (info.parentRefreshTokenHash1 !== null && sha256Hex(info.parentRefreshTokenHash1) === session.refreshTokenHash2) {
      await promote(deps, session, presentedHash2, now, useStaticKey);
      continue;
    }
    await revokeSessions(deps, [session.handle]);
    return { status: 'TOKEN_THEFT_DETECTED' as const, session: { handle: session.handle, userId: session.userId, recipeUserId: session.recipeUserId } };
  }
  return UNAUTHORISED('The session changed while it was being refreshed');
}

export async function getSessionInformation(deps: CoreDeps, handle: string) {
  const s = await liveSession(deps, handle);
  if (!s) return UNAUTHORISED('Session does not exist.');
  return {
    status: 'OK' as const,
    sessionHandle: s.handle,
    userId: s.userId,
    recipeUserId: s.recipeUserId,
    tenantId: s.tenantId,
    userDataInDatabase: JSON.parse(s.userDataInDatabase) as JsonObject,
    userDataInJWT: JSON.parse(s.userDataInJWT) as JsonObject,
    timeCreated: s.timeCreated,
    expiry: s.expiry,
  };
}

/** Live sessions of a user, in one tenant or (no tenant given) all of them. */
export async function sessionHandlesOf(deps: CoreDeps, userId: string, tenantId?: string): Promise<string[]> {
  const now = deps.clock();
  const items = await queryOwner<SessionItem>(deps.store, ownerKey.sessionsOf(userId));
  return items.filter((s) => s.expiry > now && (tenantId === undefined || s.tenantId === tenantId)).map((s) => s.handle);
}

/** Deletes the sessions; answers the handles that existed. */
export async function revokeSessions(deps: CoreDeps, handles: string[]): Promise<string[]> {
  const deleted = await Promise.all(handles.map((h) => deleteItem<SessionItem>(deps.store, itemKey.session(h))));
  return handles.filter((_, i) => deleted[i] !== undefined);
}

export async function revokeSessionsOf(deps: CoreDeps, userId: string, tenantId?: string): Promise<string[]> {
  const items = await queryOwner<SessionItem>(deps.store, ownerKey.sessionsOf(userId));
  return revokeSessions(deps, items.filter((s) => tenantId === undefined || s.tenantId === tenantId).map((s) => s.handle));
}

async function updateStored(deps: CoreDeps, handle: string, attribute: 'userDataInJWT' | 'userDataInDatabase', value: JsonObject): Promise<boolean> {
  const written = await ifConditionHolds(
    deps.store.db.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: { pk: itemKey.session(handle) },
        UpdateExpression: 'SET #a = :v',
        ConditionExpression: 'attribute_exists(pk) AND expiry > :now',
        ExpressionAttributeNames: { '#a': attribute },
        ExpressionAttributeValues: { ':v': JSON.stringify(value), ':now': deps.clock() },
      }),
    ),
  );
  return written !== undefined;
}

export async function updateSessionData(deps: CoreDeps, handle: string, userDataInDatabase: JsonObject) {
  return (await updateStored(deps, handle, 'userDataInDatabase', userDataInDatabase)) ? { status: 'OK' as const } : UNAUTHORISED('Session does not exist.');
}

export async function updateAccessTokenPayload(deps: CoreDeps, handle: string, userDataInJWT: JsonObject) {
  checkPayload(userDataInJWT);
  return (await updateStored(deps, handle, 'userDataInJWT', userDataInJWT)) ? { status: 'OK' as const } : UNAUTHORISED('Session does not exist.');
}

/**
 * A new access token for the same session with a new payload (mergeIntoAccessTokenPayload). The
 * token must be ours; an expired one still updates the stored payload, and the next refresh carries it.
 */
export async function regenerateAccessToken(deps: CoreDeps, input: { accessToken: string; userDataInJWT?: JsonObject }) {
  const token = await readAccessTokenAllowingExpiry(input.accessToken, (kid) => deps.keys.publicKey(kid));
  if (!token) return UNAUTHORISED('Invalid access token');
  const session = await liveSession(deps, token.sessionHandle);
  if (!session) return UNAUTHORISED('Session does not exist.');
  const userDataInJWT = input.userDataInJWT ?? (JSON.parse(session.userDataInJWT) as JsonObject);
  checkPayload(userDataInJWT);
  if (!(await updateStored(deps, session.handle, 'userDataInJWT', userDataInJWT))) return UNAUTHORISED('Session does not exist.');
  const now = deps.clock();
  const view = sessionView({ ...token, handle: token.sessionHandle }, userDataInJWT);
  if (token.expiry < now) return { status: 'OK' as const, session: view };
  const accessToken = await signedAccessToken(deps, session.useStaticKey, now, { ...token, userData: userDataInJWT, expiry: token.expiry });
  return { status: 'OK' as const, session: view, accessToken };
}
