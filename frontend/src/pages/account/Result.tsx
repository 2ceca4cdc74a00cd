/**
 * A section's outcome, in a live region that is always there (a region that appears with its text
 * is not read out by every screen reader): the success sentence once there is one.
 */
export function Result({ message }: { message?: string }) {
  return (
    <div role="status" className="account-result">
      {message ? <p className="form-alert form-alert-success">{message}</p> : null}
    </div>
  );
}
