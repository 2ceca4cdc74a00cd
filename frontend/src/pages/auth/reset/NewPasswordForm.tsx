import { FocusedAlert } from '../../../components/FocusedAlert';
import { FormField } from '../FormField';
import { NEW_PASSWORD, type ResetOutcome } from './reset-action';
import { resetTexts } from './reset-texts';
import { useIntentForm } from '../../../hooks/use-intent-form';

const t = resetTexts.newPassword;

/**
 * The new password, typed twice (spec §3: confirm-password in the reset form), set through the
 * route's action with the token in the page's address. Done, or a used or expired token, is the page's to show.
 */
export function NewPasswordForm() {
  const form = useIntentForm<ResetOutcome, 'password' | 'confirm-password'>(NEW_PASSWORD, ['password', 'confirm-password']);
  const { busy, outcome } = form;
  return (
    <>
      <h2>{t.heading}</h2>
      <p className="muted">{t.intro}</p>
      <form.Form method="post" className="auth-form" noValidate aria-label={t.heading}>
        <input {...form.intent} />
        {outcome?.error && <FocusedAlert className="form-alert">{outcome.error}</FocusedAlert>}
        <FormField label={t.password} type="password" {...form.field('password')} autoComplete="new-password" hint={t.rules} required />
        <FormField label={t.confirm} type="password" {...form.field('confirm-password')} autoComplete="new-password" required />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t.submitting : t.submit}
        </button>
      </form.Form>
    </>
  );
}
