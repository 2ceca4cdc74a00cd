/**
 * Finishes jobs that stopped part way: deletions (./deletion-job.ts) and email changes
 * (functions/auth/email-change-job.ts). Every account marked more than STALLED_AFTER_MS ago, found
 * with one Query of the users table's sparse `byDeletion` or `byEmailChange` index, has every step
 * run again. Run on a schedule (deployed: an EventBridge rule every few minutes; locally: a timer in
 * `npm start`'s supervisor). One account's failure does not stop the others.
 */
import { runEmailChange, type EmailChangeDeps } from '../auth';
import { stalledDeletions, stalledEmailChanges } from '../user-record';
import { logger } from '../lib/logger';
import { finishDeletion } from './deletion-job';
import type { AccountDeps } from './deps';

/** A deletion still marked after this long has stopped: the request that started it has long ended. */
export const STALLED_AFTER_MS = 3 * 60_000;

export interface Swept {
  finished: string[];
  failed: string[];
}

export async function sweepDeletions(deps: AccountDeps): Promise<Swept> {
  const swept: Swept = { finished: [], failed: [] };
  for (const mark of await stalledDeletions(deps.db, deps.now() - STALLED_AFTER_MS)) {
    try {
      await finishDeletion(deps, mark);
      swept.finished.push(mark.userId);
      logger.info('stalled account deletion finished', { userId: mark.userId });
    } catch (error) {
      swept.failed.push(mark.userId);
      logger.warn('stalled account deletion still failing; next sweep tries again', { userId: mark.userId, error: { name: (error as Error).name, message: (error as Error).message } });
    }
  }
  return swept;
}

/** Email changes marked more than STALLED_AFTER_MS ago and not finished: every step run again. */
export async function sweepEmailChanges(deps: EmailChangeDeps): Promise<Swept> {
  const swept: Swept = { finished: [], failed: [] };
  for (const mark of await stalledEmailChanges(deps.db, deps.now() - STALLED_AFTER_MS)) {
    try {
      // Not run to the end: its link is still unused (or the address was taken); nothing to report.
      if (!(await runEmailChange(deps, mark))) continue;
      swept.finished.push(mark.userId);
      logger.info('stalled email change finished', { userId: mark.userId });
    } catch (error) {
      swept.failed.push(mark.userId);
      logger.warn('stalled email change still failing; next sweep tries again', { userId: mark.userId, error: { name: (error as Error).name, message: (error as Error).message } });
    }
  }
  return swept;
}
