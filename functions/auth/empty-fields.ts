/**
 * An empty email or password on sign-up or sign-in is answered with the product's own
 * sentences (shared/texts.ts), the same the pages show. supertokens-node (24, emailpassword
 * api/utils.js) refuses an empty field itself with "Field is not optional", before any validate
 * function of ours runs, so this answers first, in the SDK's own FIELD_ERROR shape, and (as the SDK
 * would) with the other field's problem too, checked by the same rules (shared/schemas/accounts.ts).
 */
import { emailSchema, fieldError, newPasswordSchema } from '../../shared/schemas/credentials';
import { authTexts } from '../../shared/texts/auth';
import { json, type HttpResult } from '../lib/response';

const { fields } = authTexts;

type FormField = { id: string; value: unknown };
type Flow = 'signUp' | 'signIn';

/** The SDK's test for a missing field: no entry, or an empty string (the email trimmed first, as the SDK does). */
function valueOf(formFields: FormField[], id: string): string {
  const value = formFields.find((f) => f.id === id)?.value;
  if (typeof value !== 'string') return '';
  return id === 'email' ? value.trim() : value;
}

/** The field's problem as the SDK would see it with our validators: the empty one first, else the rules'. */
function problem(id: 'email' | 'password', value: string, flow: Flow): string | undefined {
  if (id === 'email') return value ? fieldError(emailSchema, value) : fields.emailRequired;
  if (!value) return flow === 'signUp' ? fields.newPasswordRequired : fields.passwordRequired;
  // Sign-in checks only that a password was given (the SDK's sign-in has no password rules).
  return flow === 'signUp' ? fieldError(newPasswordSchema, value) : undefined;
}

/** The 200 FIELD_ERROR answer for a form with an empty field, or undefined when both are filled in. Expects checked formFields. */
export function emptyFieldsAnswer(formFields: FormField[], flow: Flow): HttpResult | undefined {
  const email = valueOf(formFields, 'email');
  const password = valueOf(formFields, 'password');
  if (email && password) return undefined;
  const problems = (['email', 'password'] as const)
    .map((id) => ({ id, error: problem(id, id === 'email' ? email : password, flow) }))
    .filter((f): f is { id: 'email' | 'password'; error: string } => f.error !== undefined);
  return json(200, { status: 'FIELD_ERROR', formFields: problems });
}
