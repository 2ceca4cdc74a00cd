/**
 * The second step of a sign-in (docs/security.md#two-step-verification): SuperTokens' TOTP and
 * MultiFactorAuth recipes, and the product's rules around them.
 *
 * - Which factors an account must complete after its first (password, Google): once two-step
 *   verification is on (an authenticator app, or its recovery codes, set up), one of its second
 *   factors (shared/second-factors.ts: the app, the recovery codes, a passkey). A passkey alone does
 *   not turn the step on (docs/security.md#passkey-second-step). An account without it signs in with its first
 *   factor alone. The requirement follows from what is set up, so nothing is kept beside it (no
 *   `requiredSecondaryFactors` metadata that could disagree with the devices).
 * - A passkey sign-in is itself complete: its factor (`webauthn`) is among those the requirement
 *   accepts, and the MultiFactorAuth recipe counts the first factor as completed.
 * - Recovery codes are a factor of our own (`recovery-code`, ./recovery-codes.ts): set up while the
 *   account has unused codes, completed by our route (./recovery-code-sign-in.ts).
 * - Every code check (TOTP here, recovery codes there) is limited per account and per address
 *   before it reaches the core; a refusal says nothing about which part was wrong.
 * - An authenticator app is added only to a proven address (the SDK's own routes for it skip the
 *   email check), and removed only from /account with the password (functions/account/two-step.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EmailVerificationClaim } from 'supertokens-node/recipe/emailverification';
import MultiFactorAuth from 'supertokens-node/recipe/multifactorauth';
import type { RecipeInterface as MfaFunctions } from 'supertokens-node/recipe/multifactorauth/types';
import Totp from 'supertokens-node/recipe/totp';
import type { APIInterface as TotpApis } from 'supertokens-node/recipe/totp/types';
import { PRODUCT_NAME } from '../../shared/product';
import { isSecondFactor, isTwoStepFactor, RECOVERY_CODE_FACTOR } from '../../shared/second-factors';
import { twoStepTexts } from '../../shared/texts/two-step';
import { logger } from '../lib/logger';
import { hit, type RateLimitRule } from '../lib/rate-limit';
import { tooManyAttempts } from './auth-limits';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
import { requestAddress, type AddressOf, type SdkRequest } from './request-address';
import { mailSecondFactorEvent, type SecondFactorEvent } from './second-factor-mail';

/**
 * Code checks: 10 per 15 minutes per account (after its first factor: the guesser already has the
 * password), 30 per 15 minutes per address across accounts. Six digits are a million codes, and the
 * core adds its own pause after 5 wrong ones in a row, so a guesser gets a handful of tries a day.
 */
export const CODE_CHECK_ACCOUNT_RULE: RateLimitRule = { scope: 'second-factor-account', limit: 10, windowSeconds: 15 * 60 };
export const CODE_CHECK_ADDRESS_RULE: RateLimitRule = { scope: 'second-factor-address', limit: 30, windowSeconds: 15 * 60 };

export interface SecondFactorDeps {
  db: () => DynamoDBDocumentClient;
  address?: AddressOf;
  now?: () => number;
  mail?: (userId: string, event: SecondFactorEvent, codesLeft?: number) => Promise<void>;
}

/** Counts one code check by the account and by the address; throws the auth limits' 429 past either. */
export async function countCodeCheck(db: DynamoDBDocumentClient, userId: string, address: string, now = Date.now()): Promise<void> {
  for (const [rule, subject] of [
    [CODE_CHECK_ACCOUNT_RULE, userId],
    [CODE_CHECK_ADDRESS_RULE, address],
  ] as const) {
    const decision = await hit(db, rule, subject, now);
    if (!decision.allowed) {
      logger.warn('second-factor check refused: too many', { limit: rule.scope, retryAfterSeconds: decision.retryAfterSeconds });
      throw tooManyAttempts(decision.retryAfterSeconds);
    }
  }
}

/** What the MFA recipe asks: the factors set up (the SDK's, and recovery codes while any are left), and what a sign-in must complete. */
export function secondFactorFunctions(original: MfaFunctions, deps: Pick<SecondFactorDeps, 'db'>): MfaFunctions {
  return {
    ...original,
    getFactorsSetupForUser: async (input) => {
      const [factors, codesLeft] = await Promise.all([original.getFactorsSetupForUser(input), recoveryCodesLeft(deps.db(), input.user.id)]);
      return codesLeft > 0 ? [...factors, RECOVERY_CODE_FACTOR] : factors;
    },
    getMFARequirementsForAuth: async (input) => {
      const setUp = await input.factorsSetUpForUser;
      if (!setUp.some(isTwoStepFactor)) return [];
      return [{ oneOf: setUp.filter(isSecondFactor) }];
    },
  };
}

type Input<K extends keyof TotpApis> = Parameters<NonNullable<TotpApis[K]>>[0];

/** The TOTP recipe's API: limited code checks, recovery codes and a notice when an app is added, removal only from /account. */
export function secondFactorTotpApis(original: TotpApis, deps: SecondFactorDeps): TotpApis {
  const addressOf = deps.address ?? requestAddress;
  const now = deps.now ?? Date.now;
  const mail = deps.mail ?? mailSecondFactorEvent;
  const counted = async (input: { session: { getUserId(): string }; options: { req: unknown } }) =>
    countCodeCheck(deps.db(), input.session.getUserId(), await addressOf(input.options.req as SdkRequest), now());
  return {
    ...original,
    createDevicePOST: async (input: Input<'createDevicePOST'>) => {
      await input.session.assertClaims([EmailVerificationClaim.validators.isVerified()], input.userContext);
      return original.createDevicePOST!(input);
    },
    verifyDevicePOST: async (input: Input<'verifyDevicePOST'>) => {
      await input.session.assertClaims([EmailVerificationClaim.validators.isVerified()], input.userContext);
      await counted(input);
      const result = await original.verifyDevicePOST!(input);
      if (result.status !== 'OK' || result.wasAlreadyVerified) return result;
      // The app is on: its recovery codes, shown once in this answer. Should writing them fail, the
      // app stays on and /account offers to make codes.
      const userId = input.session.getUserId();
      const recoveryCodes = await replaceRecoveryCodes(deps.db(), userId, now());
      logger.info('two-step verification turned on', { userId });
      await mail(userId, 'totp-added');
      return { ...result, recoveryCodes };
    },
    verifyTOTPPOST: async (input: Input<'verifyTOTPPOST'>) => {
      await counted(input);
      return original.verifyTOTPPOST!(input);
    },
    removeDevicePOST: async (input: Input<'removeDevicePOST'>) => {
      // A setup left half-way (a device never confirmed) may be dropped here; a working one only with the password.
      const { devices } = await input.options.recipeImplementation.listDevices({ userId: input.session.getUserId(), userContext: input.userContext });
      if (devices.some((d) => d.name === input.deviceName && d.verified)) return { status: 'GENERAL_ERROR', message: twoStepTexts.api.turnOffFromAccount };
      return original.removeDevicePOST!(input);
    },
  };
}

/** The two recipes, for the one SuperTokens configuration (./supertokens.ts). */
export function secondFactorRecipes(deps: SecondFactorDeps) {
  return [
    Totp.init({ issuer: PRODUCT_NAME, override: { apis: (original) => secondFactorTotpApis(original, deps) } }),
    MultiFactorAuth.init({ override: { functions: (original) => secondFactorFunctions(original, deps) } }),
  ];
}
