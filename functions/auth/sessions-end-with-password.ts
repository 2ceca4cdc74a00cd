/**
 * A new password ends every session of the account, browser and desktop alike: whoever had the old
 * password (or a session made with it) is out. An override of the recipe function every password
 * change goes through (a reset by mail, a change from the account page), so no path that sets a
 * password can forget it.
 *
 * The one exception is asked for through userContext (`keepingSession`): the account page's change,
 * made by someone who has just shown the current password in that session, keeps that session so
 * the page stays signed in; every other session still ends.
 */
import Session from 'supertokens-node/recipe/session';
import type { RecipeInterface } from 'supertokens-node/recipe/emailpassword';
import { logger } from '../lib/logger';

type UpdateEmailOrPassword = RecipeInterface['updateEmailOrPassword'];

const KEEP_SESSION_HANDLE = 'voxpenKeepSessionHandle';

/** The userContext of a password change that keeps the session `sessionHandle`. */
export function keepingSession(sessionHandle: string): Record<string, unknown> {
  return { [KEEP_SESSION_HANDLE]: sessionHandle };
}

export function endSessionsOnNewPassword(original: UpdateEmailOrPassword): UpdateEmailOrPassword {
  return async (input) => {
    const result = await original(input);
    if (result.status !== 'OK' || input.password === undefined) return result;
    const userId = input.recipeUserId.getAsString();
    const keep = input.userContext[KEEP_SESSION_HANDLE];
    if (typeof keep !== 'string') {
      const revoked = await Session.revokeAllSessionsForUser(userId, true, undefined, input.userContext);
      logger.info('password changed: every session ended', { sessions: revoked.length });
      return result;
    }
    const others = (await Session.getAllSessionHandlesForUser(userId, true, undefined, input.userContext)).filter((handle) => handle !== keep);
    const revoked = await Session.revokeMultipleSessions(others, input.userContext);
    logger.info('password changed: every other session ended', { sessions: revoked.length });
    return result;
  };
}
