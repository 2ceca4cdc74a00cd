import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { authTexts } from '../../../../shared/texts/auth';
import { recordSignIn } from '../../api/users';
import { finishGoogleSignIn } from '../../auth/auth-client';
import { afterFirstFactorPath } from '../../auth/second-step';
import { signInPathKeepingIntent } from '../../auth/sign-in-intent';
import { useDelayedRedirect } from '../../auth/redirect';
import { FailureView, SuccessView, WorkingView } from '../../auth/StatusView';
import { announceSessionHintChange } from '../../session-hint';
import { successLine } from './success-line';

const t = authTexts.callback;

type CallbackState = { kind: 'success'; to: string; createdNewUser: boolean } | { kind: 'cancelled' } | { kind: 'error'; message: string };

/** OAuth 2.0 (RFC 6749 §4.1.2.1): the provider's answer when the person declines or cancels. */
const CANCELLED = 'access_denied';

/**
 * Exchanges the provider's code (the SDK reads it from the address: Google's redirect is a page
 * load). The route's loader, run once per visit (never again: shouldRevalidate), as the code works once.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<CallbackState> {
  // A cancelled Google sign-in is no error of ours: there is no code to exchange, so say so calmly.
  if (new URL(request.url).searchParams.get('error') === CANCELLED) return { kind: 'cancelled' };
  try {
    const result = await finishGoogleSignIn();
    if (result.status === 'OK') {
      void recordSignIn(result.userId);
      // The success view stays on this address: the bar must hear of the new session to drop Login.
      announceSessionHintChange();
      return { kind: 'success', to: afterFirstFactorPath(), createdNewUser: result.createdNewUser };
    }
    if (result.status === 'SIGN_IN_UP_NOT_ALLOWED' && result.reason) return { kind: 'error', message: result.reason };
    return { kind: 'error', message: result.status === 'GENERAL_ERROR' ? t.failed : t.failedStatus(result.status) };
  } catch (error) {
    console.error('Google sign-in could not be completed', error);
    return { kind: 'error', message: t.unexpected };
  }
}

export const shouldRevalidate = () => false;

/** spec §4 processing, while the code is exchanged. */
export function HydrateFallback() {
  return <WorkingView label={t.processing} />;
}

/** spec §2 /auth/callback, §4 processing → success | error, §8 callback errors. */
export function AuthCallbackPage() {
  const state = useLoaderData<typeof loader>();
  useDelayedRedirect(state.kind === 'success' ? state.to : undefined);

  // A Google sign-in that created the account is a first visit, not a return.
  if (state.kind === 'success') return <SuccessView title={state.createdNewUser ? authTexts.intent.welcomeNew : authTexts.signIn.success} line={successLine(state.to)} />;
  if (state.kind === 'cancelled') return <CancelledView signInPath={signInPathKeepingIntent()} />;
  return <FailureView title={t.errorTitle} message={state.message} next={{ to: signInPathKeepingIntent(), label: t.backToSignIn }} />;
}

/** Not an alert: nothing failed. A heading, the plain facts, and the way back. */
function CancelledView({ signInPath }: { signInPath: string }) {
  return (
    <div className="container narrow auth-status">
      <h1>{t.cancelledTitle}</h1>
      <p className="lead">{t.cancelled}</p>
      <p>
        <Link to={signInPath} className="btn btn-primary status-next">
          {t.backToSignIn}
        </Link>
      </p>
    </div>
  );
}

export default AuthCallbackPage;
