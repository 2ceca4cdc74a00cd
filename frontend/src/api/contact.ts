import type { ErrorBody } from '../../../shared/api-types';
import type { ContactField, ContactMessageBody, ContactMessageSent } from '../../../shared/schemas/contact';
import { contactTexts } from '../../../shared/texts/contact';
import { api, isApiError } from './client';

export type SendResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fields?: Partial<Record<ContactField, string>> };

/** POST /api/contact; every failure becomes a message the form can show. */
export async function sendContactMessage(body: ContactMessageBody): Promise<SendResult> {
  try {
    const { data } = await api.post<ContactMessageSent>('/api/contact', body);
    return { ok: true, message: data.message };
  } catch (error) {
    const answer = isApiError<ErrorBody>(error) ? error.response : undefined;
    if (answer?.status === 400 && answer.data?.fields) return { ok: false, message: '', fields: answer.data.fields };
    if (answer?.status === 429 && answer.data?.message) return { ok: false, message: answer.data.message };
    return { ok: false, message: contactTexts.failed };
  }
}
