import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { accountTexts } from './account-texts';
import { useDelayedRedirect } from '../../auth/redirect';
import { FocusedAlert } from '../../components/FocusedAlert';
import { Result } from './Result';
import { useSectionForm } from './use-section-form';
import { SubmitOrCancel } from './SubmitOrCancel';

const t = accountTexts;

/** A module-level ref callback: the question takes focus when it appears, so it is read out. */
function focus(element: HTMLElement | null) {
  element?.focus();
}

/**
 * Every session ends, this one too (browsers and the desktop app): asked once more, then sent by the
 * route's action, and the page says so and goes to /signin (the page reads the answer to stay).
 */
export function SignOutEverywhereSection() {
  const form = useSectionForm('sign-out-everywhere', []);
  const { busy, outcome } = form;
  // The question is open (before the answer; once sent, the busy state holds it until the answer).
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const done = outcome?.message;
  useDelayedRedirect(done ? '/signin' : undefined);

  const cancel = () => {
    // The question goes: focus back to the button that asked it.
    flushSync(() => setAsking(false));
    opener.current?.focus();
  };

  return (
    <section className="card account-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t.signOutAll}</h2>
      <p className="muted">{t.signOutIntro}</p>
      {outcome?.error && !asking && <FocusedAlert className="form-alert">{outcome.error}</FocusedAlert>}
      {asking || busy ? (
        <form.Form method="post" className="account-confirm" aria-labelledby="sessions-question" onSubmit={() => setAsking(false)}>
          <input {...form.intent} />
          <p id="sessions-question" ref={focus} tabIndex={-1}>
            <strong>{t.signOutQuestion}</strong>
          </p>
          <SubmitOrCancel busy={busy} label={t.signOutConfirm} busyLabel={t.signingOut} cancelLabel={t.cancel} onCancel={cancel} />
        </form.Form>
      ) : !done ? (
        <div className="account-actions">
          <button ref={opener} type="button" className="btn btn-ghost" onClick={() => setAsking(true)}>
            {t.signOutAll}
          </button>
        </div>
      ) : null}
      <Result message={done ? `${done} ${t.toSignIn}` : undefined} />
    </section>
  );
}
