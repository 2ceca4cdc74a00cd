/**
 * The limits on second-step code checks (TOTP at setup, at sign-in and as a step-up proof; recovery
 * codes), and the addresses where an account completed its step, which its ceiling spares.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { forgetKnownAddresses, knownAddress, rememberAddress } from '../lib/known-addresses';
import { logger } from '../lib/logger';
import { hit, reset, type RateLimitRule } from '../lib/rate-limit';
import { tooManyAttempts } from './auth-limits';

/**
 * Code checks (docs/security.md#second-step-limits), counted before the check: 5 per 15 minutes per
 * (account, address) until one succeeds, 30 per 15 minutes per address across accounts, and an account ceiling of 10 per
 * 15 minutes that applies only to addresses where the account has not completed its second step
 * before. So a password holder guessing from anywhere new gets 10 guesses a window in all, and the
 * owner, at an address where they completed the step before, is not refused for it: the guesser
 * cannot turn the account's limit against its owner (as the password limits spare known addresses).
 * The core's own pause after wrong codes in a row (per account, whoever sent them) is set far above
 * these (infra/local/auth-core/config.ts), else it would be that lock-out.
 */
export const CODE_CHECK_PAIR_RULE: RateLimitRule = { scope: 'second-factor-pair', limit: 5, windowSeconds: 15 * 60 };
export const CODE_CHECK_ACCOUNT_RULE: RateLimitRule = { scope: 'second-factor-account', limit: 10, windowSeconds: 15 * 60 };
export const CODE_CHECK_ADDRESS_RULE: RateLimitRule = { scope: 'second-factor-address', limit: 30, windowSeconds: 15 * 60 };

/** The subject the account's step addresses are remembered under (functions/lib/known-addresses.ts keys them by a string of ours). */
const stepAddresses = (userId: string) => `second-step#${userId}`;
const pairOf = (userId: string, address: string) => `${userId}|${address}`;

/** Counts one code check by (account, address), by address, and (from an address the account never completed its step at) by account; throws the auth limits' 429 past any. */
export async function countCodeCheck(db: DynamoDBDocumentClient, userId: string, address: string, now = Date.now()): Promise<void> {
  const known = await knownAddress(db, stepAddresses(userId), address, now);
  const counted: [RateLimitRule, string][] = [
    [CODE_CHECK_PAIR_RULE, pairOf(userId, address)],
    [CODE_CHECK_ADDRESS_RULE, address],
  ];
  if (!known.known) counted.push([CODE_CHECK_ACCOUNT_RULE, userId]);
  for (const [rule, subject] of counted) {
    const decision = await hit(db, rule, subject, now);
    if (!decision.allowed) {
      logger.warn('second-factor check refused: too many', { limit: rule.scope, retryAfterSeconds: decision.retryAfterSeconds });
      throw tooManyAttempts(decision.retryAfterSeconds);
    }
  }
}

/**
 * The account completed a code check from this address: the pair's count is forgotten (as a right
 * password forgets its pair's failures: an owner's typo or two never add up to a refusal), and its
 * checks from here are spared the account ceiling for 90 days.
 */
export async function rememberStepAddress(db: DynamoDBDocumentClient, userId: string, address: string, now = Date.now()): Promise<void> {
  const seen = await knownAddress(db, stepAddresses(userId), address, now);
  await Promise.all([
    reset(db, CODE_CHECK_PAIR_RULE, pairOf(userId, address)),
    seen.fresh ? undefined : rememberAddress(db, stepAddresses(userId), address, now, seen),
  ]).catch((error: unknown) => logger.error('a completed second step was not recorded', { error }));
}

/** The account's remembered step addresses, forgotten (its deletion). */
export async function forgetStepAddresses(db: DynamoDBDocumentClient, userId: string): Promise<void> {
  await forgetKnownAddresses(db, stepAddresses(userId));
}

