/**
 * What /auth/reset-password's two forms send, as its route's action: each names its intent (a link
 * asked for; the new password set with the address's token), is checked, sent, and answered with
 * what the page shows next.
 */
import type { ActionFunctionArgs } from 'react-router';
import { emailSchema, fieldError, newPasswordSchema } from '../../../../../shared/schemas/credentials';
import { requestPasswordReset, submitNewPassword } from '../../../auth/auth-client';
import { formText, problemsFound } from '../../../form-fields';
import { fieldErrorsFor } from './field-errors';
import { resetTexts } from './reset-texts';

/** A form's answer: its alert and/or messages beside its fields, or where the page goes next. */
export interface ResetOutcome {
  error?: string;
  fields?: Partial<Record<string, string>>;
  /** A link was asked for this address (the API says OK whether or not the account exists). */
  sent?: string;
  /** The new password is set. */
  done?: true;
  /** The link was used or has expired. */
  expired?: true;
}

/** The fetcher keys of the two forms: the page reads their answers to move on. */
export const REQUEST_LINK = 'reset:request-link';
export const NEW_PASSWORD = 'reset:new-password';

/** The limits' 429 comes back as GENERAL_ERROR with the server's sentence, shown as it is. */
async function requestLink(form: FormData): Promise<ResetOutcome> {
  const problem = fieldError(emailSchema, formText(form, 'email'));
  if (problem) return { fields: { email: problem } };
  const address = formText(form, 'email').trim();
  try {
    const result = await requestPasswordReset(address);
    if (result.status === 'OK') return { sent: address };
    if (result.status === 'FIELD_ERROR') return fieldErrorsFor(result.formFields, ['email'] as const);
    if (result.status === 'GENERAL_ERROR') return { error: result.message };
    return { error: resetTexts.notAllowed };
  } catch (error) {
    console.error('Password reset request failed', error);
    return { error: resetTexts.failed };
  }
}

/** The web SDK reads the token from the page's address. */
async function setNewPassword(form: FormData): Promise<ResetOutcome> {
  const password = formText(form, 'password');
  const fields = problemsFound({
    password: fieldError(newPasswordSchema, password),
    'confirm-password': formText(form, 'confirm-password') === password ? undefined : resetTexts.newPassword.passwordsDoNotMatch,
  });
  if (fields) return { fields };
  try {
    const result = await submitNewPassword(password);
    if (result.status === 'OK') return { done: true };
    if (result.status === 'RESET_PASSWORD_INVALID_TOKEN_ERROR') return { expired: true };
    if (result.status === 'FIELD_ERROR') return fieldErrorsFor(result.formFields, ['password'] as const);
    return { error: result.message };
  } catch (error) {
    console.error('Setting a new password failed', error);
    return { error: resetTexts.failed };
  }
}

const INTENTS: Record<string, (form: FormData) => Promise<ResetOutcome>> = { [REQUEST_LINK]: requestLink, [NEW_PASSWORD]: setNewPassword };

export async function resetAction({ request }: ActionFunctionArgs): Promise<ResetOutcome> {
  const form = await request.formData();
  const run = INTENTS[formText(form, 'intent')];
  // Only this page's own forms post here; anything else is a bug of ours, said as one.
  if (!run) throw new Error(`No reset form sends intent ${formText(form, 'intent')}`);
  return run(form);
}
