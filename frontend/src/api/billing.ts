import type { BillingOverview, CheckoutConfirmation, IntervalSwitched, RedirectUrl, UserProfile } from '../../../shared/api-types';
import type { PriceId } from '../../../shared/plans';
import type { CheckoutBody, IntervalBody } from '../../../shared/schemas/billing';
import { api } from './client';

/** spec §7: GET /api/user-profile (plan, subscription, metrics). 404 until the user record exists. */
export async function getUserProfile(): Promise<UserProfile> {
  const { data } = await api.get<UserProfile>('/api/user-profile');
  return data;
}

/**
 * spec §7: POST /api/create-checkout-session. The answer is typed loosely on purpose: the caller
 * must check for a url (spec §8 'No checkout URL returned from server').
 */
export async function createCheckoutSession(priceId: PriceId): Promise<Partial<RedirectUrl>> {
  const body: CheckoutBody = { priceId };
  const { data } = await api.post<Partial<RedirectUrl>>('/api/create-checkout-session', body);
  return data ?? {};
}

/** spec §7: GET /api/manage-subscription, the Stripe customer portal's address. */
export async function getManageSubscriptionUrl(): Promise<Partial<RedirectUrl>> {
  const { data } = await api.get<Partial<RedirectUrl>>('/api/manage-subscription');
  return data ?? {};
}

/**
 * GET /api/checkout-session/{id}: whether the session_id Stripe sent back to
 * /checkout/success is this account's own completed checkout. Only `confirmed: true` confirms.
 */
export async function getCheckoutConfirmation(sessionId: string): Promise<boolean> {
  const { data } = await api.get<Partial<CheckoutConfirmation>>(`/api/checkout-session/${encodeURIComponent(sessionId)}`);
  return data?.confirmed === true;
}

/** GET /api/billing: the plan as Stripe bills it, for /account's Billing section. */
export async function readBilling(): Promise<BillingOverview> {
  const { data } = await api.get<BillingOverview>('/api/billing');
  return data;
}

/** POST /api/billing/interval: monthly <-> annual; `requestId` is the press's, the same on its retries. */
export async function switchBillingInterval(body: IntervalBody): Promise<IntervalSwitched> {
  const { data } = await api.post<IntervalSwitched>('/api/billing/interval', body);
  return data;
}
