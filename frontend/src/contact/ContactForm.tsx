import { useState } from 'react';
import { CONTACT_MESSAGE_MAX, contactFieldErrors, type ContactField, type ContactMessageBody } from '../../../shared/schemas/contact';
import { sendContactMessage } from '../api/contact';
import { useForm } from '../hooks/use-form';

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

/**
 * docs/decisions.md#5: the contact form really sends. Checked here with the API's own schema, so the
 * visitor sees the same per-field messages either way; focus moves to the first field to fix.
 */
export function ContactForm() {
  // The text the API answered a sent message with; the success card shows while it is set.
  const [sent, setSent] = useState<string>();
  const form = useForm<ContactMessageBody>({
    initial: { name: '', email: '', message: '' },
    validate: contactFieldErrors,
    focusInvalid: true,
    onSubmit: async (values) => {
      const result = await sendContactMessage(values);
      if (!result.ok) return result.fields ? { fields: result.fields } : { error: result.message };
      setSent(result.message);
      form.reset();
    },
  });
  if (sent !== undefined) {
    return (
      <div className="card form-success" role="status" tabIndex={-1} ref={revealSuccess}>
        <h2>Message sent</h2>
        <p>{sent}</p>
        <button type="button" className="btn btn-ghost" onClick={() => setSent(undefined)}>
          Send another message
        </button>
      </div>
    );
  }

  return (
    <form className="card form" onSubmit={form.submit} noValidate aria-labelledby="form-title">
      <h2 id="form-title">Send us a message</h2>
      {FIELDS.map((f) => {
        const id = `contact-${f.name}`;
        const error = form.errors[f.name];
        const common = {
          id,
          name: f.name,
          value: form.values[f.name],
          autoComplete: f.autoComplete,
          required: true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          disabled: form.submitting,
          onChange: form.change(f.name),
        };
        return (
          <div key={f.name} className="field">
            <label htmlFor={id}>{f.label}</label>
            {f.type === 'textarea' ? <textarea {...common} rows={6} maxLength={CONTACT_MESSAGE_MAX} /> : <input {...common} type={f.type} />}
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {form.error && (
        <p className="form-error" role="alert">
          {form.error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting}>
        {form.submitting ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
