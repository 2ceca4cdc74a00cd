/**
 * A quiet button that opens a section's form in place ("Change email", "Change password"): a settings
 * view keeps one primary action, and a form nobody asked for is not in the way. The form it opens
 * takes focus in its first field.
 */
export function OpenFormButton({ label, onOpen }: { label: string; onOpen: () => void }) {
  return (
    <div className="account-actions">
      <button type="button" className="btn btn-ghost" onClick={onOpen}>
        {label}
      </button>
    </div>
  );
}
