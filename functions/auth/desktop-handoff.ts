/**
 * The desktop sign-in handoff (docs/decisions.md#4), served by the auth Lambda:
 *
 * - POST /api/auth/desktop/consent {redirect_url, code_challenge, code_challenge_method: 'S256', state?}:
 *   the signed-in browser's consent (/launch's button) answers the desktop app's loopback address with
 *   a one-time code (functions/auth/handoff-codes.ts), bound to the PKCE challenge, and the app's
 *   `state` added to the query; the page then opens it. No token goes into a URL or the browser's history.
 * - POST /api/auth/desktop/exchange {code, code_verifier}: the desktop app that made the challenge
 *   trades the code, once, for a session of its own in header mode (the browser's session stays the browser's).
 */
import supertokens from 'supertokens-node';
import { MultiFactorAuthClaim } from 'supertokens-node/recipe/multifactorauth';
import Session from 'supertokens-node/recipe/session';
import type { DesktopConsent, DesktopSession } from '../../shared/api-types';
import { parseDesktopSignIn } from '../../shared/desktop-sign-in';
import { desktopConsentBody, desktopExchangeBody } from '../../shared/schemas/desktop';
import { desktopTexts } from '../../shared/texts/desktop';
import { documentClient } from '../lib/dynamo';
import { recordDesktopSignIn } from '../user-record';
import { httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { logger } from '../lib/logger';
import { json } from '../lib/response';
import { sessionOf } from '../lib/session';
import { issueHandoffCode, redeemHandoffCode } from './handoff-codes';
import { desktopAppOn, readClientData } from './session-clients';

/** The app is on the computer whose browser handed it the session: its place is that sign-in's. */
const placeOfSession = (data: unknown) => {
  const { place } = readClientData(data);
  return place ? { place } : {};
};
import { TENANT_ID } from './app-info';
import { ensureSupertokens } from './supertokens';

/**
 * The browser's consent, a same-origin POST from /launch's button (its policy, shared/route-policy.ts:
 * a live session, the second step done, from the product's own page, never for an account being
 * deleted). The answer is the loopback address with the code, which the page then opens: a GET could
 * be sent by any page on any site (a cross-site top-level navigation carries SameSite=Lax cookies), and
 * would hand the code out with no click. A visitor without a session reads the launch page's words.
 */
export const desktopConsent = httpHandler(
  async (event) => {
    // The same check /launch made before showing its button.
    const params = new URLSearchParams(Object.entries(event.body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const check = parseDesktopSignIn(params);
    if (!check.ok) throw new HttpError(400, check.message);
    const { redirect, codeChallenge, state } = check.signIn;
    const { userId, recipeUserId, sessionHandle } = sessionOf(event);
    const code = await issueHandoffCode(documentClient(), { userId, recipeUserId, sessionHandle, codeChallenge });
    // `set`, not `append`: a code or state already in the address must not be the one the app reads.
    redirect.searchParams.set('code', code);
    if (state !== undefined) redirect.searchParams.set('state', state);
    logger.info('desktop sign-in code issued', { userId });
    const body: DesktopConsent = { redirectUrl: redirect.href };
    // The answer carries a code: never cached.
    return json(200, body, { 'cache-control': 'no-store' });
  },
  { route: 'POST /api/auth/desktop/consent', body: desktopConsentBody, signedOutMessage: desktopTexts.signInFirst },
);

export const desktopExchange = httpHandler(
  async (event) => {
    const redeemed = await redeemHandoffCode(documentClient(), event.body.code, event.body.code_verifier);
    if (!redeemed.ok) {
      if (redeemed.reason === 'verifierMismatch') {
        logger.info('desktop sign-in refused: the code verifier does not match the challenge; the code is spent');
        throw new HttpError(400, desktopTexts.verifierMismatch);
      }
      logger.info('desktop sign-in refused: code unknown, used or expired');
      throw new HttpError(400, desktopTexts.invalidCode);
    }
    const { owner } = redeemed;
    await ensureSupertokens();
    // The browser may have signed out (or been signed out everywhere), and the account or the login
    // method it used may have gone, in the minute since: the code is only as good as that session.
    const [browserSession, user] = await Promise.all([Session.getSessionInformation(owner.sessionHandle), supertokens.getUser(owner.userId)]);
    const method = user?.loginMethods.find((m) => m.recipeUserId.getAsString() === owner.recipeUserId);
    if (!browserSession || !user || !method) {
      logger.info('desktop sign-in refused: the browser session or the account has ended', { userId: owner.userId });
      throw new HttpError(400, desktopTexts.invalidCode);
    }
    // Through the Session recipe's own createNewSession, so its override adds the `email` claim as
    // for a browser session. Anti-CSRF is for cookies; this session travels in headers. It is the
    // desktop app on the browser's computer, as /account lists it.
    // The browser's second step (st-mfa) goes with it: the callback handed a code only to a browser that
    // had completed it, and the desktop app has no page to complete it on.
    const secondStep = browserSession.customClaimsInAccessTokenPayload[MultiFactorAuthClaim.key];
    const payload = secondStep === undefined ? {} : { [MultiFactorAuthClaim.key]: secondStep };
    // The dashboard's first-run checklist ticks on it (docs/desktop-api.md#sign-in-handoff); before the
    // session, so an app whose exchange answered has been recorded (the write keeps the first time).
    await recordDesktopSignIn(documentClient(), user.id, new Date());
    const session = await Session.createNewSessionWithoutRequestResponse(TENANT_ID, method.recipeUserId, payload, { client: desktopAppOn(browserSession.sessionDataInDatabase), ...placeOfSession(browserSession.sessionDataInDatabase) }, true);
    const tokens = session.getAllSessionTokensDangerously();
    if (!tokens.refreshToken) throw new Error('the new session has no refresh token');
    logger.info('desktop sign-in completed', { userId: user.id });
    const body: DesktopSession = {
      userId: session.getUserId(),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiry: (session.getAccessTokenPayload() as { exp: number }).exp * 1000,
    };
    return json(200, body);
  },
  { route: 'POST /api/auth/desktop/exchange', body: desktopExchangeBody },
);
