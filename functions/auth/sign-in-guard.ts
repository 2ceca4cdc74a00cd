/**
 * Brute-force guard for email/password sign-in, built so that nobody can lock an owner out.
 *
 * A lock per email alone (10 failures, then refuse everyone) hands any stranger a way to keep any
 * account shut: 11 wrong passwords every 15 minutes. So failures are counted three ways:
 *
 * - per (email, address) pair, 10 per 15 minutes: the strict lock on guessing one password from one
 *   place. A success forgets the pair's failures;
 * - per address, 30 per 15 minutes across all emails: password spraying (one weak password tried on
 *   many accounts) stops there. A success does not reset it (one known account would let a sprayer
 *   wipe its count between guesses); it takes back only its own attempt;
 * - per email, 30 per hour across addresses: a ceiling for an attacker who spreads guesses over many
 *   addresses. Past it, an address that has already failed on that email in its pair window is
 *   refused; an address with no failure on it still gets its attempt checked. So the owner, whose
 *   address has not failed, signs in with the right password while the attack is slowed to about one
 *   guess per address per pair window.
 *
 * What a stranger can still do: refuse an address they share with the owner (the same NAT), and an
 * owner who mistyped once from an address during an attack waits out that address's pair window.
 *
 * Attempts are counted before the password is checked (atomic ADDs, so parallel guesses cannot slip
 * past) and taken back on success. A refusal is a 429 with Retry-After, the same for every email,
 * account or not, and never reaches the core.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIInterface } from 'supertokens-node/recipe/emailpassword';
import { logger } from '../lib/logger';
import { forgiveOne, hit, peek, reset, type RateDecision, type RateLimitRule } from '../lib/rate-limit';
import { tooManyAttempts, type LimitDeps } from './auth-limits';
import { requestAddress } from './request-address';

export const SIGN_IN_PAIR_RULE: RateLimitRule = { scope: 'signin-pair', limit: 10, windowSeconds: 15 * 60 };
export const SIGN_IN_ADDRESS_RULE: RateLimitRule = { scope: 'signin-address', limit: 30, windowSeconds: 15 * 60 };
export const SIGN_IN_EMAIL_RULE: RateLimitRule = { scope: 'signin-email', limit: 30, windowSeconds: 60 * 60 };

type SignInPOST = NonNullable<APIInterface['signInPOST']>;

function emailOf(formFields: { id: string; value: unknown }[]): string | undefined {
  const value = formFields.find((f) => f.id === 'email')?.value;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;
}

const pairOf = (email: string, address: string) => `${email}\n${address}`;

/** One password check: whose (the email, lower-cased, when the request names one), from where, and when. */
export interface PasswordAttempt {
  email: string | undefined;
  address: string;
  at: number;
}

export type LimitedCheck<T> = { allowed: true; result: T } | { allowed: false; retryAfterSeconds: number };

function refused(rule: RateLimitRule, decision: Extract<RateDecision, { allowed: false }>): LimitedCheck<never> {
  logger.warn('password check refused: too many failures', { limit: rule.scope, retryAfterSeconds: decision.retryAfterSeconds });
  return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds };
}

/**
 * The rules above around any check of a password: a sign-in, and the account page's checks of the
 * current password (a password change, a deletion), so a guesser gains nothing by going there. The
 * check runs only when the limits allow it; its `status` 'OK' is a success, anything else a failure.
 */
export async function limitPasswordCheck<T extends { status: string }>(db: DynamoDBDocumentClient, attempt: PasswordAttempt, check: () => Promise<T>): Promise<LimitedCheck<T>> {
  const { email, address, at } = attempt;
  const [byAddress, byPair] = await Promise.all([hit(db, SIGN_IN_ADDRESS_RULE, address, at), email ? hit(db, SIGN_IN_PAIR_RULE, pairOf(email, address), at) : undefined]);
  if (!byAddress.allowed) return refused(SIGN_IN_ADDRESS_RULE, byAddress);
  if (byPair && !byPair.allowed) return refused(SIGN_IN_PAIR_RULE, byPair);
  // This attempt is counted in the pair already: more than one means this address failed before.
  if (email && byPair && byPair.count > 1) {
    const ceiling = await peek(db, SIGN_IN_EMAIL_RULE, email, at);
    if (!ceiling.allowed) return refused(SIGN_IN_EMAIL_RULE, ceiling);
  }

  const result = await check();
  if (result.status === 'OK') {
    await Promise.all([forgiveOne(db, SIGN_IN_ADDRESS_RULE, address, at), email ? reset(db, SIGN_IN_PAIR_RULE, pairOf(email, address)) : undefined]);
  } else if (email) {
    await hit(db, SIGN_IN_EMAIL_RULE, email, at);
  }
  return { allowed: true, result };
}

/** The rate-limit entries an email's own checks leave: forgotten with its account. */
export function passwordCheckEntriesOf(email: string, address: string): [RateLimitRule, string][] {
  return [
    [SIGN_IN_EMAIL_RULE, email],
    [SIGN_IN_PAIR_RULE, pairOf(email, address)],
  ];
}

export function guardSignIn(original: SignInPOST, deps: LimitDeps): SignInPOST {
  const now = deps.now ?? Date.now;
  const addressOf = deps.address ?? requestAddress;
  return async (input) => {
    const attempt = { email: emailOf(input.formFields), address: await addressOf(input.options.req), at: now() };
    const checked = await limitPasswordCheck(deps.db(), attempt, () => original(input));
    if (!checked.allowed) throw tooManyAttempts(checked.retryAfterSeconds);
    return checked.result;
  };
}
