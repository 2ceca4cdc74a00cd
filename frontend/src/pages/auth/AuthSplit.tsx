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
