import { useSearchParams } from 'react-router';
import { texts } from '../../../shared/texts';
import { NOTICE_REDIRECT_MS, useDelayedRedirect } from '../auth/redirect';
import { FailureView, SuccessView } from '../auth/StatusView';
import { FROM_CHECKOUT_STATE } from './dashboard/checkout-return';

const t = texts.billingUi.checkoutSuccess;

/**
 * spec §2 /checkout/success, §4 confirmed | error, then the dashboard after 2 s. Stripe
 * adds session_id to the return address; the subscription itself arrives by webhook, so the page
 * only has to tell the user and move on.
 */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  // Nothing to fetch: the address alone says whether Stripe sent a session back.
  const confirmed = !!params.get('session_id');
  // After a confirmed checkout the dashboard waits for Stripe's webhook to make the plan Pro (checkout-return.ts).
  useDelayedRedirect('/dashboard', NOTICE_REDIRECT_MS, confirmed ? FROM_CHECKOUT_STATE : undefined);

  if (confirmed) return <SuccessView title={t.confirmed} line={t.redirecting} />;
  return <FailureView message={t.noSession} />;
}

export default CheckoutSuccessPage;
