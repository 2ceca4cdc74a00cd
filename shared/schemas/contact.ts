/**
 * POST /api/contact (docs/decisions.md#5): the contact form's fields. The page checks them with this schema
 * before sending and the Lambda again on arrival, so both name the same field with the same message.
 */
// zod/mini: the same checks at a fraction of the size, for the page and the Lambda alike.
import * as z from 'zod/mini';
import { contactTexts as contact } from '../texts/contact';

export const CONTACT_NAME_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

/**
 * No control characters (C0, DEL, C1: terminal escapes, carriage returns, …) in a name or an
 * email, which are one line; a message keeps its line feeds and tabs, and a Windows line end (`\r\n`)
 * becomes a line feed. Checked after trimming, so surrounding whitespace is simply dropped.
 */
const NO_CONTROL = /^[^\u0000-\u001f\u007f-\u009f]*$/;
const NO_CONTROL_BUT_LINES = /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f]*$/;

export const contactMessageBody = z.object({
  name: z
    .string({ error: contact.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: contact.nameRequired }),
      z.maxLength(CONTACT_NAME_MAX, { error: contact.nameTooLong }),
      z.regex(NO_CONTROL, { error: contact.nameControl }),
    ),
  email: z.pipe(z.string({ error: contact.emailInvalid }).check(z.trim(), z.regex(NO_CONTROL, { error: contact.emailInvalid })), z.email({ error: contact.emailInvalid })),
  message: z
    .string({ error: contact.messageRequired })
    .check(
      z.overwrite((text) => text.replace(/\r\n/g, '\n')),
      z.trim(),
      z.minLength(1, { error: contact.messageRequired }),
      z.maxLength(CONTACT_MESSAGE_MAX, { error: contact.messageTooLong }),
      z.regex(NO_CONTROL_BUT_LINES, { error: contact.messageControl }),
    ),
});

export type ContactMessageBody = z.infer<typeof contactMessageBody>;
export type ContactField = keyof ContactMessageBody;

/** The first problem per field, or an empty object when the message may be sent. */
export function contactFieldErrors(input: unknown): Partial<Record<ContactField, string>> {
  const parsed = contactMessageBody.safeParse(input);
  if (parsed.success) return {};
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The 201 answer: the stored message's id and the text the page shows. */
export interface ContactMessageSent {
  id: string;
  message: string;
}
