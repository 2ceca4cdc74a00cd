/**
 * A deleted account is charged nothing more: through Stripe, its open checkout is closed (so no
 * subscription can start after it is gone) and every subscription that has not ended is canceled
 * at once, not at the period's end. The customer stays in Stripe with its invoices, which the
 * business must keep for its accounts; the product no longer knows it. Safe to repeat: what has
 * already ended or expired is left as it is.
 */
import { type Account, hasEnded } from '../user-record';
import { StripeApiError, type StripeApi } from '../billing';

/**
 * The call, where Stripe's refusal with one of `over` means there is nothing left to end: a canceled
 * subscription is "No such subscription" (404); a session that is complete or expired cannot be
 * expired (400).
 */
async function unlessOver(call: Promise<unknown>, over: readonly number[]): Promise<void> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof StripeApiError && over.includes(error.status))) throw error;
  }
}

/** Answers the ids of the subscriptions it canceled (or found canceled meanwhile). */
export async function endBilling(stripe: StripeApi, account: Pick<Account, 'stripeCustomerId' | 'subscription' | 'openCheckout'>): Promise<string[]> {
  if (account.openCheckout) await unlessOver(stripe.expireCheckoutSession(account.openCheckout.sessionId), [400, 404]);
  const ids = new Set<string>();
  if (account.subscription && !hasEnded(account.subscription)) ids.add(account.subscription.subscriptionId);
  // Stripe's own list as well: a subscription whose webhook has not arrived yet is not stored.
  if (account.stripeCustomerId) {
    try {
      for (const sub of (await stripe.listSubscriptions(account.stripeCustomerId)).data) if (!hasEnded({ status: sub.status as never })) ids.add(sub.id);
    } catch (error) {
      // A customer deleted in Stripe's dashboard ended its subscriptions with it.
      if (!(error instanceof StripeApiError && error.isMissingCustomer)) throw error;
    }
  }
  for (const id of ids) await unlessOver(stripe.cancelSubscription(id), [404]);
  return [...ids];
}
