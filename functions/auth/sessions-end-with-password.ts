/**
 * A new password ends every session of the account, browser and desktop alike: whoever had the old
 * password (or a session made with it) is out. The rule is `endSessionsForNewPassword`, applied by
 * both ways a password is set: the account page's change, which sets it through the core's HTTP API
 * (functions/account/core.ts), and a reset by mail, which the SDK sets through the recipe function
 * overridden here (`endSessionsOnNewPassword`), so no path that sets a password can forget it.
 *
 * The one exception is the account page's change, made by someone who has just shown the current
 * password in that session: it keeps that session so the page stays signed in; every other session
 * still ends.
 */
import type { RecipeInterface } from 'supertokens-node/recipe/emailpassword';
import { coreConnection, type CoreConnection } from '../lib/core-api';
import { endAllSessionsInCore, endSessionsInCore, sessionHandlesInCore } from '../lib/core-session';
import { logger } from '../lib/logger';

type UpdateEmailOrPassword = RecipeInterface['updateEmailOrPassword'];

/** Ends every session of the login's account but `keepSessionHandle`, once its password has been set. The number ended. */
export async function endSessionsForNewPassword(core: CoreConnection, recipeUserId: string, keepSessionHandle?: string): Promise<number> {
  if (keepSessionHandle === undefined) {
    const ended = await endAllSessionsInCore(core, recipeUserId);
    logger.info('password changed: every session ended', { sessions: ended.length });
    return ended.length;
  }
  const others = (await sessionHandlesInCore(core, recipeUserId)).filter((handle) => handle !== keepSessionHandle);
  const ended = await endSessionsInCore(core, others);
  logger.info('password changed: every other session ended', { sessions: ended.length });
  return ended.length;
}

/** The EmailPassword recipe function every SDK path that sets a password goes through (a reset by mail). */
export function endSessionsOnNewPassword(original: UpdateEmailOrPassword): UpdateEmailOrPassword {
  return async (input) => {
    const result = await original(input);
    if (result.status === 'OK' && input.password !== undefined) await endSessionsForNewPassword(await coreConnection(), input.recipeUserId.getAsString());
    return result;
  };
}
