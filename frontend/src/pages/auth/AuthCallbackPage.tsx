import { useEffect, useRef, useState } from 'react';
import { texts } from '../../../../shared/texts';
import { recordSignIn } from '../../api/accounts';
import { finishGoogleSignIn } from '../../auth/auth-client';
import { afterSignInPath } from '../../auth/desktop-handoff';
import { useDelayedRedirect } from '../../auth/redirect';
import { FailureView, SuccessView, WorkingView } from '../../auth/StatusView';

const t = texts.auth.callback;

type CallbackState = { kind: 'processing' } | { kind: 'success'; to: string } | { kind: 'error'; message: string };

/** spec §2 /auth/callback, §4 processing → success | error, §8 callback errors. */
export function AuthCallbackPage() {
  const [state, setState] = useState<CallbackState>({ kind: 'processing' });
  const started = useRef(false);
  useDelayedRedirect(state.kind === 'success' ? state.to : undefined);

  useEffect(() => {
    // The provider's code works once: never exchange it twice (React runs effects twice in development).
    if (started.current) return;
    started.current = true;
    finishGoogleSignIn()
      .then((result) => {
        if (result.status === 'OK') {
          void recordSignIn(result.userId);
          setState({ kind: 'success', to: afterSignInPath() });
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
  }, []);

  if (state.kind === 'processing') return <WorkingView label={t.processing} />;
  if (state.kind === 'success') return <SuccessView title={texts.auth.signIn.success} line={texts.auth.signIn.redirecting} />;
  return <FailureView title={t.errorTitle} message={state.message} next={{ to: '/signin', label: t.backToSignIn }} />;
}

export default AuthCallbackPage;
