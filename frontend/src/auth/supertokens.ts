/**
 * SuperTokens in the browser (spec §7, §9): API base /api/auth on the API origin (origin rule),
 * website base /auth, EmailPassword + Google + Session. Only the auth and dashboard chunks import
 * this module, so marketing pages never download the auth SDK.
 */
import SuperTokens from 'supertokens-auth-react';
import EmailPassword from 'supertokens-auth-react/recipe/emailpassword';
import Session from 'supertokens-auth-react/recipe/session';
import ThirdParty, { Google } from 'supertokens-auth-react/recipe/thirdparty';
import { apiOrigin } from '../../../shared/api-base';
import { PRODUCT_NAME } from '../../../shared/product';
import { texts } from '../../../shared/texts';
import { prebuiltUiStyle } from './prebuilt-style';
import { withLimitSentences } from './rate-limited';

export const API_BASE_PATH = '/api/auth';
export const WEBSITE_BASE_PATH = '/auth';

let initialised = false;

export function initSuperTokens(): void {
  if (initialised) return;
  initialised = true;
  SuperTokens.init({
    appInfo: {
      appName: PRODUCT_NAME,
      apiDomain: apiOrigin(window.location, __LOCAL_API_ORIGIN__),
      websiteDomain: window.location.origin,
      apiBasePath: API_BASE_PATH,
      websiteBasePath: WEBSITE_BASE_PATH,
    },
    style: prebuiltUiStyle,
    // A reset ends every session of the account (functions/auth/sessions-end-with-password.ts): say so.
    languageTranslations: { translations: { en: { EMAIL_PASSWORD_RESET_SUBMIT_PW_SUCCESS_DESC: texts.auth.passwordResetDone } } },
    termsOfServiceLink: '/terms',
    privacyPolicyLink: '/privacy',
    // The product's own pages are where people sign in; the prebuilt /auth pages send them on the same way.
    getRedirectionURL: async (context) => {
      if (context.action === 'SUCCESS' && context.newSessionCreated) return context.redirectToPath ?? '/dashboard';
      if (context.action === 'TO_AUTH') return '/signin';
      return undefined;
    },
    recipeList: [EmailPassword.init({ override: { functions: withLimitSentences } }), ThirdParty.init({ signInAndUpFeature: { providers: [Google.init()] } }), Session.init()],
  });
}
