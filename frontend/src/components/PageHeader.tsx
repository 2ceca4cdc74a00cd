import type { ReactNode } from 'react';

/** The top of an inner page: a small label, the page's one h1 and a lead paragraph. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header container">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1>{title}</h1>
      {children && <p className="lead">{children}</p>}
    </header>
  );
}
