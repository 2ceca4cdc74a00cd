import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { texts } from '../../../shared/texts';
import { NOTICE_REDIRECT_MS, useDelayedRedirect } from '../auth/redirect';
import { FailureView, SuccessView, WorkingView } from '../auth/StatusView';
import { FROM_CHECKOUT_STATE } from './dashboard/checkout-return';

const t = texts.billingUi.checkoutSuccess;

type CheckoutState = { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'error'; message: string };

/**
 * spec §2 /checkout/success, §4 confirming → confirmed | error, then the dashboard after 2 s. Stripe
 * adds session_id to the return address; the subscription itself arrives by webhook, so the page
 * only has to tell the user and move on.
 */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const [state, setState] = useState<CheckoutState>({ kind: 'confirming' });
  // After a confirmed checkout the dashboard waits for Stripe's webhook to make the plan Pro (checkout-return.ts).
  useDelayedRedirect(state.kind === 'confirming' ? undefined : '/dashboard', NOTICE_REDIRECT_MS, state.kind === 'confirmed' ? FROM_CHECKOUT_STATE : undefined);

  useEffect(() => {
    try {
      setState(params.get('session_id') ? { kind: 'confirmed' } : { kind: 'error', message: t.noSession });
    } catch (error) {
      console.error('Could not confirm the checkout', error);
      setState({ kind: 'error', message: t.failed });
    }
  }, [params]);

  if (state.kind === 'confirming') return <WorkingView label={t.confirming} />;
  if (state.kind === 'confirmed') return <SuccessView title={t.confirmed} line={t.redirecting} />;
  return <FailureView message={state.message} />;
}

export default CheckoutSuccessPage;
