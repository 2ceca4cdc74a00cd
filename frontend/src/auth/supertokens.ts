/**
 * SuperTokens in the browser (spec §7, §9): the web SDK (no prebuilt UI: the product's own pages
 * sign in, sign up and reset), API base /api/auth on the API origin (origin rule), EmailPassword,
 * Google, WebAuthn (passkeys), EmailVerification and Session. Nothing imports this module statically: ./auth-sdk.ts loads it on first need, so
 * Google, EmailVerification, TOTP and MultiFactorAuth (the second step), and Session. Nothing imports this module statically: ./auth-sdk.ts loads it on first need, so
 * no page downloads the SDK before it has a session to look at or an auth call to make.
 *
 * Google (ThirdParty) is in the one init with the others, though only sign-in and the callback use it:
 * the SDK can be set up once per page load, and one page load can go from the dashboard (signed out)
 * to /signin's Google button; it adds about 2 KB gzip to a chunk that loads only on need.
 */
// Named functions, not the default classes: the SDK's modules are CommonJS, whose default import the
// build (Node's rules, package type "module") makes the whole module and the tests the class.
import * as SuperTokens from 'supertokens-web-js';
import * as EmailPassword from 'supertokens-web-js/recipe/emailpassword';
import * as EmailVerification from 'supertokens-web-js/recipe/emailverification';
import * as MultiFactorAuth from 'supertokens-web-js/recipe/multifactorauth';
import * as Session from 'supertokens-web-js/recipe/session';
import * as ThirdParty from 'supertokens-web-js/recipe/thirdparty';
import * as WebAuthn from 'supertokens-web-js/recipe/webauthn';
import * as Totp from 'supertokens-web-js/recipe/totp';
import { apiOrigin } from '../../../shared/api-base';
import { PRODUCT_NAME } from '../../../shared/product';
import { API_TIMEOUT_MS } from '../api/unreachable';
import { withCodeLimitSentences, withLimitSentences, withResendLimitSentence } from './rate-limited';
import { sessionChanged } from './session-events';

export const API_BASE_PATH = '/api/auth';

let initialised = false;

/**
 * Every call the SDK makes (sign-in, refresh, sign-out...) gives up after API_TIMEOUT_MS, as the API
 * client's do (docs/decisions.md#24): fetch itself never does, and a frozen API would leave a form
 * "Signing in..." for ever. The signal's TimeoutError reads as the service away (../api/unreachable.ts).
 */
export async function withTimeLimit({ url, requestInit }: { url: string; requestInit: RequestInit }): Promise<{ url: string; requestInit: RequestInit }> {
  const limit = AbortSignal.timeout(API_TIMEOUT_MS);
  return { url, requestInit: { ...requestInit, signal: requestInit.signal ? AbortSignal.any([requestInit.signal, limit]) : limit } };
}

export function initSuperTokens(): void {
  if (initialised) return;
  initialised = true;
  SuperTokens.init({
    appInfo: { appName: PRODUCT_NAME, apiDomain: apiOrigin(window.location, __LOCAL_API_ORIGIN__), apiBasePath: API_BASE_PATH },
    recipeList: [
      EmailPassword.init({ preAPIHook: withTimeLimit, override: { functions: withLimitSentences } }),
      ThirdParty.init({ preAPIHook: withTimeLimit }),
      // Passkeys: added on /account, signed in with on /signin (./passkeys.ts).
      WebAuthn.init({ preAPIHook: withTimeLimit }),
      // The address must be proven before the session can do anything (the API's REQUIRED mode).
      EmailVerification.init({ preAPIHook: withTimeLimit, override: { functions: withResendLimitSentence } }),
      // The second step (two-step verification): the authenticator app's codes and the factors a sign-in still needs.
      Totp.init({ preAPIHook: withTimeLimit, override: { functions: withCodeLimitSentences } }),
      MultiFactorAuth.init({ preAPIHook: withTimeLimit }),
      // Every change of the session (created, refreshed, signed out here or by an API answer) re-reads it.
      Session.init({ preAPIHook: withTimeLimit, onHandleEvent: sessionChanged }),
    ],
  });
}

export { EmailPassword, EmailVerification, MultiFactorAuth, Session, ThirdParty, Totp, WebAuthn };
