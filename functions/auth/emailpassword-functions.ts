/**
 * The EmailPassword recipe functions with the product's rules in them (`override.functions`): a new
 * password ends every session, and a password check is marked so sign-in can refuse in equal time.
 */
import type { RecipeInterface } from 'supertokens-node/recipe/emailpassword';
import { markPasswordChecks } from './equal-time-sign-in';
import { endSessionsOnNewPassword } from './sessions-end-with-password';

export function emailPasswordFunctions(original: RecipeInterface): RecipeInterface {
  return {
    ...original,
    updateEmailOrPassword: endSessionsOnNewPassword(original.updateEmailOrPassword.bind(original)),
    verifyCredentials: markPasswordChecks(original.verifyCredentials.bind(original)),
  };
}
