import { emailSchema } from '../../../../../shared/schemas/credentials';
import { requestPasswordReset } from '../../../auth/auth-client';
import { FocusedAlert } from '../../../components/FocusedAlert';
import { useForm } from '../../../hooks/use-form';
import { FormField } from '../FormField';
import { fieldErrorsFor } from './field-errors';
import { resetTexts as t } from './reset-texts';

interface RequestLinkFormProps {
  heading: string;
  intro: string;
  submitLabel: string;
  /** What the field starts with (the address a previous request went to). */
  initialEmail?: string;
  onSent: (email: string) => void;
}

/**
 * Asks for a reset link: the page's request form, and the offer on a used or expired link. The API
 * answers OK whether or not the account exists (no one learns which emails have accounts); the limits'
 * 429 comes back as GENERAL_ERROR with the server's sentence, shown as it is.
 */
export function RequestLinkForm({ heading, intro, submitLabel, initialEmail = '', onSent }: RequestLinkFormProps) {
  const form = useForm({
    initial: { email: initialEmail },
    validate: { email: emailSchema },
    focusInvalid: true,
    invalidClearsError: true,
    onSubmit: async ({ email }) => {
      const address = email.trim();
      try {
        const result = await requestPasswordReset(address);
        if (result.status === 'OK') return onSent(address);
        if (result.status === 'FIELD_ERROR') return fieldErrorsFor(result.formFields, ['email'] as const);
        if (result.status === 'GENERAL_ERROR') return { error: result.message };
        return { error: t.notAllowed };
      } catch (error) {
        console.error('Password reset request failed', error);
        return { error: t.failed };
      }
    },
  });
  const busy = form.submitting;
  return (
    <>
      <h2>{heading}</h2>
      <p className="muted">{intro}</p>
      <form className="auth-form" onSubmit={form.submit} noValidate aria-label={heading}>
        {form.error && <FocusedAlert className="form-alert">{form.error}</FocusedAlert>}
        <FormField
          label={t.email}
          type="email"
          {...form.field('email')}
          autoComplete="email"
          disabled={busy}
          required
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t.sending : submitLabel}
        </button>
      </form>
    </>
  );
}
