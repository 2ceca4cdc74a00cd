import { fieldError, newPasswordSchema } from '../../../../../shared/schemas/credentials';
import { submitNewPassword } from '../../../auth/auth-client';
import { FocusedAlert } from '../../../components/FocusedAlert';
import { useForm } from '../../../hooks/use-form';
import { FormField } from '../FormField';
import { fieldErrorsFor } from './field-errors';
import { resetTexts } from './reset-texts';

const t = resetTexts.newPassword;

/**
 * The new password, typed twice (spec §3: confirm-password in the reset form), set with the token in
 * the page's address (the web SDK reads it). A used or expired token is the page's to show.
 */
export function NewPasswordForm({ onDone, onExpired }: { onDone: () => void; onExpired: () => void }) {
  const form = useForm({
    initial: { password: '', 'confirm-password': '' },
    validate: (values) => ({
      password: fieldError(newPasswordSchema, values.password),
      'confirm-password': values['confirm-password'] === values.password ? undefined : t.passwordsDoNotMatch,
    }),
    focusInvalid: true,
    invalidClearsError: true,
    onSubmit: async ({ password }) => {
      try {
        const result = await submitNewPassword(password);
        if (result.status === 'OK') return onDone();
        if (result.status === 'RESET_PASSWORD_INVALID_TOKEN_ERROR') return onExpired();
        if (result.status === 'FIELD_ERROR') return fieldErrorsFor(result.formFields, ['password'] as const);
        return { error: result.message };
      } catch (error) {
        console.error('Setting a new password failed', error);
        return { error: resetTexts.failed };
      }
    },
  });
  const { submitting: busy } = form;
  return (
    <>
      <h2>{t.heading}</h2>
      <p className="muted">{t.intro}</p>
      <form className="auth-form" onSubmit={form.submit} noValidate aria-label={t.heading}>
        {form.error && <FocusedAlert className="form-alert">{form.error}</FocusedAlert>}
        <FormField
          label={t.password}
          type="password"
          {...form.field('password')}
          autoComplete="new-password"
          disabled={busy}
          hint={t.rules}
          required
        />
        <FormField
          label={t.confirm}
          type="password"
          {...form.field('confirm-password')}
          autoComplete="new-password"
          disabled={busy}
          required
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t.submitting : t.submit}
        </button>
      </form>
    </>
  );
}
