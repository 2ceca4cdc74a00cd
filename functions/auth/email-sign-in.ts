/**
 * An email-password sign-in makes the product record again when it is missing (a sign-up whose
 * record write failed after the core made the user, a record lost): every page and the desktop app
 * can then count on the record from the first request of the session, with the proven address the
 * core knows. The name typed at sign-up is not known here; the person can set it on the account page.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIInterface } from 'supertokens-node/recipe/emailpassword';
import { recordProvenEmail, repairUserRecord } from '../user-record';
import { logger } from '../lib/logger';

type SignInPOST = NonNullable<APIInterface['signInPOST']>;

export function repairRecordOnSignIn(signIn: SignInPOST, deps: { db: () => DynamoDBDocumentClient }): SignInPOST {
  return async (input) => {
    const result = await signIn(input);
    if (result.status === 'OK' && result.user.emails[0]) {
      const { repaired } = await repairUserRecord(deps.db(), { userId: result.user.id, email: result.user.emails[0] }, new Date());
      if (repaired) {
        logger.warn('user record repaired at sign-in', { method: 'email' });
        // The core still knows the address was proven; the record made again says so (from now: the first time went with the lost record).
        const login = result.user.loginMethods.find((m) => m.recipeId === 'emailpassword');
        if (login?.verified && login.email) await recordProvenEmail(deps.db(), result.user.id, login.email, new Date());
      }
    }
    return result;
  };
}
