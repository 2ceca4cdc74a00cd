/**
 * Per-address limits on the auth API's other doors (sign-in has its own guard, ./sign-in-guard.ts),
 * and a per-recipient limit on password-reset mail:
 *
 * - sign-ups: 10 per hour per (address, device), a device being this browser's `vp-device` cookie
 *   (set on its first sign-up), and 50 per hour per address, any device: a sign-up answers whether
 *   an email has an account, and each costs a password hash; an office or school behind one address
 *   signs up one browser each, and one browser's ten do not use up a newcomer's (docs/security.md);
 * - email-exists look-ups: 20 per 15 minutes per address (the look-up is an enumeration oracle by
 *   design; a person on the sign-up page makes a handful);
 * - password-reset requests: 10 per hour per address;
 * - reset-link checks: 20 per 15 minutes per address (a person opens a link or two; each check is a
 *   guess at a token, however hopeless);
 * - reset mail: 3 per hour per (recipient, requesting address), and 10 per hour per recipient across
 *   addresses. One stranger's address fills only its own 3, so the owner asking from theirs still
 *   gets the mail: the recipient's ceiling takes four addresses to fill, and the mail a stranger can
 *   make arrive stays bounded. Past either the request is answered exactly as a sent one (the answer
 *   never says whether an account exists, and must not start saying so now), nothing is sent, and
 *   the log says so.
 *
 * Every attempt counts before the work is done (one atomic ADD), so parallel requests cannot slip
 * past. A refused request is a 429 with Retry-After, thrown as an HttpError for the auth handler to
 * answer; the same sentence for every email, known or not.
 */
import { randomBytes } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { logger } from '../lib/logger';
import { tooManyAttempts } from '../lib/limit-refusal';
import { hit, type RateLimitRule } from '../lib/rate-limit';
import { requestAddress, type AddressOf, type SdkRequest } from './request-address';

export const SIGN_UP_RULE: RateLimitRule = { scope: 'signup-address', limit: 50, windowSeconds: 60 * 60 };
// Its own scope: one browser at one address.
export const SIGN_UP_DEVICE_RULE: RateLimitRule = { scope: 'signup-device', limit: 10, windowSeconds: 60 * 60 };
/** The browser's id for the sign-up limits: random, HttpOnly, sent only to the auth API. */
export const DEVICE_COOKIE = 'vp-device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
export const EMAIL_EXISTS_RULE: RateLimitRule = { scope: 'email-exists-address', limit: 20, windowSeconds: 15 * 60 };
export const RESET_REQUEST_RULE: RateLimitRule = { scope: 'reset-request-address', limit: 10, windowSeconds: 60 * 60 };
export const RESET_LINK_CHECK_RULE: RateLimitRule = { scope: 'reset-link-check-address', limit: 20, windowSeconds: 15 * 60 };
export const RESET_MAIL_PAIR_RULE: RateLimitRule = { scope: 'reset-mail-pair', limit: 3, windowSeconds: 60 * 60 };
// Its own scope: the counter of 3 per recipient before this one must not be read as this one's.
export const RESET_MAIL_RULE: RateLimitRule = { scope: 'reset-mail-ceiling', limit: 10, windowSeconds: 60 * 60 };
/** The subject of RESET_MAIL_PAIR_RULE: one recipient asked for from one address. */
export const resetMailPair = (email: string, address: string) => `${email}\n${address}`;

export interface LimitDeps {
  db: () => DynamoDBDocumentClient;
  now?: () => number;
  address?: AddressOf;
}

/** The 429 every auth limit answers (functions/lib/limit-refusal.ts). */
export { tooManyAttempts };

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

/** What the sign-up limit needs of the SDK's request and response: the device cookie, read and set. */
interface DeviceRequest extends SdkRequest {
  getCookieValue(key: string): string | undefined;
  getHeaderValue(key: string): string | undefined;
}
interface DeviceResponse {
  setCookie(key: string, value: string, domain: string | undefined, secure: boolean, httpOnly: boolean, expires: number, path: string, sameSite: 'strict' | 'lax' | 'none'): void;
}

/** This browser's device id: its cookie's, or a new one set on the answer (a browser's first sign-up). */
function deviceOf(req: DeviceRequest, res: DeviceResponse, now: number): string {
  const known = req.getCookieValue(DEVICE_COOKIE);
  if (known && DEVICE_ID.test(known)) return known;
  const id = randomBytes(16).toString('base64url');
  // Secure wherever the viewer came over HTTPS (CloudFront says so); the local runtime is plain HTTP.
  const secure = req.getHeaderValue('cloudfront-forwarded-proto') === 'https';
  res.setCookie(DEVICE_COOKIE, id, undefined, secure, true, now + YEAR_MS, '/api/auth', 'lax');
  return id;
}

/**
 * Wraps the sign-up so each browser at an address gets SIGN_UP_DEVICE_RULE's sign-ups and the address
 * SIGN_UP_RULE's, whatever the browsers. The browser's own count is taken first: a browser refused
 * takes nothing from the address's.
 */
export function limitSignUps<I extends { options: { req: SdkRequest; res: unknown } }, O>(original: (input: I) => Promise<O>, deps: LimitDeps): (input: I) => Promise<O> {
  const now = deps.now ?? Date.now;
  const addressOf = deps.address ?? requestAddress;
  return async (input) => {
    const at = now();
    const address = await addressOf(input.options.req);
    const device = deviceOf(input.options.req as DeviceRequest, input.options.res as DeviceResponse, at);
    for (const [rule, subject] of [
      [SIGN_UP_DEVICE_RULE, `${address}\n${device}`],
      [SIGN_UP_RULE, address],
    ] as const) {
      const decision = await hit(deps.db(), rule, subject, at);
      if (!decision.allowed) {
        logger.warn('sign-up refused: too many', { limit: rule.scope, retryAfterSeconds: decision.retryAfterSeconds });
        throw tooManyAttempts(decision.retryAfterSeconds);
      }
    }
    return original(input);
  };
}

/** The SDK's request, which it keeps in the user context of every API call it serves (`_default.request`). */
function requestIn(userContext: unknown): SdkRequest {
  const request = (userContext as { _default?: { request?: SdkRequest } } | undefined)?._default?.request;
  if (!request) throw new Error('reset mail: the SDK passed no request in the user context');
  return request;
}

/**
 * Wraps the reset mail's delivery: the SDK calls it only for an account that exists, so only real
 * recipients are counted, and skipping the send leaves the API's answer as it was. The pair is
 * counted first: a request its pair refuses takes nothing from the recipient's ceiling.
 */
export function limitResetMail<I extends { user: { email: string }; userContext: unknown }>(send: (input: I) => Promise<void>, deps: LimitDeps): (input: I) => Promise<void> {
  const now = deps.now ?? Date.now;
  const addressOf = deps.address ?? requestAddress;
  return async (input) => {
    const email = input.user.email.trim().toLowerCase();
    const at = now();
    const pair = await hit(deps.db(), RESET_MAIL_PAIR_RULE, resetMailPair(email, await addressOf(requestIn(input.userContext))), at);
    if (!pair.allowed) {
      logger.warn('password reset mail not sent: too many for one recipient from one address this hour', { limit: RESET_MAIL_PAIR_RULE.scope });
      return;
    }
    const ceiling = await hit(deps.db(), RESET_MAIL_RULE, email, at);
    if (!ceiling.allowed) {
      logger.warn('password reset mail not sent: too many for one recipient this hour', { limit: RESET_MAIL_RULE.scope });
      return;
    }
    await send(input);
  };
}
