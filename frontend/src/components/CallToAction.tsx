import { Link } from 'react-router';

/** A closing banner that sends the visitor to one next step. */
export function CallToAction({ title, text, to, label }: { title: string; text: string; to: string; label: string }) {
  return (
    <section className="container section" aria-labelledby="cta-title">
      <div className="cta">
        <div>
          <h2 id="cta-title">{title}</h2>
          <p>{text}</p>
        </div>
        <Link to={to} className="btn btn-light btn-lg">
          {label}
        </Link>
      </div>
    </section>
  );
}
