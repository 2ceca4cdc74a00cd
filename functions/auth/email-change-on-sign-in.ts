/**
 * Every new session (a sign-in by any method, a desktop exchange) first finishes an email change its
 * account left part way (./email-change-job.ts): one read of the users item, and the job only when
 * it is marked. So the session carries the new address, and the person sees the change done at once
 * instead of after the sweeper's next run. A step still failing leaves the mark for the sweeper and
 * does not stop the sign-in.
 */
import type { RecipeInterface } from 'supertokens-node/recipe/session';
import { logger } from '../lib/logger';
import { pendingEmailChange, runEmailChange, type EmailChangeDeps } from './email-change-job';

export function emailChangesFinishedInNewSessions(original: RecipeInterface, deps: () => EmailChangeDeps): RecipeInterface {
  return {
    ...original,
    createNewSession: async (input) => {
      try {
        const job = deps();
        const mark = await pendingEmailChange(job.db, input.userId);
        if (mark && (await runEmailChange(job, mark))) logger.info('email change finished at sign-in');
      } catch (error) {
        logger.warn('email change still unfinished at sign-in; the sweeper finishes it', { error: { name: (error as Error).name, message: (error as Error).message } });
      }
      return original.createNewSession(input);
    },
  };
}
