/**
 * The factors of a sign-in's second step, by the MultiFactorAuth recipe's ids: one list for the API
 * (which factors complete the step, functions/auth/second-factors.ts) and for /auth/mfa (an entry for
 * each, frontend/src/pages/auth/SecondStepPage.tsx, typed by `SecondFactorId` so that a factor
 * without one does not compile). A factor the API accepted but the page could not offer would leave
 * its chooser empty, and the visitor sent between /dashboard and /auth/mfa.
 */
export const TOTP_FACTOR = 'totp';
export const RECOVERY_CODE_FACTOR = 'recovery-code';
/** The WebAuthn recipe's factor id (supertokens' MultiFactorAuth.FactorIds.WEBAUTHN): a passkey. */
export const PASSKEY_FACTOR = 'webauthn';

/**
 * Factors that complete the second step once it is on, each counted only once the account has it set
 * up; in the order /auth/mfa's chooser offers them.
 */
export const SECOND_FACTORS = [TOTP_FACTOR, PASSKEY_FACTOR, RECOVERY_CODE_FACTOR] as const;
export type SecondFactorId = (typeof SECOND_FACTORS)[number];

/**
 * The factors that turn two-step verification on: what /account sets up under that name. Recovery
 * codes count on their own so that codes left after a half-finished turn-off still guard the account.
 * A passkey alone does not (docs/security.md#passkey-second-step).
 */
export const TWO_STEP_FACTORS: readonly SecondFactorId[] = [TOTP_FACTOR, RECOVERY_CODE_FACTOR];

const isIn =
  <T extends string>(list: readonly T[]) =>
  (id: string): id is T =>
    (list as readonly string[]).includes(id);

export const isSecondFactor = isIn(SECOND_FACTORS);
export const isTwoStepFactor = isIn(TWO_STEP_FACTORS);
