/**
 * Brute-force guard for email/password sign-in: after 10 failed sign-ins for one email within 15
 * minutes, further attempts are refused for the rest of that window. Every attempt counts before the
 * password is checked (one atomic ADD, so parallel guesses cannot slip past) and a success forgets
 * them. The answer is the same whether or not an account has that email.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIInterface } from 'supertokens-node/lib/build/recipe/emailpassword/types';
import { texts } from '../../shared/texts';
import { logger } from '../lib/logger';
import { hit, reset, type RateLimitRule } from '../lib/rate-limit';

export const SIGN_IN_RULE: RateLimitRule = { scope: 'signin', limit: 10, windowSeconds: 15 * 60 };

type SignInPOST = NonNullable<APIInterface['signInPOST']>;

function emailOf(formFields: { id: string; value: unknown }[]): string | undefined {
  const value = formFields.find((f) => f.id === 'email')?.value;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;
}

export function guardSignIn(original: SignInPOST, deps: { db: () => DynamoDBDocumentClient; now?: () => number }): SignInPOST {
  const now = deps.now ?? Date.now;
  return async (input) => {
    const email = emailOf(input.formFields);
    if (email) {
      const decision = await hit(deps.db(), SIGN_IN_RULE, email, now());
      if (!decision.allowed) {
        logger.warn('sign-in refused: too many attempts for one email', { retryAfterSeconds: decision.retryAfterSeconds });
        return { status: 'GENERAL_ERROR', message: texts.auth.tooManyAttempts(Math.ceil(decision.retryAfterSeconds / 60)) };
      }
    }
    const result = await original(input);
    if (result.status === 'OK' && email) await reset(deps.db(), SIGN_IN_RULE, email);
    return result;
  };
}
