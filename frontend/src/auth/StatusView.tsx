import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from './Spinner';

/**
 * The one-message pages between two steps (the Google callback, /launch, /checkout/success): working
 * on it, done (before a redirect), or failed with a way on.
 */
export function WorkingView({ label }: { label: string }) {
  return (
    <div className="container narrow auth-status">
      <Spinner label={label} />
      <p className="lead" aria-hidden="true">
        {label}
      </p>
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

export function FailureView({ title, message, next }: { title?: string; message: string; next?: { to: string; label: string } }): ReactNode {
  return (
    <div className="container narrow auth-status">
      {title ? <h1>{title}</h1> : null}
      <p className="lead form-alert" role="alert">
        {message}
      </p>
      {next ? (
        <p>
          <Link to={next.to} className="btn btn-primary" style={{ marginTop: 24 }}>
            {next.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
