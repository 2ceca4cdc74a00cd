import type { ReactNode } from 'react';
import { formatReleaseDate } from '../../../../shared/format';
import { CONTACT_DETAILS } from '../../../../shared/marketing';
import { OfficeAddress } from '../../components/OfficeAddress';

export interface PolicySection {
  heading: string;
  body: ReactNode;
}

/** spec §2: a static policy page with its last-updated date (ISO, e.g. 2025-03-01) and contact details. */
export function PolicyPage(props: { title: string; lastUpdated: string; intro: ReactNode; sections: PolicySection[]; contactEmail: string }) {
  return (
    <div className="page">
      <article className="container narrow prose policy">
        <header>
          <p className="eyebrow">Legal</p>
          <h1>{props.title}</h1>
          <p className="muted">
            Last updated: <time dateTime={props.lastUpdated}>{formatReleaseDate(props.lastUpdated)}</time>
          </p>
        </header>
        <div className="lead">{props.intro}</div>
        {props.sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.body}
          </section>
        ))}
        <section className="card policy-contact" aria-labelledby="policy-contact">
          <h2 id="policy-contact">Contact us</h2>
          <p>
            Email <a href={`mailto:${props.contactEmail}`}>{props.contactEmail}</a> or call{' '}
            <a href={CONTACT_DETAILS.phoneHref}>{CONTACT_DETAILS.phone}</a>. By post:
          </p>
          <OfficeAddress />
        </section>
      </article>
    </div>
  );
}
