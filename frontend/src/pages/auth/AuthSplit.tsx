import type { ReactNode } from 'react';

/** spec §2: the sign-in and sign-up pages' two columns: a welcome side and the form. */
export function AuthSplit({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  return (
    <div className="container auth-split">
      <section className="auth-aside">{aside}</section>
      <section className="auth-card">{children}</section>
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
