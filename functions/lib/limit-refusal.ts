/**
 * The 429 every limit answers (the auth API's doors, ./rate-limit.ts's counters; a step-up proof's
 * attempts, ./step-up.ts): a plain sentence, and Retry-After in seconds. Apart from the counters, so a
 * Lambda that only refuses carries no code naming the rateLimits table it is not granted.
 */
import { limitTexts } from '../../shared/texts/limits';
import { HttpError } from './http-error';

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  return new HttpError(429, limitTexts.tooManyAttempts(Math.ceil(retryAfterSeconds / 60)), undefined, { 'retry-after': String(retryAfterSeconds) });
}
