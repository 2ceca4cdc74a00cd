/**
 * Issue 15: an empty email or password on sign-up or sign-in is answered with the product's own
 * sentences (shared/texts.ts), the same the pages show. supertokens-node (24, emailpassword
 * api/utils.js) refuses an empty field itself with "Field is not optional", before any validate
 * function of ours runs, so this answers first, in the SDK's own FIELD_ERROR shape.
 */
import { authTexts } from '../../shared/texts';
import { json, type HttpResult } from '../lib/response';

const { fields } = authTexts;

type FormField = { id: string; value: unknown };

/** The SDK's test for a missing field: no entry, or an empty string (the email trimmed first, as the SDK does). */
function isEmpty(formFields: FormField[], id: string): boolean {
  const value = formFields.find((f) => f.id === id)?.value;
  return typeof value !== 'string' || (id === 'email' ? value.trim() : value).length === 0;
}

/** The 200 FIELD_ERROR answer for a form with empty fields, or undefined when both are filled in. Expects checked formFields. */
export function emptyFieldsAnswer(formFields: FormField[], flow: 'signUp' | 'signIn'): HttpResult | undefined {
  const missing = [
    isEmpty(formFields, 'email') && { id: 'email', error: fields.emailRequired },
    isEmpty(formFields, 'password') && { id: 'password', error: flow === 'signUp' ? fields.newPasswordRequired : fields.passwordRequired },
  ].filter((f) => f !== false);
  return missing.length ? json(200, { status: 'FIELD_ERROR', formFields: missing }) : undefined;
}
