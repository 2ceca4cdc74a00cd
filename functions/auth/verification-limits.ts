/**
 * Verification links asked for again, per account: the sign-up's own link is not counted. The
 * verification recipe's resend (./email-verification.ts) and the account page's change of address
 * (functions/account/change-email.ts) count toward the same limit. A module of its own so the account
 * group, which reads it, carries no SDK.
 */
import type { RateLimitRule } from '../lib/rate-limit';

export const VERIFY_RESEND_RULE: RateLimitRule = { scope: 'verify-resend-account', limit: 3, windowSeconds: 60 * 60 };
