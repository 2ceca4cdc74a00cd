/**
 * The EmailPassword recipe functions with the product's rules in them (`override.functions`): a new
 * password ends every session, a password check is marked so sign-in can refuse in equal time, and
 * the reset links the core makes and spends are recorded so the reset page can check one (./reset-links.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RecipeInterface } from 'supertokens-node/recipe/emailpassword';
import { logger } from '../lib/logger';
import { markPasswordChecks } from './equal-time-sign-in';
import { markResetLinkUsed, recordResetLink } from './reset-links';
import { endSessionsOnNewPassword } from './sessions-end-with-password';

export function emailPasswordFunctions(original: RecipeInterface, deps: { db: () => DynamoDBDocumentClient }): RecipeInterface {
  return {
    ...original,
    updateEmailOrPassword: endSessionsOnNewPassword(original.updateEmailOrPassword.bind(original)),
    verifyCredentials: markPasswordChecks(original.verifyCredentials.bind(original)),
    createResetPasswordToken: async (input) => {
      const result = await original.createResetPasswordToken(input);
      // Recorded before the mail can go out: a link we sent is always one the check knows.
      if (result.status === 'OK') await recordResetLink(deps.db(), result.token, input.userId);
      return result;
    },
    consumePasswordResetToken: async (input) => {
      const result = await original.consumePasswordResetToken(input);
      // Only once the core has accepted it: the core, not this record, decides whether a link works.
      // The core has spent the token by now, so a failed mark must not fail the reset (the new
      // password is set after this): the record then says a used link works, and the core's refusal
      // of it says otherwise when it is tried.
      if (result.status === 'OK') {
        await markResetLinkUsed(deps.db(), input.token, result.userId).catch((error: unknown) =>
          logger.error('reset link not marked used; the check will call it valid until it expires', { error: { name: (error as Error).name, message: (error as Error).message } }),
        );
      }
      return result;
    },
  };
}
