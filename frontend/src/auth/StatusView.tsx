import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The one-message pages between two steps (the Google callback, /launch, /checkout/success): working
 * on it, done (before a redirect), or failed with a way on. Each state has exactly one h1 (axe's
 * page-has-heading-one), since each is the whole page while it shows.
 */
export function WorkingView({ label }: { label: string }) {
  // The heading sits inside the live region, so the label is announced once and is the page's heading.
  return (
    <div className="container narrow auth-status" role="status" aria-live="polite">
      <div className="spinner-wrap">
        <span className="spinner" aria-hidden="true" />
      </div>
      <h1 className="lead status-working">{label}</h1>
    </div>
  );
}

export function SuccessView({ title, line }: { title: string; line: string }) {
  return (
    <div className="container narrow auth-status" role="status">
      <div className="check-mark" aria-hidden="true">
        ✓
      </div>
      <h1>{title}</h1>
      <p className="lead">{line}</p>
    </div>
  );
}

/**
 * Without a title the message itself is the heading, inside the alert (a role on the h1 itself would
 * take its heading role away).
 */
export function FailureView({ title, message, next }: { title?: string; message: string; next?: { to: string; label: string } }): ReactNode {
  return (
    <div className="container narrow auth-status">
      {title ? <h1>{title}</h1> : null}
      <div className="lead form-alert status-alert" role="alert">
        {title ? <p>{message}</p> : <h1>{message}</h1>}
      </div>
      {next ? (
        <p>
          <Link to={next.to} className="btn btn-primary status-next">
            {next.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
