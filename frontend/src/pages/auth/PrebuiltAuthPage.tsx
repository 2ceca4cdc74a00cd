/**
 * The SuperTokens prebuilt pages under /auth (spec §2): sign in / sign up with a switch, reset
 * password (the emailed link lands on /auth/reset-password), Google's prebuilt callback.
 */
import { Route, useLocation, useNavigate } from 'react-router';
import { EmailPasswordPreBuiltUI } from 'supertokens-auth-react/recipe/emailpassword/prebuiltui';
import { ThirdPartyPreBuiltUI } from 'supertokens-auth-react/recipe/thirdparty/prebuiltui';
import { getRoutingComponent, getSuperTokensRoutesForReactRouterDom } from 'supertokens-auth-react/ui';
import { initSuperTokens } from '../../auth/supertokens';

const PREBUILT_UI = [EmailPasswordPreBuiltUI, ThirdPartyPreBuiltUI];

initSuperTokens();
// Registers react-router's navigation with the prebuilt UI (its own links then stay in the app). Only
// the members the SDK uses: a namespace import would keep all of react-router in the shared chunk
// every page loads (about 45 KB gzip on the marketing pages).
getSuperTokensRoutesForReactRouterDom({ Route, useLocation, useNavigate }, PREBUILT_UI);

export function PrebuiltAuthPage() {
  const { pathname, search } = useLocation();
  return (
    <div className="container" key={`${pathname}${search}`}>
      {getRoutingComponent(PREBUILT_UI)}
    </div>
  );
}

export default PrebuiltAuthPage;
