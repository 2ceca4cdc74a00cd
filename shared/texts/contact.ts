/** /contact and POST /api/contact (docs/decisions.md#5: stored, validated, rate-limited). */
import { RETENTION } from '../marketing';

const retentionYears = RETENTION.contactMessagesDays / 365;

export const contactTexts = {
  /** The privacy page's line (the table's TTL keeps to it). */
  retention: `Messages you send through the contact form are kept for ${retentionYears} year${retentionYears === 1 ? '' : 's'}, then deleted.`,
  nameRequired: 'Please enter your name',
  nameTooLong: 'Please keep your name under 200 characters',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Please enter a message',
  messageTooLong: 'Please keep your message to 5000 characters or fewer',
  /** Control characters (terminal escapes, carriage returns) refused by shared/schemas/contact.ts. */
  nameControl: 'Please use only ordinary characters in your name (no line breaks or control characters)',
  messageControl: 'Please remove the control characters from your message (line breaks and tabs are fine)',
  sent: 'Thank you! Your message has been sent. We will get back to you within one business day.',
  tooMany: (minutes: number) =>
    `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  failed: 'Your message could not be sent. Please try again in a moment.',
} as const;
