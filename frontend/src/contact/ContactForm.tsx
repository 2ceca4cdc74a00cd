import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_MAX, contactFieldErrors, type ContactField, type ContactMessageBody } from '../../../shared/schemas/contact';
import { sendContactMessage } from '../api/contact';

type Errors = Partial<Record<ContactField, string>>;
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

const FIELDS: { name: ContactField; label: string; type: 'text' | 'email' | 'textarea'; autoComplete?: string }[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'message', label: 'Message', type: 'textarea' },
];

/**
 * DECISIONS.md: the contact form really sends. Checked here with the API's own schema, so the
 * visitor sees the same per-field messages either way; focus moves to the first field to fix.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessageBody>({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Set with each round of errors; focused once the fields are enabled again (after the render).
  const [focusField, setFocusField] = useState<{ name: ContactField } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusField) form.current?.querySelector<HTMLElement>(`[name="${focusField.name}"]`)?.focus();
  }, [focusField]);

  // The success card is shorter than the form: bring it into view and give it focus, so a screen
  // reader reads it and a sighted visitor is not left looking at the footer.
  useEffect(() => {
    if (status.kind !== 'sent') return;
    statusRef.current?.focus({ preventScroll: true });
    statusRef.current?.scrollIntoView({ block: 'start' });
  }, [status.kind]);

  function focusFirstError(found: Errors) {
    const first = FIELDS.find((f) => found[f.name]);
    if (first) setFocusField({ name: first.name });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const found = contactFieldErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstError(found);

    setStatus({ kind: 'sending' });
    const result = await sendContactMessage(values);
    if (result.ok) {
      setStatus({ kind: 'sent', message: result.message });
      setValues({ name: '', email: '', message: '' });
      return;
    }
    if (result.fields) {
      setErrors(result.fields);
      setStatus({ kind: 'idle' });
      return focusFirstError(result.fields);
    }
    setStatus({ kind: 'failed', message: result.message });
  }

  if (status.kind === 'sent') {
    return (
      <div className="card form-success" role="status" tabIndex={-1} ref={statusRef}>
        <h2>Message sent</h2>
        <p>{status.message}</p>
        <button type="button" className="btn btn-ghost" onClick={() => setStatus({ kind: 'idle' })}>
          Send another message
        </button>
      </div>
    );
  }

  return (
    <form ref={form} className="card form" onSubmit={onSubmit} noValidate aria-labelledby="form-title">
      <h2 id="form-title">Send us a message</h2>
      {FIELDS.map((f) => {
        const id = `contact-${f.name}`;
        const error = errors[f.name];
        const common = {
          id,
          name: f.name,
          value: values[f.name],
          autoComplete: f.autoComplete,
          required: true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          disabled: status.kind === 'sending',
          onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f.name]: e.target.value })),
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
      {status.kind === 'failed' && (
        <p className="form-error" role="alert">
          {status.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
