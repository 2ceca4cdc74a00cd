import { authTexts } from '../../../../shared/texts/auth';

const t = authTexts.signIn;

/**
 * The success view's line names where the redirect really goes (afterSignInPath): the desktop
 * app's handoff, Checkout for the chosen plan (by way of /pricing), /pricing to finish choosing Pro, /account (or one of its sections), or the dashboard (spec §2's own line).
 */
export function successLine(to: string): string {
  const [path, query = ''] = to.split('#')[0]!.split('?');
  if (path === '/auth/mfa') return t.redirectingToSecondStep;
  if (path === '/launch') return t.redirectingToDesktop;
  if (path === '/pricing') {
    const interval = new URLSearchParams(query).get('interval');
    return interval === 'monthly' || interval === 'annually' ? t.redirectingToCheckout(authTexts.intent.plan(interval)) : t.redirectingToPricing;
  }
  // A settings section's own page (/account/billing) is the account page too.
  if (path === '/account' || path?.startsWith('/account/')) return t.redirectingToAccount;
  if (path === '/dashboard') return t.redirecting;
  return t.redirectingBack;
}
