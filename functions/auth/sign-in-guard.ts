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
 *   wipe its count between guesses); its own check counts only while it is in flight;
 * - per email, 30 per hour across addresses: a ceiling for an attacker who spreads guesses over many
 *   addresses. Past it, every address is refused for the rest of the window but those the email
 *   has signed in from before (functions/lib/known-addresses.ts, 90 days): a fresh address would otherwise be one
 *   more guess, and an attacker has as many addresses as they like. So the owner, at home or at work,
 *   signs in with the right password while the attack gets no guess at all.
 *
 * What a stranger can still do: refuse an address they share with the owner (the same NAT), and keep
 * the owner from signing in with a password from an address never used before while the attack lasts
 * (Google sign-in and the password reset stay open). Addresses are client keys: an IPv6 client is its
 * /64 (functions/lib/client-ip.ts).
 *
 * Checks are counted before the password is checked, so parallel guesses cannot slip past: a check in
 * flight counts toward the address's and the pair's limits until it ends or could no longer be
 * running (functions/lib/password-checks.ts keeps the counts, and says why a success costs one write). A refusal is
 * a 429 with Retry-After, the same for every email, account or not, and never reaches the core.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIInterface } from 'supertokens-node/recipe/emailpassword';
import { logger } from '../lib/logger';
import { hit, peek, reset, type RateDecision, type RateLimitRule } from '../lib/rate-limit';
import { tooManyAttempts, type LimitDeps } from './auth-limits';
import { forgetKnownAddresses, knownAddress, rememberAddress, type KnownAddress } from '../lib/known-addresses';
import { forgetPairFailures, forgetPairOf, recordFailure, releaseCheck, reserveCheck, SIGN_IN_ADDRESS_RULE, SIGN_IN_PAIR_RULE, windowEndsAt, type CheckCounts, type Reservation } from '../lib/password-checks';
import { requestAddress } from './request-address';

export { SIGN_IN_ADDRESS_RULE, SIGN_IN_PAIR_RULE };
export const SIGN_IN_EMAIL_RULE: RateLimitRule = { scope: 'signin-email', limit: 30, windowSeconds: 60 * 60 };

type SignInPOST = NonNullable<APIInterface['signInPOST']>;

function emailOf(formFields: { id: string; value: unknown }[]): string | undefined {
  const value = formFields.find((f) => f.id === 'email')?.value;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;
}

/** One password check: whose (the email, lower-cased, when the request names one), from where, and when. */
export interface PasswordAttempt {
  email: string | undefined;
  address: string;
  at: number;
}

export type LimitedCheck<T> = { allowed: true; result: T } | { allowed: false; retryAfterSeconds: number };

function refused(rule: RateLimitRule, retryAfterSeconds: number): LimitedCheck<never> {
  logger.warn('password check refused: too many failures', { limit: rule.scope, retryAfterSeconds });
  return { allowed: false, retryAfterSeconds };
}

/**
 * Whether a reserved check is past a rule: its failures and checks in flight (this one included)
 * over the limit. Refused for failures until the window ends; for checks in flight alone, until the
 * oldest of them stops counting.
 */
function overLimit(rule: RateLimitRule, counts: CheckCounts, r: Reservation, at: number): number | undefined {
  if (counts.failures + counts.inFlight <= rule.limit) return undefined;
  const clearsAt = counts.failures >= rule.limit ? windowEndsAt(r) : counts.inFlightClearsAt;
  return Math.max(1, Math.ceil((clearsAt - at) / 1000));
}

/** What the email's own items said when the check was reserved: its ceiling, and whether this address is one it signed in from. */
interface EmailState {
  ceiling: RateDecision;
  address: KnownAddress;
}

/** Which rule, if any, refuses a reserved check, and for how long. */
function refusalOf(r: Reservation, email: EmailState | undefined): { rule: RateLimitRule; retryAfterSeconds: number } | undefined {
  const byAddress = overLimit(SIGN_IN_ADDRESS_RULE, r.address, r, r.at);
  if (byAddress !== undefined) return { rule: SIGN_IN_ADDRESS_RULE, retryAfterSeconds: byAddress };
  const byPair = overLimit(SIGN_IN_PAIR_RULE, r.pair, r, r.at);
  if (byPair !== undefined) return { rule: SIGN_IN_PAIR_RULE, retryAfterSeconds: byPair };
  // Past the email's ceiling only the addresses it signed in from before are checked.
  if (email && !email.ceiling.allowed && !email.address.known) return { rule: SIGN_IN_EMAIL_RULE, retryAfterSeconds: email.ceiling.retryAfterSeconds };
  return undefined;
}

/**
 * The rules above around any check of a password: a sign-in, and the account page's checks of the
 * current password (a password change, a deletion), so a guesser gains nothing by going there. The
 * check runs only when the limits allow it; its `status` 'OK' is a success, anything else a failure.
 * A success from an address the email knows writes once (its reservation) and reads twice (the
 * email's ceiling and known addresses, beside the reservation, so no slower); from a new address it
 * writes once more (remembered), as it does after failures on its pair (they are forgotten).
 */
export async function limitPasswordCheck<T extends { status: string }>(db: DynamoDBDocumentClient, attempt: PasswordAttempt, check: () => Promise<T>): Promise<LimitedCheck<T>> {
  const { email, at } = attempt;
  const [reserved, emailState] = await Promise.all([
    reserveCheck(db, attempt),
    email ? Promise.all([peek(db, SIGN_IN_EMAIL_RULE, email, at), knownAddress(db, email, attempt.address, at)]).then(([ceiling, address]) => ({ ceiling, address })) : undefined,
  ]);
  if (!reserved.reserved) return refused(SIGN_IN_ADDRESS_RULE, reserved.retryAfterSeconds);
  const r = reserved.reservation;
  const refusal = refusalOf(r, emailState);
  if (refusal) {
    // It never ran: taken out of the checks in flight, as the design before this one never let a refusal count.
    await releaseCheck(db, r);
    return refused(refusal.rule, refusal.retryAfterSeconds);
  }

  const result = await check();
  if (result.status === 'OK') {
    await Promise.all([
      r.pair.failures > 0 ? forgetPairFailures(db, r) : undefined,
      email && emailState && !emailState.address.fresh ? rememberAddress(db, email, attempt.address, at, emailState.address) : undefined,
    ]);
  } else {
    await Promise.all([
      // Not recorded (DynamoDB still refusing after the SDK's retries): the answer stays the failure, so a
      // 500 tells nobody the password was wrong; the check still counts while in flight, and the log says so.
      recordFailure(db, r).catch((error: unknown) => logger.error('a failed password check was not recorded', { error })),
      email ? hit(db, SIGN_IN_EMAIL_RULE, email, at) : undefined,
    ]);
  }
  return { allowed: true, result };
}

/** What an email's own checks left (its failures across addresses, and from this address, and where it signed in from): forgotten with its account. */
export async function forgetPasswordChecksOf(db: DynamoDBDocumentClient, email: string, address: string): Promise<void> {
  await Promise.all([reset(db, SIGN_IN_EMAIL_RULE, email), forgetPairOf(db, email, address), forgetKnownAddresses(db, email)]);
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
