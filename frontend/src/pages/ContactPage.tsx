import { CONTACT_DETAILS } from '../../../shared/marketing';
import { Icon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { ContactForm } from '../contact/ContactForm';
import { OfficeAddress } from '../components/OfficeAddress';

/** What the contact form sends (contact/contact-action.ts). */
export { contactAction as action } from '../contact/contact-action';

export function ContactPage() {
  return (
    <div className="page">
      <PageHeader eyebrow="Contact" title="Get in touch">
        Questions about Voxpen, a plan for your team, or help with your account: send us a message and a person will
        answer within one business day.
      </PageHeader>

      <section className="container contact-grid" aria-label="Contact us">
        <ContactForm />
        <div className="contact-cards">
          <article className="card contact-card">
            <span className="feature-icon">
              <Icon name="mail" />
            </span>
            <div>
              <h2>Email</h2>
              <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>
              <p className="muted small">Sales: {CONTACT_DETAILS.salesEmail}</p>
            </div>
          </article>
          <article className="card contact-card">
            <span className="feature-icon">
              <Icon name="phone" />
            </span>
            <div>
              <h2>Phone</h2>
              <a href={CONTACT_DETAILS.phoneHref}>{CONTACT_DETAILS.phone}</a>
              <p className="muted small">Monday to Friday, 9am to 5pm PT</p>
            </div>
          </article>
          <article className="card contact-card">
            <span className="feature-icon">
              <Icon name="pin" />
            </span>
            <div>
              <h2>Office</h2>
              <OfficeAddress />
            </div>
          </article>
        </div>
      </section>
    </div>
  );
}

export default ContactPage;
