import type { ActionFunctionArgs } from 'react-router';
import { contactFieldErrors, type ContactField, type ContactMessageBody } from '../../../shared/schemas/contact';
import { sendContactMessage } from '../api/contact';
import { formText } from '../form-fields';

/** What a sent message came to: the API's thanks, or the form's alert, or messages beside its fields. */
export interface ContactOutcome {
  message?: string;
  error?: string;
  fields?: Partial<Record<ContactField, string>>;
}

/**
 * /contact's route action: checked with the API's own schema (docs/decisions.md#5), so the visitor
 * sees the same per-field messages either way, then sent.
 */
export async function contactAction({ request }: ActionFunctionArgs): Promise<ContactOutcome> {
  const form = await request.formData();
  const body: ContactMessageBody = { name: formText(form, 'name'), email: formText(form, 'email'), message: formText(form, 'message') };
  const fields = contactFieldErrors(body);
  if (Object.keys(fields).length) return { fields };
  const result = await sendContactMessage(body);
  if (!result.ok) return result.fields ? { fields: result.fields } : { error: result.message };
  return { message: result.message };
}
