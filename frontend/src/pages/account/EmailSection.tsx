import { useState } from 'react';
import { emailSchema, signInPasswordSchema } from '../../../../shared/schemas/credentials';
import { accountFailure, changeAccountEmail } from '../../api/account';
import { FocusedAlert } from '../../components/FocusedAlert';
import { useForm } from '../../hooks/use-form';
import { FormField } from '../auth/FormField';
import { accountTexts } from './account-texts';
import { Result } from './Result';

const t = accountTexts;

/**
 * A new email address, with the current password: the API mails the new address a link and the
 * old one a notice, and the address changes only once the link is opened (docs/security.md).
 */
export function EmailSection() {
  const [sent, setSent] = useState<string>();
  const form = useForm({
    initial: { email: '', password: '' },
    validate: { email: emailSchema, password: signInPasswordSchema },
    focusInvalid: true,
    invalidClearsError: true,
    onSubmit: async ({ email, password }) => {
      setSent(undefined);
      try {
        setSent((await changeAccountEmail(email.trim(), password)).message);
      } catch (error) {
        const failure = accountFailure(error, t.failed);
        const fields = Object.fromEntries(Object.entries(failure.fields ?? {}).filter(([field]) => field === 'email' || field === 'password'));
        return Object.keys(fields).length ? { fields } : { error: failure.message };
      }
    },
  });
  const busy = form.submitting;
  return (
    <section className="card account-section" aria-labelledby="email-title">
      <h2 id="email-title">{t.emailTitle}</h2>
      <p className="muted">{t.emailIntro}</p>
      <form className="auth-form" onSubmit={form.submit} noValidate aria-label={t.emailTitle}>
        {form.error && <FocusedAlert className="form-alert">{form.error}</FocusedAlert>}
        <FormField label={t.newEmailLabel} type="email" {...form.field('email')} autoComplete="email" disabled={busy} required />
        <FormField label={t.emailPasswordLabel} type="password" {...form.field('password')} autoComplete="current-password" disabled={busy} required />
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.changingEmail : t.changeEmail}
          </button>
        </div>
      </form>
      <Result message={sent} />
    </section>
  );
}
