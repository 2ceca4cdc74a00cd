import { useCallback, useState } from 'react';
import { accountTexts as accountApiTexts } from '../../../../shared/texts/account';
import { accountTexts } from './account-texts';
import { FocusedAlert } from '../../components/FocusedAlert';
import { FormField } from '../auth/FormField';
import { OpenFormButton } from './OpenFormButton';
import { Result } from './Result';
import { useSectionForm } from './use-section-form';

const t = accountTexts;

/**
 * Email accounts: the current password and a new one by the sign-up rules, checked and sent by the
 * route's action; every other session ends.
 */
export function PasswordSection({ email }: { email: string }) {
  const form = useSectionForm('change-password', ['currentPassword', 'newPassword', 'confirmPassword']);
  const { busy, outcome } = form;
  // Changed: the fields are emptied (a ref callback new with each answer, so each success empties them).
  const emptyOnSuccess = useCallback((element: HTMLFormElement | null) => void (outcome?.message && element?.reset()), [outcome]);
  // A quiet button opens the form (the view's one primary action is elsewhere); an answer keeps it open.
  const [open, setOpen] = useState(false);
  return (
    <section className="card account-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p className="muted">{t.passwordIntro}</p>
      {!open && !outcome ? (
        <OpenFormButton label={t.openPasswordForm} onOpen={() => setOpen(true)} />
      ) : (
      <form.Form method="post" ref={emptyOnSuccess} className="auth-form" noValidate aria-label="Change password">
        <input {...form.intent} />
        {outcome?.error && <FocusedAlert className="form-alert">{outcome.error}</FocusedAlert>}
        {/* Password managers pair the new password with this account's email. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField label="Current password" type="password" {...form.field('currentPassword')} autoComplete="current-password" autoFocus={open} required />
        <FormField label="New password" type="password" {...form.field('newPassword')} autoComplete="new-password" hint={t.passwordRules} required />
        <FormField label="Confirm new password" type="password" {...form.field('confirmPassword')} autoComplete="new-password" required />
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.changingPassword : t.changePassword}
          </button>
        </div>
      </form.Form>
      )}
      <Result message={outcome?.message} />
    </section>
  );
}

/** A Google-only account has no password to change: it says so where the form would be. */
export function NoPasswordSection() {
  return (
    <section className="card account-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p className="muted">{accountApiTexts.noPassword}</p>
    </section>
  );
}
