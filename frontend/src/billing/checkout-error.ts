import { isAxiosError } from 'axios';
import type { ErrorBody } from '../../../shared/api-types';
import { texts } from '../../../shared/texts';

const t = texts.billingUi.checkout;

export interface CheckoutFailure {
  message: string;
  /** spec §8: a 401 also sends the user to /signin. */
  signIn: boolean;
}

/** spec §8 Checkout, in its order: 404, 401, another answer with a message, no answer, anything else. */
export function checkoutFailure(error: unknown): CheckoutFailure {
  if (isAxiosError<Partial<ErrorBody>>(error)) {
    const answer = error.response;
    if (answer?.status === 404) return { message: t.notFound, signIn: false };
    if (answer?.status === 401) return { message: t.signInAgain, signIn: true };
    if (answer && typeof answer.data?.message === 'string' && answer.data.message) return { message: answer.data.message, signIn: false };
    if (!answer && error.request) return { message: t.noResponse, signIn: false };
  }
  return { message: t.failed, signIn: false };
}
