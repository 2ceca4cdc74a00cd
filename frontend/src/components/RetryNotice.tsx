import { useState } from 'react';
import { reachTexts } from '../../../shared/texts/reach';
import { unreachableSentence, type ReadFailure } from '../api/unreachable';

const t = reachTexts;

/** The sentence for a failure: the service away (with its Retry-After), else the section's own. */
export function failureSentence(failure: ReadFailure, failed: string): string {
  return failure.kind === 'failed' ? failed : unreachableSentence(failure);
}

/**
 * The one way a page or section says a read failed and offers to read again (docs/decisions.md#24):
 * "We can't reach Voxpen right now" when the service is away, else the section's own sentence
 * (`failed`), and Retry. Retry waits while `onRetry`'s read is under way, so it is pressed once.
 */
export function RetryNotice({ failure, failed, onRetry }: { failure: ReadFailure; failed: string; onRetry: () => unknown }) {
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await onRetry();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="retry-notice">
      <p className="form-alert" role="alert">
        {failureSentence(failure, failed)}
      </p>
      <button type="button" className="btn btn-ghost" onClick={retry} disabled={busy} aria-busy={busy || undefined}>
        {busy ? t.retrying : t.retry}
      </button>
    </div>
  );
}

/**
 * A form's alert: when the service was away, RetryNotice, whose Retry sends `form` again; else the
 * form's own sentence (`alert`), if any.
 */
export function FormAlert({ away, alert, failed, form }: { away?: ReadFailure; alert?: string; failed: string; form: { current: HTMLFormElement | null } }) {
  if (away) return <RetryNotice failure={away} failed={failed} onRetry={() => form.current?.requestSubmit()} />;
  return alert ? (
    <p className="form-alert" role="alert">
      {alert}
    </p>
  ) : null;
}
