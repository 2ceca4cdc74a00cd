import { useState } from 'react';
import { FocusedAlert } from '../../components/FocusedAlert';
import { OpenFormButton } from './OpenFormButton';
import { FormField } from '../auth/FormField';
import { accountTexts } from './account-texts';
import { Result } from './Result';
import { useSectionForm } from './use-section-form';

const t = accountTexts;

/**
 * A new email address, with the current password: the API mails the new address a link and the
 * old one a notice, and the address changes only once the link is opened (docs/security.md).
 */
export function EmailSection() {
  const form = useSectionForm('change-email', ['email', 'password']);
  const { busy } = form;
  // A quiet button opens the form (the view's one primary action is elsewhere); an answer keeps it open.
  const [open, setOpen] = useState(false);
  return (
    <section className="card account-section" aria-labelledby="email-title">
      <h2 id="email-title">{t.emailTitle}</h2>
      <p className="muted">{t.emailIntro}</p>
      {!open && !form.outcome ? (
        <OpenFormButton label={t.openEmailForm} onOpen={() => setOpen(true)} />
      ) : (
      <form.Form method="post" className="auth-form" noValidate aria-label={t.emailTitle}>
        <input {...form.intent} />
        {form.outcome?.error && <FocusedAlert className="form-alert">{form.outcome.error}</FocusedAlert>}
        <FormField label={t.newEmailLabel} type="email" {...form.field('email')} autoComplete="email" autoFocus={open} required />
        <FormField label={t.emailPasswordLabel} type="password" {...form.field('password')} autoComplete="current-password" required />
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.changingEmail : t.changeEmail}
          </button>
        </div>
      </form.Form>
      )}
      <Result message={form.outcome?.message} />
    </section>
  );
}
