/**
 * SuperTokens' EmailVerification recipe as the product uses it: REQUIRED, so a session whose address
 * is not proven passes only the verification APIs and sign-out (the SDK's 403 `invalid claim`, claim
 * `st-ev`, everywhere else: functions/lib/session.ts answers the same for the Lambdas without the SDK).
 * Google vouches for its own addresses (`email_verified`), so its accounts start verified; an
 * email-password account gets its link at sign-up and may ask again a few times an hour.
 */
import EmailVerification from 'supertokens-node/recipe/emailverification';
import type { APIInterface, RecipeInterface } from 'supertokens-node/recipe/emailverification';
import type { TypeInput as EmailVerificationInput } from 'supertokens-node/recipe/emailverification/types';
import { verifyTexts } from '../../shared/texts/verify';
import { HttpError } from '../lib/http-error';
import { logger } from '../lib/logger';
import type { Mail } from '../lib/mail';
import { hit } from '../lib/rate-limit';
import type { LimitDeps } from './auth-limits';
import { VERIFY_RESEND_RULE } from './verification-limits';
import { verificationMail, verificationPageLink } from './verification-mail';

export interface VerificationDeps extends Omit<LimitDeps, 'address'> {
  send: (mail: Mail) => Promise<void>;
  /** Runs once a token has proven an address, before the answer (the account's email change finishes here). */
  onVerified?: (proven: { recipeUserId: string; email: string }) => Promise<void>;
}

function limitedResend(original: APIInterface, deps: VerificationDeps): APIInterface {
  const now = deps.now ?? Date.now;
  const generate = original.generateEmailVerifyTokenPOST;
  return {
    ...original,
    generateEmailVerifyTokenPOST:
      generate &&
      (async (input) => {
        const decision = await hit(deps.db(), VERIFY_RESEND_RULE, input.session.getRecipeUserId().getAsString(), now());
        if (!decision.allowed) {
          logger.warn('verification link not sent: too many asked for one account this hour', { limit: VERIFY_RESEND_RULE.scope });
          throw new HttpError(429, verifyTexts.api.resendLimited(Math.ceil(decision.retryAfterSeconds / 60)), undefined, { 'retry-after': String(decision.retryAfterSeconds) });
        }
        return generate.call(original, input);
      }),
  };
}

function finishingVerification(original: RecipeInterface, deps: VerificationDeps): RecipeInterface {
  return {
    ...original,
    verifyEmailUsingToken: async (input) => {
      const result = await original.verifyEmailUsingToken(input);
      if (result.status === 'OK' && deps.onVerified) await deps.onVerified({ recipeUserId: result.user.recipeUserId.getAsString(), email: result.user.email });
      return result;
    },
  };
}

export function emailVerificationConfig(deps: VerificationDeps): EmailVerificationInput {
  return {
    mode: 'REQUIRED',
    emailDelivery: {
      service: {
        sendEmail: async (input) => deps.send(verificationMail(input.user.email, verificationPageLink(input.emailVerifyLink), 'sign-up')),
      },
    },
    override: {
      apis: (original) => limitedResend(original, deps),
      functions: (original) => finishingVerification(original, deps),
    },
  };
}

export function emailVerificationRecipe(deps: VerificationDeps) {
  return EmailVerification.init(emailVerificationConfig(deps));
}

type SignUpPOST = NonNullable<import('supertokens-node/recipe/emailpassword').APIInterface['signUpPOST']>;

/** A new email-password account gets its link at once: its session can do nothing else until it is used. */
export function sendVerificationAfterSignUp(signUp: SignUpPOST): SignUpPOST {
  return async (input) => {
    const result = await signUp(input);
    if (result.status === 'OK') {
      const login = result.user.loginMethods.find((m) => m.recipeId === 'emailpassword');
      if (login?.email) await EmailVerification.sendEmailVerificationEmail(input.tenantId, result.user.id, login.recipeUserId, login.email, input.userContext);
    }
    return result;
  };
}
