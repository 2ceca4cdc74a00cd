/**
 * Whether a Checkout Session is the caller's own, completed checkout: /checkout/success
 * says "Subscription confirmed!" only on this answer, never on the mere presence of a session_id in
 * its address, which anyone can type.
 */
import type { Caller } from './checkout';
import { StripeApiError } from './stripe-api';
import { applyCheckoutSession, type EventDeps } from './subscription-events';

export type ConfirmationOutcome = { status: 'CONFIRMED' } | { status: 'NOT_CONFIRMED' };

/**
 * Stripe's Checkout Session ids: `cs_` then letters, digits and underscores (`cs_test_a1…`). Anything
 * else cannot be one, so it is not sent to Stripe at all.
 */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,255}$/;

/**
 * Every session billing opens names its account in `client_reference_id` (checkout.ts), and only
 * billing, holding the secret key, can open one; so a session naming another account, or none, is not
 * this caller's. Unknown, foreign, open and expired sessions all answer the same, so the answer tells
 * nobody whether someone else's session exists. A Stripe failure other than "no such session" is
 * thrown: the caller's session may be fine, Stripe could not say.
 *
 * A confirmed checkout is applied as the webhook applies it (its subscription re-read from Stripe and
 * stored), so the dashboard shows the plan at once even if Stripe's webhooks are late or stopped.
 */
export async function confirmCheckout(deps: EventDeps, caller: Caller, sessionId: string): Promise<ConfirmationOutcome> {
  if (!SESSION_ID.test(sessionId)) return { status: 'NOT_CONFIRMED' };
  let session;
  try {
    session = await deps.stripe.retrieveCheckoutSession(sessionId);
  } catch (error) {
    if (error instanceof StripeApiError && error.status === 404) return { status: 'NOT_CONFIRMED' };
    throw error;
  }
  if (session.client_reference_id !== caller.userId || session.status !== 'complete') return { status: 'NOT_CONFIRMED' };
  await applyCheckoutSession(deps, session);
  return { status: 'CONFIRMED' };
}
