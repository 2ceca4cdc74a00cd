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
import { EMAIL_VERIFIED_CLAIM, INVALID_CLAIM, MFA_CLAIM, verifyAccessToken, UNAUTHORISED, type VerifiedSession } from './access-token';
import { fetchCoreKeys, remoteKeySet, type RemoteKeySet } from './core-keys';
import { requestsSent } from './node-request';
import { coreBaseUrl, type CoreConnection } from './core-api';
import { hasSecondFactorInCore, isEmailVerifiedInCore, verifyWithCore, type RenewedAccessToken } from './core-session';
import { HttpError } from './http-error';
import type { HttpResult } from './response';
import { getSecret } from './secrets';
import { ACCESS_TOKEN_COOKIE, clearsSession, cookiesAreSecure, withAccessToken, type TokenTransfer } from './session-tokens';

export function accessTokenOf(event: Pick<APIGatewayProxyEventV2, 'headers' | 'cookies'>): { token: string; transfer: TokenTransfer } | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(event.headers?.authorization ?? '')?.[1];
  if (bearer) return { token: bearer, transfer: 'header' };
  const cookie = event.cookies?.find((c) => c.startsWith(`${ACCESS_TOKEN_COOKIE}=`));
  const value = cookie?.slice(ACCESS_TOKEN_COOKIE.length + 1);
  if (!value) return undefined;
  try {
    return { token: decodeURIComponent(value), transfer: 'cookie' };
  } catch {
    // A mangled cookie (`%E0%A4%A`) is no token: the caller is told to sign in, not shown a 500.
    return undefined;
  }
}

let coreKeys: RemoteKeySet | undefined;

/**
 * How long fetched keys are trusted before the next request fetches them again: supertokens-node's
 * own default (`jwksRefreshIntervalSec`, 4 hours), so a key the core withdrew stops verifying as it
 * would with the SDK. jose's default is 10 minutes, which made a warm container pay a fetch on the
 * request path six times an hour. A token naming a key we do not hold fetches at once.
 */
export const CORE_KEYS_MAX_AGE_MS = 4 * 60 * 60 * 1000;

/** The core's signing keys, fetched once per cold start and again (after a 30 s cooldown) when a token names a new key (./core-keys.ts). */
function signingKeys(core: CoreConnection): RemoteKeySet {
  // Like the SDK: several cores may be listed with ';', a base path is kept.
  const baseUrl = coreBaseUrl(core.connectionUri);
  coreKeys ??= remoteKeySet(() => fetchCoreKeys(baseUrl), { maxAgeMs: CORE_KEYS_MAX_AGE_MS });
  return coreKeys;
}

const whileKeysLoad: (() => void)[] = [];

/**
 * Work for a cold start's first session check to run while it waits on the core for the keys (a
 * handler's DynamoDB client set up, say: ./dynamo.ts primeDocumentClient). It starts once the
 * requests to the core are sent, so it overlaps their round trip rather than delaying it; run once.
 */
export function whileCoreKeysLoad(work: () => void): void {
  whileKeysLoad.push(work);
}

export interface SessionCheck {
  /**
   * Serve a session whose address is not proven yet. No product route does: like supertokens-node's
   * verifySession with the EmailVerification recipe REQUIRED, every route but the verification APIs
   * and sign-out (both the SDK's own) refuses it.
   */
  unverifiedEmail?: boolean;
  /**
   * Ask the core whether the session still exists, not only whether the token is genuine. For every
   * route that creates or extends a session or changes the account: a token outlives a sign-out or a
   * revocation by up to its lifetime, and such a route must not.
   */
  live?: boolean;
  /**
   * Serve a session whose sign-in still owes the account's second step: only the second step's own
   * paths do (shared/route-policy.ts).
   */
  owingSecondStep?: boolean;
}

interface CheckedRequest {
  session: VerifiedSession;
  renewed?: { token: RenewedAccessToken; transfer: TokenTransfer };
}

const checked = new WeakMap<object, CheckedRequest>();

/**
 * The session middleware. Ordinary reads are checked locally against the core's keys: stateless,
 * no call out. The core is asked, as supertokens-node's verifySession would ask it, in two cases:
 * - the token is the first of a refresh (`confirmsRefresh`): the core retires the old refresh token
 *   and answers a token without the parent, which goes back to the client in place of this one, so
 *   it is asked once per refresh. Without this, the old refresh token keeps working and a stolen
 *   one is never detected;
 * - the route asks for a `live` session.
 * Both checks always run and both must pass; the token's own check is the one answered when it
 * fails. Only while the keys are being fetched (a cold start, or keys past their max age) is a live
 * route's question to the core asked at the same time rather than after: a round trip less on the
 * first request, at the cost of the core seeing, once per fetch, a token not yet checked here (it
 * checks every token itself).
 */
export function requireSession(check: SessionCheck = {}): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> {
  const secure = cookiesAreSecure(process.env.API_ORIGIN);
  const handBack = async (request: { event: APIGatewayProxyEventV2; response: HttpResult | undefined | null }) => {
    const renewed = checked.get(request.event)?.renewed;
    // A route that ended the session (sign out everywhere, deletion) hands back no token for it.
    if (renewed && request.response && !clearsSession(request.response)) request.response = withAccessToken(request.response, renewed.token, renewed.transfer, secure);
  };
  return {
    before: async (request) => {
      const found = accessTokenOf(request.event);
      if (!found) throw new HttpError(401, UNAUTHORISED);
      const core = await getSecret('supertokens');
      const keys = signingKeys(core);
      let asked: Promise<RenewedAccessToken | undefined> | undefined;
      if (!keys.fresh) {
        // A failed fetch is answered by the token's check below, which waits for this same fetch.
        keys.load().catch(() => undefined);
        // Read only once the token has passed here; a refused token's answer from the core is dropped.
        if (check.live) (asked = verifyWithCore(core, found.token, true)).catch(() => undefined);
        if (whileKeysLoad.length) {
          await requestsSent();
          for (const work of whileKeysLoad.splice(0)) work();
        }
      }
      const session = await verifyAccessToken(found.token, keys.getKey);
      if (!check.unverifiedEmail) await requireVerifiedEmail(core, session);
      if (!check.owingSecondStep) await requireSecondStep(core, session);
      const entry: CheckedRequest = { session };
      if (check.live || session.confirmsRefresh) {
        const token = await (asked ?? verifyWithCore(core, found.token, check.live === true));
        if (token) entry.renewed = { token, transfer: found.transfer };
      }
      checked.set(request.event, entry);
    },
    after: handBack,
    onError: handBack,
  };
}

/** The SDK's EmailVerificationClaim.validators.isVerified(): a `false` is asked again once it is this old. */
export const REFETCH_UNVERIFIED_AFTER_MS = 10_000;

/**
 * What supertokens-node's verifySession does with the `st-ev` claim: `true` passes; a `false` fresher
 * than 10 s is refused; a missing claim (a token from before verification existed) or an older `false`
 * is asked of the core, and refused unless the core now says the address is proven. The refusal is
 * the SDK's own 403, which the web SDK and the pages read as "verify your email first".
 */
async function requireVerifiedEmail(core: CoreConnection, session: VerifiedSession, now = Date.now()): Promise<void> {
  const claim = session.emailVerified;
  if (claim?.value === true) return;
  const stale = !claim || now - claim.fetchedAt >= REFETCH_UNVERIFIED_AFTER_MS;
  if (stale && session.email && (await isEmailVerifiedInCore(core, session.recipeUserId, session.email))) return;
  throw new HttpError(403, INVALID_CLAIM, undefined, undefined, {
    claimValidationErrors: [
      {
        id: EMAIL_VERIFIED_CLAIM,
        reason: claim ? { message: 'wrong value', expectedValue: true, actualValue: claim.value } : { message: 'value does not exist', expectedValue: true },
      },
    ],
  });
}

/**
 * What supertokens-node's verifySession does with the MultiFactorAuth recipe's `st-mfa` claim: a
 * session whose sign-in has not completed the account's second step (`v: false`) is refused with the
 * SDK's own 403, which sends the web app to /auth/mfa. No product route serves such a session: only
 * the factors' own routes (the SDK's, and the recovery code's in the auth Lambda) do. A token without
 * the claim (issued before the second step existed) is refused only when the account has one set up;
 * the web app's MFA info call then gives it the claim.
 */
async function requireSecondStep(core: CoreConnection, session: VerifiedSession): Promise<void> {
  const claim = session.secondStep;
  if (claim?.done === true) return;
  if (!claim && !(await hasSecondFactorInCore(core, session.userId))) return;
  throw new HttpError(403, INVALID_CLAIM, undefined, undefined, {
    claimValidationErrors: [{ id: MFA_CLAIM, reason: claim ? { message: 'MFA requirement for auth is not satisfied' } : { message: 'value does not exist' } }],
  });
}

/** The verified session of a request that passed `requireSession()`. */
export function sessionOf(event: object): VerifiedSession {
  const entry = checked.get(event);
  if (!entry) throw new Error('sessionOf() on a route whose policy reads no session (shared/route-policy.ts)');
  return entry.session;
}
