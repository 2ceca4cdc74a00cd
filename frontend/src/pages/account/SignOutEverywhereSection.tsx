import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { accountTexts } from './account-texts';
import { accountFailure, signOutEverywhere } from '../../api/account';
import { signOut } from '../../auth/auth-client';
import { useDelayedRedirect } from '../../auth/redirect';
import { FocusedAlert } from '../../components/FocusedAlert';
import type { Leaving } from './leaving';
import { Result } from './Result';

const t = accountTexts;

type State = { step: 'idle' } | { step: 'confirming' } | { step: 'working' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

/** A module-level ref callback: the question takes focus when it appears, so it is read out. */
function focus(element: HTMLElement | null) {
  element?.focus();
}

/**
 * Every session ends, this one too (browsers and the desktop app): asked once more, then the page
 * says so and goes to /signin. The SDK's own state is cleared as well, so the bar shows signed out.
 */
export function SignOutEverywhereSection({ leaving }: { leaving: Leaving }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const opener = useRef<HTMLButtonElement>(null);
  useDelayedRedirect(state.step === 'done' ? '/signin' : undefined);

  const cancel = () => {
    // The question goes: focus back to the button that asked it.
    flushSync(() => setState({ step: 'idle' }));
    opener.current?.focus();
  };

  const confirm = async () => {
    leaving.start();
    setState({ step: 'working' });
    try {
      const answer = await signOutEverywhere();
      // The answer has already cleared the cookies and the front token; this clears what the SDK keeps.
      await signOut().catch((error: unknown) => console.error('Local sign-out failed', error));
      setState({ step: 'done', message: answer.message });
    } catch (error) {
      leaving.stop();
      setState({ step: 'failed', message: accountFailure(error, t.failed).message });
    }
  };

  return (
    <section className="card account-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t.signOutAll}</h2>
      <p className="muted">{t.signOutIntro}</p>
      {state.step === 'failed' && <FocusedAlert className="form-alert">{state.message}</FocusedAlert>}
      {state.step === 'confirming' || state.step === 'working' ? (
        <div className="account-confirm" role="group" aria-labelledby="sessions-question">
          <p id="sessions-question" ref={focus} tabIndex={-1}>
            <strong>{t.signOutQuestion}</strong>
          </p>
          <div className="account-actions">
            <button type="button" className="btn btn-primary" onClick={confirm} disabled={state.step === 'working'} aria-busy={state.step === 'working' || undefined}>
              {state.step === 'working' ? t.signingOut : t.signOutConfirm}
            </button>
            <button type="button" className="btn btn-ghost" onClick={cancel} disabled={state.step === 'working'}>
              {t.cancel}
            </button>
          </div>
        </div>
      ) : state.step !== 'done' ? (
        <div className="account-actions">
          <button ref={opener} type="button" className="btn btn-ghost" onClick={() => setState({ step: 'confirming' })}>
            {t.signOutAll}
          </button>
        </div>
      ) : null}
      <Result message={state.step === 'done' ? `${state.message} ${t.toSignIn}` : undefined} />
    </section>
  );
}
