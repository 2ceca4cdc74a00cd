import { replace, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { billingUiTexts } from '../../../shared/texts/plans-ui';
import { getCheckoutConfirmation } from '../api/billing';
import { isApiError } from '../api/client';
import { NOTICE_REDIRECT_MS, useDelayedRedirect } from '../auth/redirect';
import { sessionExists } from '../auth/session';
import { FailureView, SuccessView, WorkingView } from '../auth/StatusView';
import { rememberReturnTo } from '../return-to';
import { FROM_CHECKOUT_STATE } from './dashboard/checkout-return';

const t = billingUiTexts.checkoutSuccess;

type Outcome = 'confirmed' | 'failed' | 'no-session';

/** Signed out, or the session ended: sign in first, and come back to this address after (return-to.ts). */
function signInFirst(here: string): never {
  rememberReturnTo(here);
  throw replace('/signin');
}

/**
 * Anyone can type a session_id into the address, so it is no proof: the server is asked whether it
 * is this account's own completed checkout, and only then is the subscription confirmed; otherwise
 * spec §8's "Something went wrong" path. The route's loader: the page renders with the answer.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<{ outcome: Outcome }> {
  const url = new URL(request.url);
  const sessionId = url.searchParams.get('session_id');
  if (!sessionId) return { outcome: 'no-session' };
  const here = url.pathname + url.search;
  if (!(await sessionExists())) signInFirst(here);
  try {
    return { outcome: (await getCheckoutConfirmation(sessionId)) ? 'confirmed' : 'failed' };
  } catch (error) {
    // A 401 the SDK could not refresh away: the session has ended, so sign in again and come back.
    if (isApiError(error) && error.response?.status === 401) signInFirst(here);
    console.error('Could not confirm the checkout', error);
    return { outcome: 'failed' };
  }
}

/** Asked once per visit: the page only moves on from here. */
export const shouldRevalidate = () => false;

/** spec §4 confirming, while the loader asks. */
export function HydrateFallback() {
  return <WorkingView label={t.confirming} />;
}

/**
 * spec §2 /checkout/success, §4 confirming → confirmed | error, then the dashboard after 2 s.
 * The subscription itself arrives by webhook.
 */
export function CheckoutSuccessPage() {
  const { outcome } = useLoaderData<typeof loader>();
  // After a confirmed checkout the dashboard waits for Stripe's webhook to make the plan Pro (checkout-return.ts).
  useDelayedRedirect('/dashboard', NOTICE_REDIRECT_MS, outcome === 'confirmed' ? FROM_CHECKOUT_STATE : undefined);

  if (outcome === 'no-session') return <FailureView message={t.noSession} />;
  if (outcome === 'confirmed') return <SuccessView title={t.confirmed} line={t.redirecting} />;
  return <FailureView message={t.failed} />;
}

export default CheckoutSuccessPage;
