/**
 * The other Lambdas check tokens without the SDK (functions/lib/session.ts); the account's email
 * rides in the signed token (`override.functions` of Session) so they need not ask the core who the
 * user is.
 */
import supertokens from 'supertokens-node';
import type { RecipeInterface } from 'supertokens-node/recipe/session';
import { EMAIL_CLAIM } from '../lib/access-token';

export function emailClaimInNewSessions(original: RecipeInterface): RecipeInterface {
  return {
    ...original,
    createNewSession: async (input) => {
      const user = await supertokens.getUser(input.userId, input.userContext);
      const email = user?.emails[0]?.toLowerCase();
      return original.createNewSession({ ...input, accessTokenPayload: { ...input.accessTokenPayload, ...(email ? { [EMAIL_CLAIM]: email } : {}) } });
    },
  };
}
