import { useState } from 'react';
import { fieldError, newPasswordSchema, signInPasswordSchema } from '../../../../shared/schemas/credentials';
import { accountTexts as accountApiTexts } from '../../../../shared/texts/account';
import { accountTexts } from './account-texts';
import { accountFailure, changePassword } from '../../api/account';
import { FocusedAlert } from '../../components/FocusedAlert';
import { useForm } from '../../hooks/use-form';
import { FormField } from '../auth/FormField';
import { Result } from './Result';

const t = accountTexts;

/** Email accounts: the current password and a new one by the sign-up rules; every other session ends. */
export function PasswordSection({ email }: { email: string }) {
  const [changed, setChanged] = useState<string>();
  const form = useForm({
    initial: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => ({
      currentPassword: fieldError(signInPasswordSchema, values.currentPassword),
      newPassword: fieldError(newPasswordSchema, values.newPassword),
      confirmPassword: values.confirmPassword === values.newPassword ? undefined : t.passwordsDoNotMatch,
    }),
    focusInvalid: true,
    invalidClearsError: true,
    onSubmit: async ({ currentPassword, newPassword }) => {
      setChanged(undefined);
      try {
        const answer = await changePassword({ currentPassword, newPassword });
        form.reset();
        setChanged(answer.message);
      } catch (error) {
        // A wrong current password and the rules come back beside their fields; the limits' 429 as the form's alert.
        const { fields, message } = accountFailure(error, t.failed);
        return fields ? { fields } : { error: message };
      }
    },
  });
  const { submitting: busy } = form;
  return (
    <section className="card account-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p className="muted">{t.passwordIntro}</p>
      <form className="auth-form" onSubmit={form.submit} noValidate aria-label="Change password">
        {form.error && <FocusedAlert className="form-alert">{form.error}</FocusedAlert>}
        {/* Password managers pair the new password with this account's email. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField
          label="Current password"
          type="password"
          {...form.field('currentPassword')}
          autoComplete="current-password"
          disabled={busy}
          required
        />
        <FormField
          label="New password"
          type="password"
          {...form.field('newPassword')}
          autoComplete="new-password"
          disabled={busy}
          hint={t.passwordRules}
          required
        />
        <FormField
          label="Confirm new password"
          type="password"
          {...form.field('confirmPassword')}
          autoComplete="new-password"
          disabled={busy}
          required
        />
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.changingPassword : t.changePassword}
          </button>
        </div>
      </form>
      <Result message={changed} />
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
