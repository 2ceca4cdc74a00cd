/**
 * What a plan card's button does on /pricing (spec §4), as data and plain functions of the plan, the
 * viewer's plan and the period: the page renders by it, and its route action (./plan-choice-action.ts)
 * carries it out, loading the billing code for the ones that call the API. Its own module, so the
 * page and the action both import it and neither imports the other.
 */
import { CUSTOM_PRICE_ID, PRICE_IDS, type BillingInterval, type PlanId } from '../../../shared/plans';
import { forgetPlanChoice, rememberPlanChoice, rememberReturnTo } from '../return-to';

export type AccountPlan = 'free' | 'pro';

export type PlanAction =
  | { kind: 'contact' }
  | { kind: 'sign-in' }
  | { kind: 'manage'; reason: 'current' | 'downgrade' }
  | { kind: 'dashboard' }
  | { kind: 'checkout'; priceId: string | undefined };

/** spec §3: Free has no price id, Pro the price for the chosen interval, Enterprise 'custom'. */
export function planPriceId(plan: PlanId, interval: BillingInterval): string | undefined {
  if (plan === 'pro') return PRICE_IDS[interval];
  return plan === 'enterprise' ? CUSTOM_PRICE_ID : undefined;
}

/**
 * spec §4, in the spec's order. The current plan's branches (manage Pro, Free to /dashboard) are
 * kept although the button is disabled for the current plan, as the spec lists both. With an account
 * it never answers sign-in (the route action, which only a signed-in viewer's button posts to, relies
 * on that).
 */
export function planAction(plan: PlanId, current: AccountPlan, interval: BillingInterval): Exclude<PlanAction, { kind: 'sign-in' }>;
export function planAction(plan: PlanId, current: AccountPlan | undefined, interval: BillingInterval): PlanAction;
export function planAction(plan: PlanId, current: AccountPlan | undefined, interval: BillingInterval): PlanAction {
  if (plan === 'enterprise') return { kind: 'contact' };
  if (!current) return { kind: 'sign-in' };
  if (plan === 'pro' && current === 'pro') return { kind: 'manage', reason: 'current' };
  if (plan === 'free') return current === 'pro' ? { kind: 'manage', reason: 'downgrade' } : { kind: 'dashboard' };
  return { kind: 'checkout', priceId: planPriceId(plan, interval) };
}

/**
 * spec §4: no session goes to /signin with returnTo /pricing. Sign-in honours it through
 * return-to.ts (router state does not survive Google sign-in's page loads); the state stays for
 * whoever reads the history entry. Pro is remembered with its period too: the finished sign-in (or
 * sign-up) comes back here (auth/sign-in-intent.ts), and this page opens Checkout for exactly that.
 */
export const SIGN_IN_STATE = { returnTo: '/pricing' } as const;

export function rememberSignInFor(plan: PlanId, interval: BillingInterval): void {
  rememberReturnTo(SIGN_IN_STATE.returnTo);
  if (plan === 'pro') rememberPlanChoice({ plan, interval });
  else forgetPlanChoice();
}
