/**
 * What a signed-in visitor's plan button does on /pricing (spec §4, §5, §8). Loaded by the pricing
 * page only when a session hint exists, so the marketing page itself carries no billing code.
 */
import { isAxiosError } from 'axios';
import { CUSTOM_PRICE_ID, isPriceId } from '../../../shared/plans';
import { texts } from '../../../shared/texts';
import { createCheckoutSession, getManageSubscriptionUrl, getUserProfile } from '../api/billing';
import { withSessionRefresh } from '../api/session-refresh';
import type { AccountPlan, PlanAction } from '../pricing/plan-button';
import { checkoutFailure } from './checkout-error';
import { leaveSite } from '../auth/leave-site';

export { NOTICE_REDIRECT_MS } from '../auth/redirect-delay';

export type PlanChoiceOutcome = { kind: 'left' } | { kind: 'error'; message: string; signIn: boolean };

export interface BillingCalls {
  createCheckoutSession: typeof createCheckoutSession;
  getManageSubscriptionUrl: typeof getManageSubscriptionUrl;
  /** Stripe's checkout and portal are other sites: a full page load (spec §7: url followed). */
  leaveSite: (url: string) => void;
}

/** The page has no auth SDK to refresh an expired session: each call does it on a 401 (session-refresh.ts). */
const defaultCalls: BillingCalls = {
  createCheckoutSession: (priceId) => withSessionRefresh(() => createCheckoutSession(priceId)),
  getManageSubscriptionUrl: () => withSessionRefresh(getManageSubscriptionUrl),
  leaveSite,
};

/**
 * The viewer's plan as the server decides it, or undefined when the session hint was stale (401 even
 * after a refresh): then the page keeps the visitor's buttons. A signed-in user without a record yet (404) is on Free.
 */
export async function loadAccountPlan(): Promise<AccountPlan | undefined> {
  try {
    return (await withSessionRefresh(getUserProfile)).plan;
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 404) return 'free';
    if (isAxiosError(error) && error.response?.status === 401) return undefined;
    throw error;
  }
}

/** spec §5: the price id must exist and not be 'custom'; then spec §8's checkout errors. */
export async function startCheckout(priceId: string | undefined, calls: BillingCalls = defaultCalls): Promise<PlanChoiceOutcome> {
  if (!priceId || priceId === CUSTOM_PRICE_ID || !isPriceId(priceId)) {
    return { kind: 'error', message: texts.billing.invalidPrice, signIn: false };
  }
  try {
    const { url } = await calls.createCheckoutSession(priceId);
    if (!url) return { kind: 'error', message: texts.billingUi.checkout.noUrl, signIn: false };
    calls.leaveSite(url);
    return { kind: 'left' };
  } catch (error) {
    return { kind: 'error', ...checkoutFailure(error) };
  }
}

/** spec §4: the Stripe portal, for the current Pro plan or to downgrade (spec §8: its own failure text). */
export async function openPortal(reason: 'current' | 'downgrade', calls: BillingCalls = defaultCalls): Promise<PlanChoiceOutcome> {
  try {
    const { url } = await calls.getManageSubscriptionUrl();
    if (!url) throw new Error('No portal URL in the answer');
    calls.leaveSite(url);
    return { kind: 'left' };
  } catch (error) {
    console.error('Could not open subscription management', error);
    const message = reason === 'downgrade' ? texts.billingUi.downgradeFailed : texts.billingUi.subscription.manageFailed;
    return { kind: 'error', message, signIn: false };
  }
}

/** The actions that call the API; the others are plain navigation the page does itself. */
export function runPlanAction(action: Extract<PlanAction, { kind: 'checkout' | 'manage' }>, calls: BillingCalls = defaultCalls): Promise<PlanChoiceOutcome> {
  return action.kind === 'checkout' ? startCheckout(action.priceId, calls) : openPortal(action.reason, calls);
}
