/**
 * A new password ends every session of the account, browser and desktop alike: whoever had the old
 * password (or a session made with it) is out. An override of the recipe function every password
 * change goes through (a reset by mail now, a change from the account page later), so no path that
 * sets a password can forget it.
 */
import Session from 'supertokens-node/recipe/session';
import type { RecipeInterface } from 'supertokens-node/recipe/emailpassword';
import { logger } from '../lib/logger';

type UpdateEmailOrPassword = RecipeInterface['updateEmailOrPassword'];

export function endSessionsOnNewPassword(original: UpdateEmailOrPassword): UpdateEmailOrPassword {
  return async (input) => {
    const result = await original(input);
    if (result.status === 'OK' && input.password !== undefined) {
      const revoked = await Session.revokeAllSessionsForUser(input.recipeUserId.getAsString(), true, undefined, input.userContext);
      logger.info('password changed: every session ended', { sessions: revoked.length });
    }
    return result;
  };
}
