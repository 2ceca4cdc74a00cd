import { useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { CONTACT_MESSAGE_MAX, type ContactField } from '../../../shared/schemas/contact';
import { useFieldWiring } from '../hooks/use-field-wiring';
import type { ContactOutcome } from './contact-action';

/**
 * The success card is shorter than the form: bring it into view and give it focus, so a screen
 * reader reads it and a sighted visitor is not left looking at the footer. A module-level ref
 * callback: React calls it once, when the card mounts.
 */
function revealSuccess(card: HTMLDivElement | null) {
  card?.focus({ preventScroll: true });
  card?.scrollIntoView({ block: 'start' });
}

const FIELDS: { name: ContactField; label: string; type: 'text' | 'email' | 'textarea'; autoComplete?: string }[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'message', label: 'Message', type: 'textarea' },
];

const FIELD_ORDER = FIELDS.map((f) => f.name);

/**
 * docs/decisions.md#5: the contact form really sends, through /contact's route action
 * (contact-action.ts); focus moves to the first field to fix.
 */
export function ContactForm() {
  const outcome = useActionData<ContactOutcome>();
  const busy = useNavigation().formData !== undefined;
  // "Send another message" puts the (empty) form back: the answer it dismissed stays dismissed.
  const [dismissed, setDismissed] = useState<ContactOutcome>();
  const sent = outcome && outcome !== dismissed ? outcome.message : undefined;
  // The first field with a problem takes focus, so its message is read out.
  const wiring = useFieldWiring(outcome, FIELD_ORDER, busy);
  if (sent !== undefined) {
    return (
      <div className="card form-success" role="status" tabIndex={-1} ref={revealSuccess}>
        <h2>Message sent</h2>
        <p>{sent}</p>
        <button type="button" className="btn btn-ghost" onClick={() => setDismissed(outcome)}>
          Send another message
        </button>
      </div>
    );
  }

  return (
    <Form method="post" className="card form" noValidate aria-labelledby="form-title">
      <h2 id="form-title">Send us a message</h2>
      {FIELDS.map((f) => {
        const id = `contact-${f.name}`;
        const { error, ...wired } = wiring(f.name);
        const common = {
          id,
          ...wired,
          autoComplete: f.autoComplete,
          required: true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        return (
          <div key={f.name} className="field">
            <label htmlFor={id}>{f.label}</label>
            {f.type === 'textarea' ? (
              <textarea {...common} rows={6} maxLength={CONTACT_MESSAGE_MAX} />
            ) : (
              <input {...common} type={f.type} />
            )}
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {outcome?.error && (
        <p className="form-error" role="alert">
          {outcome.error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? 'Sending...' : 'Send Message'}
      </button>
    </Form>
  );
}
