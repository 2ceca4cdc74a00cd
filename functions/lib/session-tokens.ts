/**
 * Handing a renewed access token back to the client the way supertokens-node does, so the web and
 * desktop SDKs take it without knowing which backend answered: the token in the `sAccessToken`
 * cookie (web) or the `st-access-token` header (desktop, header mode), and the `front-token` header
 * the frontend SDK reads the session's user and expiry from.
 */
import type { HttpResult } from './response';
import type { RenewedAccessToken } from './core-session';

export const ACCESS_TOKEN_COOKIE = 'sAccessToken';
export const REFRESH_TOKEN_COOKIE = 'sRefreshToken';
/** The SDK keeps the refresh token on its refresh path only (the API base /api/auth, spec §9). */
export const REFRESH_TOKEN_PATH = '/api/auth/session/refresh';
/** The front token that tells the frontend SDK its session is gone. */
const FRONT_TOKEN_REMOVED = 'remove';

/** Where the token came from, and so where a renewed one goes back: the SDK's two transfer methods. */
export type TokenTransfer = 'header' | 'cookie';

/** Cookies carry Secure whenever the API is served over https (spec §9); the auth Lambda's SDK config asks this too. */
export function cookiesAreSecure(apiOrigin: string | undefined): boolean {
  return (apiOrigin ?? '').startsWith('https://');
}

/** As the SDK sets it: a year (browsers cap cookies near 400 days); the token inside expires far sooner. */
const COOKIE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** The SDK's front token: base64 of `{uid, ate, up}` (user id, access token expiry in ms, its payload). */
export function frontToken(renewed: RenewedAccessToken): string {
  const payload = JSON.parse(Buffer.from(renewed.token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: string };
  return Buffer.from(JSON.stringify({ uid: payload.sub, ate: renewed.expiry, up: payload })).toString('base64');
}

/** `response` with the renewed token added: the SDK's cookie attributes (path /, HttpOnly, SameSite Lax, spec §9). */
export function withAccessToken(response: HttpResult, renewed: RenewedAccessToken, transfer: TokenTransfer, secure: boolean, nowMs = Date.now()): HttpResult {
  const exposed = transfer === 'header' ? 'front-token, st-access-token' : 'front-token';
  const headers = { ...response.headers, 'front-token': frontToken(renewed), 'access-control-expose-headers': exposed };
  if (transfer === 'header') return { ...response, headers: { ...headers, 'st-access-token': renewed.token } };
  const cookie = [`${ACCESS_TOKEN_COOKIE}=${renewed.token}`, `Expires=${new Date(nowMs + COOKIE_LIFETIME_MS).toUTCString()}`, 'HttpOnly', 'Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
  return { ...response, headers, cookies: [...(response.cookies ?? []).filter((c) => !c.startsWith(`${ACCESS_TOKEN_COOKIE}=`)), cookie] };
}

/**
 * `response` that signs the client out as the SDK's own sign-out does: both session cookies expired
 * (the refresh token on its own path), `front-token: remove`, and empty header-mode tokens, so a
 * browser or an app is signed out at once, whichever way it holds its tokens.
 */
export function withSessionCleared(response: HttpResult, secure: boolean): HttpResult {
  const expired = (name: string, path: string) => [`${name}=`, 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'HttpOnly', `Path=${path}`, 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
  return {
    ...response,
    headers: {
      ...response.headers,
      'front-token': FRONT_TOKEN_REMOVED,
      'st-access-token': '',
      'st-refresh-token': '',
      'access-control-expose-headers': 'front-token, st-access-token, st-refresh-token',
    },
    cookies: [...(response.cookies ?? []), expired(ACCESS_TOKEN_COOKIE, '/'), expired(REFRESH_TOKEN_COOKIE, REFRESH_TOKEN_PATH)],
  };
}

/** Whether `response` signs the client out (withSessionCleared): no renewed token may be added to it. */
export function clearsSession(response: HttpResult): boolean {
  return response.headers?.['front-token'] === FRONT_TOKEN_REMOVED;
}
