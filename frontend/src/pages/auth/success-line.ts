import { authTexts } from '../../../../shared/texts/auth';

const t = authTexts.signIn;

/**
 * The success view's line names where the redirect really goes (afterSignInPath): the desktop
 * app's handoff, /pricing to finish choosing Pro, /account, or the dashboard (spec §2's own line).
 */
export function successLine(to: string): string {
  const path = to.split(/[?#]/)[0];
  if (path === '/launch') return t.redirectingToDesktop;
  if (path === '/pricing') return t.redirectingToPricing;
  if (path === '/account') return t.redirectingToAccount;
  if (path === '/dashboard') return t.redirecting;
  return t.redirectingBack;
}
