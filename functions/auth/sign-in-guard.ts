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

function refuse(rule: RateLimitRule, decision: Extract<RateDecision, { allowed: false }>): never {
  logger.warn('sign-in refused: too many failures', { limit: rule.scope, retryAfterSeconds: decision.retryAfterSeconds });
  throw tooManyAttempts(decision.retryAfterSeconds);
}

export function guardSignIn(original: SignInPOST, deps: LimitDeps): SignInPOST {
  const now = deps.now ?? Date.now;
  const addressOf = deps.address ?? requestAddress;
  return async (input) => {
    const db = deps.db();
    const at = now();
    const address = await addressOf(input.options.req);
    const email = emailOf(input.formFields);

    const [byAddress, byPair] = await Promise.all([hit(db, SIGN_IN_ADDRESS_RULE, address, at), email ? hit(db, SIGN_IN_PAIR_RULE, pairOf(email, address), at) : undefined]);
    if (!byAddress.allowed) refuse(SIGN_IN_ADDRESS_RULE, byAddress);
    if (byPair && !byPair.allowed) refuse(SIGN_IN_PAIR_RULE, byPair);
    // This attempt is counted in the pair already: more than one means this address failed before.
    if (email && byPair && byPair.count > 1) {
      const ceiling = await peek(db, SIGN_IN_EMAIL_RULE, email, at);
      if (!ceiling.allowed) refuse(SIGN_IN_EMAIL_RULE, ceiling);
    }

    const result = await original(input);
    if (result.status === 'OK') {
      await Promise.all([forgiveOne(db, SIGN_IN_ADDRESS_RULE, address, at), email ? reset(db, SIGN_IN_PAIR_RULE, pairOf(email, address)) : undefined]);
    } else if (email) {
      await hit(db, SIGN_IN_EMAIL_RULE, email, at);
    }
    return result;
  };
}
