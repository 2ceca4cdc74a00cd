/**
 * A new Google account gets its product record at once, with the name Google gave (`override.apis`
 * of ThirdParty): the provider's answer, and so the name, is at hand only while signing in. An address
 * Google says it verified is recorded as proven.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIInterface } from 'supertokens-node/recipe/thirdparty';
import { logger } from '../lib/logger';
import { ensureUserRecord, recordProvenEmail } from '../accounts/user-record';

type RawUserInfo = { fromIdTokenPayload?: Record<string, unknown>; fromUserInfoAPI?: Record<string, unknown> };

function nameFrom(raw: RawUserInfo): string | undefined {
  const name = raw.fromIdTokenPayload?.name ?? raw.fromUserInfoAPI?.name;
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : undefined;
}

export function recordNewGoogleAccounts(original: APIInterface, deps: { db: () => DynamoDBDocumentClient }): APIInterface {
  return {
    ...original,
    signInUpPOST:
      original.signInUpPOST &&
      (async (input) => {
        const result = await original.signInUpPOST!(input);
        if (result.status === 'OK' && result.createdNewRecipeUser && result.user.emails[0]) {
          await ensureUserRecord(deps.db(), { userId: result.user.id, email: result.user.emails[0], name: nameFrom(result.rawUserInfoFromProvider) }, new Date());
          logger.info('account created', { method: 'google' });
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
