/**
 * spec §4: what a plan card's button says, whether it can be pressed, and what pressing it does.
 * Plain functions of the plan, the viewer's current plan (undefined for a visitor) and whether a
 * checkout is being created, so the pricing page and its tests read the same rules.
 */
import { CUSTOM_PRICE_ID, PRICE_IDS, type BillingInterval, type PlanId } from '../../../shared/plans';
import { texts } from '../../../shared/texts';

export type AccountPlan = 'free' | 'pro';

export type PlanAction =
  | { kind: 'contact' }
  | { kind: 'sign-in' }
  | { kind: 'manage'; reason: 'current' | 'downgrade' }
  | { kind: 'dashboard' }
  | { kind: 'checkout'; priceId: string | undefined };

const t = texts.billingUi.planButton;

/** spec §3: Free has no price id, Pro the price for the chosen interval, Enterprise 'custom'. */
export function planPriceId(plan: PlanId, interval: BillingInterval): string | undefined {
  if (plan === 'pro') return PRICE_IDS[interval];
  return plan === 'enterprise' ? CUSTOM_PRICE_ID : undefined;
}

/** spec §4: Processing... while checkout is created; Current Plan; Switch to Free when on Pro viewing Free; else Get Started. */
export function planButtonLabel(plan: PlanId, current: AccountPlan | undefined, processing: boolean): string {
  if (processing) return t.processing;
  if (current === plan) return t.current;
  if (current === 'pro' && plan === 'free') return t.switchToFree;
  return t.getStarted;
}

/** spec §4: disabled while processing or for the current plan. */
export function planButtonDisabled(plan: PlanId, current: AccountPlan | undefined, processing: boolean): boolean {
  return processing || current === plan;
}

/**
 * spec §4, in the spec's order. The current plan's branches (manage Pro, Free to /dashboard) are
 * kept although the button is disabled for the current plan, as the spec lists both.
 */
export function planAction(plan: PlanId, current: AccountPlan | undefined, interval: BillingInterval): PlanAction {
  if (plan === 'enterprise') return { kind: 'contact' };
  if (!current) return { kind: 'sign-in' };
  if (plan === 'pro' && current === 'pro') return { kind: 'manage', reason: 'current' };
  if (plan === 'free') return current === 'pro' ? { kind: 'manage', reason: 'downgrade' } : { kind: 'dashboard' };
  return { kind: 'checkout', priceId: planPriceId(plan, interval) };
}
