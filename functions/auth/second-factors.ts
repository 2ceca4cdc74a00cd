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
import Session from 'supertokens-node/recipe/session';
import Totp from 'supertokens-node/recipe/totp';
import type { APIInterface as TotpApis } from 'supertokens-node/recipe/totp/types';
import { PRODUCT_NAME } from '../../shared/product';
import { isSecondFactor, isTwoStepFactor, RECOVERY_CODE_FACTOR } from '../../shared/second-factors';
import { twoStepAnswerTexts } from '../../shared/texts/two-step-answers';
import { logger } from '../lib/logger';
import { countCodeCheck, rememberStepAddress } from './code-check-limits';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
import { requestAddress, type AddressOf, type SdkRequest } from './request-address';
import { mailSecondFactorEvent, type NoticeContext, type SecondFactorEvent } from './second-factor-mail';

export interface SecondFactorDeps {
  db: () => DynamoDBDocumentClient;
  address?: AddressOf;
  now?: () => number;
  mail?: (userId: string, event: SecondFactorEvent, codesLeft?: number, context?: NoticeContext) => Promise<void>;
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

/** The user agent of the SDK request (the API Gateway event it keeps), for the notices. */
function userAgentOf(req: unknown): string | undefined {
  const headers = ((req as SdkRequest).original as { headers?: Record<string, string | undefined> } | undefined)?.headers;
  return headers?.['user-agent'];
}

/** Ends every session of the account but `keep`: turning two-step on is a change of how it signs in, as a new password is. */
async function endOtherSessions(userId: string, keep: string): Promise<number> {
  const handles = await Session.getAllSessionHandlesForUser(userId);
  const others = handles.filter((h) => h !== keep);
  await Promise.all(others.map((h) => Session.revokeSession(h)));
  return others.length;
}

/**
 * The TOTP recipe's API: an app is added only with the step-up proof in the request (its path's
 * policy, shared/route-policy.ts, checked before the SDK sees it); its confirmation turns two-step on (recovery codes, every other session ended, a notice)
 * or, for a further app, keeps the recovery codes unless the body asks for new ones
 * (`newRecoveryCodes: true`) and says which in the notice; code checks are limited; removal only from /account.
 */
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
      const userId = input.session.getUserId();
      const { devices } = await input.options.recipeImplementation.listDevices({ userId, userContext: input.userContext });
      const wasOn = devices.some((d) => d.verified && d.name !== input.deviceName);
      const result = await original.verifyDevicePOST!(input);
      if (result.status !== 'OK' || result.wasAlreadyVerified) return result;
      await rememberStepAddress(deps.db(), userId, await addressOf(input.options.req as SdkRequest), now());
      const context = { userAgent: userAgentOf(input.options.req), at: now() };
      if (wasOn) {
        // A further app: the recovery codes stay unless the owner chose new ones, and the notice says which.
        const body = (await input.options.req.getJSONBody()) as { newRecoveryCodes?: unknown } | undefined;
        const recoveryCodes = body?.newRecoveryCodes === true ? await replaceRecoveryCodes(deps.db(), userId, now()) : undefined;
        logger.info('another authenticator app added', { userId, newRecoveryCodes: recoveryCodes !== undefined });
        await mail(userId, recoveryCodes ? 'authenticator-added-codes-replaced' : 'authenticator-added-codes-kept', undefined, context);
        return recoveryCodes ? { ...result, recoveryCodes } : result;
      }
      // Two-step is on: its recovery codes, shown once in this answer (should writing them fail, the app
      // stays on and /account offers to make codes), and every other session ends, as after a new
      // password: a session from before the step was asked for must not keep full access.
      const recoveryCodes = await replaceRecoveryCodes(deps.db(), userId, now());
      const ended = await endOtherSessions(userId, input.session.getHandle());
      logger.info('two-step verification turned on', { userId, sessionsEnded: ended });
      await mail(userId, 'two-step-on', undefined, context);
      return { ...result, recoveryCodes };
    },
    verifyTOTPPOST: async (input: Input<'verifyTOTPPOST'>) => {
      const address = await addressOf(input.options.req as SdkRequest);
      await countCodeCheck(deps.db(), input.session.getUserId(), address, now());
      const result = await original.verifyTOTPPOST!(input);
      if (result.status === 'OK') await rememberStepAddress(deps.db(), input.session.getUserId(), address, now());
      return result;
    },
    removeDevicePOST: async (input: Input<'removeDevicePOST'>) => {
      // A setup left half-way (a device never confirmed) may be dropped here; a working one only with the password.
      const { devices } = await input.options.recipeImplementation.listDevices({ userId: input.session.getUserId(), userContext: input.userContext });
      if (devices.some((d) => d.name === input.deviceName && d.verified)) return { status: 'GENERAL_ERROR', message: twoStepAnswerTexts.api.turnOffFromAccount };
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
