/**
 * What a signed-in visitor's plan button does on /pricing (spec §4, §5, §8). Loaded by the pricing
 * page (its plan read) and its route action only when a session hint exists, so the marketing page
 * itself carries no billing code.
 */
import type { ErrorBody } from '../../../shared/api-types';
import { CUSTOM_PRICE_ID, isPriceId } from '../../../shared/plans';
import { billingTexts } from '../../../shared/texts/billing';
import { billingUiTexts } from '../../../shared/texts/plans-ui';
import { createCheckoutSession, getManageSubscriptionUrl, getUserProfile } from '../api/billing';
import { isApiError } from '../api/client';
import { leaveSite } from '../auth/redirect';
import type { AccountPlan, PlanAction } from '../pricing/plan-action';

export { NOTICE_REDIRECT_MS } from '../auth/redirect';

export interface CheckoutFailure {
  message: string;
  /** spec §8: a 401 also sends the user to /signin. */
  signIn: boolean;
}

/** spec §8 Checkout, in its order: 404, 401, another answer with a message, no answer, anything else. */
export function checkoutFailure(error: unknown): CheckoutFailure {
  const t = billingUiTexts.checkout;
  if (isApiError<Partial<ErrorBody>>(error)) {
    const answer = error.response;
    if (answer?.status === 404) return { message: t.notFound, signIn: false };
    if (answer?.status === 401) return { message: t.signInAgain, signIn: true };
    if (answer && typeof answer.data?.message === 'string' && answer.data.message) return { message: answer.data.message, signIn: false };
    if (!answer && error.request) return { message: t.noResponse, signIn: false };
  }
  return { message: t.failed, signIn: false };
}

export type PlanChoiceOutcome = { kind: 'left' } | { kind: 'error'; message: string; signIn: boolean };

export interface BillingCalls {
  createCheckoutSession: typeof createCheckoutSession;
  getManageSubscriptionUrl: typeof getManageSubscriptionUrl;
  /** Stripe's checkout and portal are other sites: a full page load (spec §7: url followed). */
  leaveSite: (url: string) => void;
}

/**
 * The calls as the API client makes them: an expired session is refreshed there, once, on the 401
 * (../api/client.ts loads the SDK, which refreshes and sends the call again), never here as well.
 */
const defaultCalls: BillingCalls = { createCheckoutSession, getManageSubscriptionUrl, leaveSite };

export interface AccountView {
  plan: AccountPlan;
  /**
   * Whether a Pro checkout would start with the trial. Billing gives it to an account with no
   * subscription yet (functions/billing/checkout.ts: the trial marks the account as it starts one), so
   * an account whose profile shows any subscription, live or ended, has had its chance.
   */
  trialAvailable: boolean;
}

/**
 * The viewer's plan as the server decides it, or undefined when the session hint was stale (401 even
 * after the client's refresh): then the page keeps the visitor's buttons. A signed-in user without a record yet (404) is on Free.
 */
export async function loadAccountPlan(): Promise<AccountView | undefined> {
  try {
    const profile = await getUserProfile();
    return { plan: profile.plan, trialAvailable: (profile.subscription?.status ?? 'none') === 'none' };
  } catch (error) {
    if (isApiError(error) && error.response?.status === 404) return { plan: 'free', trialAvailable: true };
    if (isApiError(error) && error.response?.status === 401) return undefined;
    throw error;
  }
}

/** spec §5: the price id must exist and not be 'custom'; then spec §8's checkout errors. */
export async function startCheckout(priceId: string | undefined, calls: BillingCalls = defaultCalls): Promise<PlanChoiceOutcome> {
  if (!priceId || priceId === CUSTOM_PRICE_ID || !isPriceId(priceId)) {
    return { kind: 'error', message: billingTexts.invalidPrice, signIn: false };
  }
  try {
    const { url } = await calls.createCheckoutSession(priceId);
    if (!url) return { kind: 'error', message: billingUiTexts.checkout.noUrl, signIn: false };
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
    const message = reason === 'downgrade' ? billingUiTexts.downgradeFailed : billingUiTexts.subscription.manageFailed;
    return { kind: 'error', message, signIn: false };
  }
}

/** The plan actions that call the API; /pricing's route action redirects for the others (../pricing/plan-choice-action.ts). */
export function runPlanAction(action: Extract<PlanAction, { kind: 'checkout' | 'manage' }>, calls: BillingCalls = defaultCalls): Promise<PlanChoiceOutcome> {
  return action.kind === 'checkout' ? startCheckout(action.priceId, calls) : openPortal(action.reason, calls);
}
