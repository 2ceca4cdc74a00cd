/**
 * Per-address limits on the auth API's other doors (sign-in has its own guard, ./sign-in-guard.ts),
 * and a per-recipient limit on password-reset mail:
 *
 * - sign-ups: 10 per hour per address (a sign-up answers whether an email has an account, and each
 *   costs a password hash);
 * - email-exists look-ups: 20 per 15 minutes per address (the look-up is an enumeration oracle by
 *   design; a person on the sign-up page makes a handful);
 * - password-reset requests: 10 per hour per address;
 * - reset mail: 3 per hour per recipient, whoever asks. Past that the request is answered exactly as
 *   a sent one (the answer never says whether an account exists, and must not start saying so now),
 *   nothing is sent, and the log says so.
 *
 * Every attempt counts before the work is done (one atomic ADD), so parallel requests cannot slip
 * past. A refused request is a 429 with Retry-After, thrown as an HttpError for the auth handler to
 * answer; the same sentence for every email, known or not.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { authTexts } from '../../shared/texts';
import { HttpError } from '../lib/http-error';
import { logger } from '../lib/logger';
import { hit, type RateLimitRule } from '../lib/rate-limit';
import { requestAddress, type AddressOf, type SdkRequest } from './request-address';

export const SIGN_UP_RULE: RateLimitRule = { scope: 'signup-address', limit: 10, windowSeconds: 60 * 60 };
export const EMAIL_EXISTS_RULE: RateLimitRule = { scope: 'email-exists-address', limit: 20, windowSeconds: 15 * 60 };
export const RESET_REQUEST_RULE: RateLimitRule = { scope: 'reset-request-address', limit: 10, windowSeconds: 60 * 60 };
export const RESET_MAIL_RULE: RateLimitRule = { scope: 'reset-mail-recipient', limit: 3, windowSeconds: 60 * 60 };

export interface LimitDeps {
  db: () => DynamoDBDocumentClient;
  now?: () => number;
  address?: AddressOf;
}

/** The 429 every auth limit answers: a plain sentence, and Retry-After in seconds. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  return new HttpError(429, authTexts.tooManyAttempts(Math.ceil(retryAfterSeconds / 60)), undefined, { 'retry-after': String(retryAfterSeconds) });
}

/** Wraps one SDK API function so each address gets `rule.limit` calls per window. */
export function limitPerAddress<I extends { options: { req: SdkRequest } }, O>(rule: RateLimitRule, original: (input: I) => Promise<O>, deps: LimitDeps): (input: I) => Promise<O> {
  const now = deps.now ?? Date.now;
  const addressOf = deps.address ?? requestAddress;
  return async (input) => {
    const decision = await hit(deps.db(), rule, await addressOf(input.options.req), now());
    if (!decision.allowed) {
      logger.warn('auth request refused: too many from one address', { limit: rule.scope, retryAfterSeconds: decision.retryAfterSeconds });
      throw tooManyAttempts(decision.retryAfterSeconds);
    }
    return original(input);
  };
}

/**
 * Wraps the reset mail's delivery: the SDK calls it only for an account that exists, so only real
 * recipients are counted, and skipping the send leaves the API's answer as it was.
 */
export function limitResetMail<I extends { user: { email: string } }>(send: (input: I) => Promise<void>, deps: Omit<LimitDeps, 'address'>): (input: I) => Promise<void> {
  const now = deps.now ?? Date.now;
  return async (input) => {
    const decision = await hit(deps.db(), RESET_MAIL_RULE, input.user.email.trim().toLowerCase(), now());
    if (!decision.allowed) {
      logger.warn('password reset mail not sent: too many for one recipient this hour', { limit: RESET_MAIL_RULE.scope });
      return;
    }
    await send(input);
  };
}
