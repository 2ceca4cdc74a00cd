/** User-facing texts (spec §8 and the messages the API answers with). Tests import these.
 *
 * One module per area (shared/texts/), re-exported here with `texts`, all of them under one name, for
 * tests. Frontend code and the Lambdas import an area's own module (`shared/texts/download`): a bundler
 * splits the site by module, so a page's chunks then carry only its areas' words, and the entry chunk
 * that every page loads carries none but the error page's; a Lambda importing this index carried every
 * area (esbuild keeps a module whose words are built from an import, as most are), ~5 KB more in each.
 */
import { accountTexts } from './texts/account';
import { apiTexts } from './texts/api';
import { authTexts } from './texts/auth';
import { billingTexts } from './texts/billing';
import { billingUiTexts } from './texts/plans-ui';
import { contactTexts } from './texts/contact';
import { desktopTexts } from './texts/desktop';
import { downloadTexts } from './texts/download';
import { homeTexts } from './texts/home';
import { layoutTexts } from './texts/layout';
import { passkeyTexts } from './texts/passkeys';
import { routerTexts } from './texts/router';
import { securityNoticeTexts } from './texts/security-notices';
import { stepUpTexts } from './texts/step-up';
import { usageTexts } from './texts/usage';
import { usersTexts } from './texts/users';
import { twoStepTexts } from './texts/two-step';
import { verifyTexts } from './texts/verify';

export { accountTexts, apiTexts, authTexts, billingTexts, billingUiTexts, contactTexts, desktopTexts, downloadTexts, homeTexts, layoutTexts, passkeyTexts, routerTexts, securityNoticeTexts, stepUpTexts, usageTexts, twoStepTexts, usersTexts, verifyTexts };

export const texts = {
  api: apiTexts,
  download: downloadTexts,
  router: routerTexts,
  home: homeTexts,
  layout: layoutTexts,
  contact: contactTexts,
  auth: authTexts,
  billing: billingTexts,
  billingUi: billingUiTexts,
  usage: usageTexts,
  desktop: desktopTexts,
  account: accountTexts,
  users: usersTexts,
  verify: verifyTexts,
  passkeys: passkeyTexts,
  twoStep: twoStepTexts,
  stepUp: stepUpTexts,
  securityNotices: securityNoticeTexts,
} as const;
