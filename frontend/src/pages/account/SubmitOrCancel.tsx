/**
 * A section's two buttons under a question or a code: the submit (its busy words while the answer
 * is awaited) and Cancel, both waiting while it is sent.
 */
export function SubmitOrCancel({ busy, label, busyLabel, cancelLabel, onCancel }: { busy: boolean; label: string; busyLabel: string; cancelLabel: string; onCancel: () => void }) {
  return (
    <div className="account-actions">
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
    </div>
  );
}
