import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { billingUiTexts } from '../../../shared/texts/plans-ui';
import { getCheckoutConfirmation } from '../api/billing';
import { isApiError } from '../api/client';
import { NOTICE_REDIRECT_MS, useDelayedRedirect } from '../auth/redirect';
import { useSession } from '../auth/session';
import { FailureView, SuccessView, WorkingView } from '../auth/StatusView';
import { rememberReturnTo } from '../return-to';
import { FROM_CHECKOUT_STATE } from './dashboard/checkout-return';

const t = billingUiTexts.checkoutSuccess;

type Answer = 'confirmed' | 'failed' | 'sign-in';

/**
 * spec §2 /checkout/success, §4 confirming → confirmed | error, then the dashboard after 2 s.
 * Anyone can type a session_id into the address, so it is no proof: the server is asked
 * whether it is this account's own completed checkout, and only then is the subscription confirmed;
 * otherwise spec §8's "Something went wrong" path. Signed out, the page goes to /signin first and
 * comes back here after (return-to.ts). The subscription itself arrives by webhook.
 */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const sessionId = params.get('session_id');
  const [answer, setAnswer] = useState<{ sessionId: string; answer: Answer }>();

  const signedOut = !session.loading && !session.doesSessionExist;
  const needsSignIn = !!sessionId && (signedOut || (answer?.sessionId === sessionId && answer.answer === 'sign-in'));
  const here = location.pathname + location.search;
  useEffect(() => {
    if (!needsSignIn) return;
    rememberReturnTo(here);
    navigate('/signin', { replace: true });
  }, [needsSignIn, here, navigate]);

  const ask = !!sessionId && !session.loading && session.doesSessionExist;
  useEffect(() => {
    if (!ask || !sessionId) return;
    let live = true;
    getCheckoutConfirmation(sessionId).then(
      (confirmed) => live && setAnswer({ sessionId, answer: confirmed ? 'confirmed' : 'failed' }),
      (error: unknown) => {
        // A 401 the SDK could not refresh away: the session has ended, so sign in again and come back.
        const signIn = isApiError(error) && error.response?.status === 401;
        if (!signIn) console.error('Could not confirm the checkout', error);
        if (live) setAnswer({ sessionId, answer: signIn ? 'sign-in' : 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [ask, sessionId]);

  const outcome = !sessionId ? 'no-session' : answer?.sessionId === sessionId ? answer.answer : undefined;
  // After a confirmed checkout the dashboard waits for Stripe's webhook to make the plan Pro (checkout-return.ts).
  const settled = outcome === 'confirmed' || outcome === 'failed' || outcome === 'no-session';
  useDelayedRedirect(settled ? '/dashboard' : undefined, NOTICE_REDIRECT_MS, outcome === 'confirmed' ? FROM_CHECKOUT_STATE : undefined);

  if (outcome === 'no-session') return <FailureView message={t.noSession} />;
  if (outcome === 'confirmed') return <SuccessView title={t.confirmed} line={t.redirecting} />;
  if (outcome === 'failed') return <FailureView message={t.failed} />;
  return <WorkingView label={t.confirming} />;
}

export default CheckoutSuccessPage;
