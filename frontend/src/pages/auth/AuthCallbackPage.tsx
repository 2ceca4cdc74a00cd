import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authTexts } from '../../../../shared/texts/auth';
import { recordSignIn } from '../../api/users';
import { finishGoogleSignIn } from '../../auth/auth-client';
import { afterSignInPath, signInPathKeepingIntent } from '../../auth/sign-in-intent';
import { useDelayedRedirect } from '../../auth/redirect';
import { FailureView, SuccessView, WorkingView } from '../../auth/StatusView';
import { announceSessionHintChange } from '../../session-hint';
import { successLine } from './success-line';

const t = authTexts.callback;

type CallbackState =
  | { kind: 'processing' }
  | { kind: 'success'; to: string; createdNewUser: boolean }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

/** OAuth 2.0 (RFC 6749 §4.1.2.1): the provider's answer when the person declines or cancels. */
const CANCELLED = 'access_denied';

/** spec §2 /auth/callback, §4 processing → success | error, §8 callback errors. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  // A cancelled Google sign-in is no error of ours: there is no code to exchange, so say so calmly.
  const [state, setState] = useState<CallbackState>(() => (params.get('error') === CANCELLED ? { kind: 'cancelled' } : { kind: 'processing' }));
  const started = useRef(false);
  useDelayedRedirect(state.kind === 'success' ? state.to : undefined);

  const cancelled = state.kind === 'cancelled';
  useEffect(() => {
    // The provider's code works once: never exchange it twice (React runs effects twice in development).
    if (started.current || cancelled) return;
    started.current = true;
    finishGoogleSignIn()
      .then((result) => {
        if (result.status === 'OK') {
          void recordSignIn(result.userId);
          setState({ kind: 'success', to: afterSignInPath(), createdNewUser: result.createdNewUser });
          // The success view stays on this address: the bar must hear of the new session to drop Login.
          announceSessionHintChange();
        } else if (result.status === 'GENERAL_ERROR') {
          setState({ kind: 'error', message: t.failed });
        } else {
          setState({ kind: 'error', message: t.failedStatus(result.status) });
        }
      })
      .catch((error: unknown) => {
        console.error('Google sign-in could not be completed', error);
        setState({ kind: 'error', message: t.unexpected });
      });
  }, [cancelled]);

  if (state.kind === 'processing') return <WorkingView label={t.processing} />;
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
