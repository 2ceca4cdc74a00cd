import { useState } from 'react';
import { passkeyTexts } from '../../../../shared/texts/passkeys';
import { signInWithPasskey } from '../../auth/passkeys';

function PasskeyIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="9" cy="7" r="4" />
      <path d="M2 21v-2a6 6 0 0 1 9-5.2" />
      <circle cx="18" cy="12" r="2.5" />
      <path d="M18 14.5V21l1.5-1.5L18 18l1.5-1.5" />
    </svg>
  );
}

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for this site (discoverable
 * credentials), so no email is typed. The page decides where a signed-in visitor goes.
 */
export function PasskeyButton({
  disabled,
  onStart,
  onSignedIn,
  onError,
}: {
  disabled?: boolean;
  /** The sign-in is under way (an earlier error is stale). */
  onStart: () => void;
  onSignedIn: (userId: string) => void;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    onStart();
    try {
      const outcome = await signInWithPasskey();
      if (outcome.status === 'OK') return onSignedIn(outcome.userId);
      onError(outcome.status === 'CANCELLED' ? passkeyTexts.signInCancelled : outcome.status === 'UNSUPPORTED' ? passkeyTexts.unsupported : passkeyTexts.signInFailed);
    } catch (error) {
      console.error('Passkey sign-in failed', error);
      onError(passkeyTexts.signInFailed);
    }
    setBusy(false);
  };
  return (
    <button type="button" className="btn btn-google btn-block btn-passkey" onClick={start} disabled={disabled || busy} aria-busy={busy || undefined}>
      <PasskeyIcon />
      {busy ? passkeyTexts.signingIn : passkeyTexts.signIn}
    </button>
  );
}
