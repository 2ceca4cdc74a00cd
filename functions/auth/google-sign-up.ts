/**
 * A Google account's product record, with the name Google gave (`override.apis` of ThirdParty): the
 * provider's answer, and so the name, is at hand only while signing in. Written at sign-up, and
 * repaired at every later sign-in: if the sign-up's write failed after the core made the user, the
 * retry is a sign-in (`createdNewRecipeUser: false`) and still ends with the record and its name.
 * An address Google says it verified is recorded as proven.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIInterface } from 'supertokens-node/recipe/thirdparty';
import { logger } from '../lib/logger';
import { recordProvenEmail, repairUserRecord } from '../user-record';

type RawUserInfo = { fromIdTokenPayload?: Record<string, unknown>; fromUserInfoAPI?: Record<string, unknown> };

function nameFrom(raw: RawUserInfo): string | undefined {
  const name = raw.fromIdTokenPayload?.name ?? raw.fromUserInfoAPI?.name;
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : undefined;
}

export function recordGoogleAccounts(original: APIInterface, deps: { db: () => DynamoDBDocumentClient }): APIInterface {
  return {
    ...original,
    signInUpPOST:
      original.signInUpPOST &&
      (async (input) => {
        const result = await original.signInUpPOST!(input);
        if (result.status === 'OK' && result.user.emails[0]) {
          const { repaired } = await repairUserRecord(deps.db(), { userId: result.user.id, email: result.user.emails[0], name: nameFrom(result.rawUserInfoFromProvider) }, new Date());
          if (result.createdNewRecipeUser) logger.info('account created', { method: 'google' });
          else if (repaired) logger.warn('user record repaired at sign-in', { method: 'google' });
        }
        // Google vouched for the address (email_verified): from now on what it sends is the account's.
        if (result.status === 'OK') {
          const login = result.user.loginMethods.find((m) => m.recipeId === 'thirdparty');
          if (login?.verified && login.email) await recordProvenEmail(deps.db(), result.user.id, login.email, new Date());
        }
        return result;
      }),
  };
}
