/**
 * The one question the product's Lambdas ask the SuperTokens core about a session: its verify call
 * (CDI `POST /recipe/session/verify`), the same request supertokens-node's getSession makes. Asked
 * only where a local check is not enough (functions/lib/session.ts says when), over node:http(s)
 * (./node-request.ts), so these Lambdas stay free of the SDK.
 */
import { HttpError } from './http-error';
import { TRY_REFRESH_TOKEN, UNAUTHORISED } from './access-token';
import { nodeRequest } from './node-request';
import { coreTimeoutMs, DependencyUnavailable, unavailableDependency } from './unavailable';

/** The core's address and key, as in the `supertokens` secret. */
export interface CoreConnection {
  connectionUri: string;
  apiKey: string;
}

/** A fresh access token the core issued in place of the one presented (it named its parent refresh token). */
export interface RenewedAccessToken {
  token: string;
  /** Epoch ms. */
  expiry: number;
}

/**
 * The CDI version the pinned supertokens-node (24.0.3) speaks; a core answers every version it
 * supports, so asking with the SDK's own keeps both sides' views of a session the same.
 */
const CDI_VERSION = '5.4';

type VerifyAnswer =
  | { status: 'OK'; accessToken?: { token: string; expiry: number } }
  | { status: 'UNAUTHORISED' | 'TRY_REFRESH_TOKEN'; message?: string };

/** The first core of a `;`-separated list, without a trailing slash (as the JWKS address is built). */
export function coreBaseUrl(connectionUri: string): string {
  return connectionUri.split(';')[0]!.trim().replace(/\/+$/, '');
}

/**
 * Asks the core whether `accessToken`'s session stands. `checkDatabase` also asks whether it still
 * exists (not signed out, not revoked); without it the core only confirms a refreshed token. A
 * refusal is the SDK's own 401: 'unauthorised' for a session that has ended (the web SDK signs out),
 * 'try refresh token' otherwise. A core that does not answer in CORE_TIMEOUT_MS (or what is left of the request), or answers 5xx, is
 * unavailable: the caller gets 503 with Retry-After (./unavailable.ts).
 */
export async function verifyWithCore(
  core: CoreConnection,
  accessToken: string,
  checkDatabase: boolean,
  request: typeof nodeRequest = nodeRequest,
): Promise<RenewedAccessToken | undefined> {
  const res = await request(`${coreBaseUrl(core.connectionUri)}/recipe/session/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cdi-version': CDI_VERSION, rid: 'session', ...(core.apiKey ? { 'api-key': core.apiKey } : {}) },
    body: JSON.stringify({ accessToken, doAntiCsrfCheck: false, enableAntiCsrf: false, checkDatabase }),
    timeoutMs: coreTimeoutMs(),
    // Asking twice is harmless: a verify revokes nothing, and a refreshed token's promotion is done once.
    idempotent: true,
  }).catch((error: unknown) => {
    // Not answered in time, or not reachable: the core is unavailable, not our bug.
    if (unavailableDependency(error)) throw new DependencyUnavailable('auth', `The SuperTokens core did not answer a session verify: ${(error as Error).name}`);
    throw error;
  });
  // The body of a failed call is the core's business (it can quote the request); only the status goes on.
  if (res.status >= 500 || res.status === 429) throw new DependencyUnavailable('auth', `The SuperTokens core answered ${res.status} to a session verify`);
  if (res.status < 200 || res.status > 299) throw new Error(`The SuperTokens core answered ${res.status} to a session verify`);
  const answer = JSON.parse(res.body) as VerifyAnswer;
  if (answer.status === 'OK') return answer.accessToken ? { token: answer.accessToken.token, expiry: answer.accessToken.expiry } : undefined;
  if (answer.status === 'UNAUTHORISED') throw new HttpError(401, UNAUTHORISED);
  if (answer.status === 'TRY_REFRESH_TOKEN') throw new HttpError(401, TRY_REFRESH_TOKEN);
  throw new Error('The SuperTokens core gave an unknown answer to a session verify');
}

/** The core's answer to supertokens-node's isEmailVerified (CDI `GET /recipe/user/email/verify`). */
export async function isEmailVerifiedInCore(core: CoreConnection, recipeUserId: string, email: string, request: typeof nodeRequest = nodeRequest): Promise<boolean> {
  const query = new URLSearchParams({ userId: recipeUserId, email });
  const res = await request(`${coreBaseUrl(core.connectionUri)}/recipe/user/email/verify?${query}`, {
    method: 'GET',
    headers: { 'cdi-version': CDI_VERSION, rid: 'emailverification', ...(core.apiKey ? { 'api-key': core.apiKey } : {}) },
    timeoutMs: coreTimeoutMs(),
    idempotent: true,
  });
  if (res.status < 200 || res.status > 299) throw new Error(`The SuperTokens core answered ${res.status} to an email verification check`);
  return (JSON.parse(res.body) as { isVerified?: unknown }).isVerified === true;
}

/**
 * Whether the account has a confirmed authenticator app (CDI `GET /recipe/totp/device/list`): asked
 * only for a token from before the second step existed, which carries no `st-mfa` claim.
 */
export async function hasSecondFactorInCore(core: CoreConnection, userId: string, request: typeof nodeRequest = nodeRequest): Promise<boolean> {
  const query = new URLSearchParams({ userId });
  const res = await request(`${coreBaseUrl(core.connectionUri)}/recipe/totp/device/list?${query}`, {
    method: 'GET',
    headers: { 'cdi-version': CDI_VERSION, rid: 'totp', ...(core.apiKey ? { 'api-key': core.apiKey } : {}) },
    timeoutMs: coreTimeoutMs(),
    idempotent: true,
  }).catch((error: unknown) => {
    // Not answered in time, or not reachable: the core is unavailable (a 503), not our bug.
    if (unavailableDependency(error)) throw new DependencyUnavailable('auth', `The SuperTokens core did not answer a TOTP device list: ${(error as Error).name}`);
    throw error;
  });
  if (res.status >= 500 || res.status === 429) throw new DependencyUnavailable('auth', `The SuperTokens core answered ${res.status} to a TOTP device list`);
  if (res.status < 200 || res.status > 299) throw new Error(`The SuperTokens core answered ${res.status} to a TOTP device list`);
  const devices = (JSON.parse(res.body) as { devices?: { verified?: unknown }[] }).devices ?? [];
  return devices.some((d) => d.verified === true);
}
