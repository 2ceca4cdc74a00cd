import { FocusedAlert } from '../../../components/FocusedAlert';
import { FormField } from '../FormField';
import { REQUEST_LINK, type ResetOutcome } from './reset-action';
import { resetTexts as t } from './reset-texts';
import { useIntentForm } from '../../../hooks/use-intent-form';

interface RequestLinkFormProps {
  heading: string;
  intro: string;
  submitLabel: string;
  /** What the field starts with (the address a previous request went to). */
  initialEmail?: string;
}

/**
 * Asks for a reset link (through the route's action; the page shows the link sent): the page's
 * request form, and the offer on a used or expired link. The API
 * answers OK whether or not the account exists (no one learns which emails have accounts); the limits'
 * 429 comes back as GENERAL_ERROR with the server's sentence, shown as it is.
 */
export function RequestLinkForm({ heading, intro, submitLabel, initialEmail = '' }: RequestLinkFormProps) {
  const form = useIntentForm<ResetOutcome, 'email'>(REQUEST_LINK, ['email']);
  const { busy, outcome } = form;
  return (
    <>
      <h2>{heading}</h2>
      <p className="muted">{intro}</p>
      <form.Form method="post" className="auth-form" noValidate aria-label={heading}>
        <input {...form.intent} />
        {outcome?.error && <FocusedAlert className="form-alert">{outcome.error}</FocusedAlert>}
        <FormField label={t.email} type="email" {...form.field('email')} defaultValue={initialEmail} autoComplete="email" required />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t.sending : submitLabel}
        </button>
      </form.Form>
    </>
  );
}
