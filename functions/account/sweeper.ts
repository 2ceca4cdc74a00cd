/**
 * Finishes jobs that stopped part way: deletions (./deletion-job.ts) and email changes
 * (functions/auth/email-change-job.ts). Every account marked more than STALLED_AFTER_MS ago
 * (./stalled-jobs.ts) has every step run again. Run on a schedule (deployed: an EventBridge rule
 * every few minutes; locally: a timer in `npm start`'s supervisor). One account's failure does not
 * stop the others.
 */
import { runEmailChange, type EmailChangeDeps } from '../auth';
import { stalledDeletions, stalledEmailChanges, type DeletionMark, type EmailChangeMark } from '../user-record';
import { logger } from '../lib/logger';
import { finishDeletion } from './deletion-job';
import type { AccountDeps } from './deps';
import { STALLED_AFTER_MS } from './stalled-jobs';

export interface Swept {
  finished: string[];
  failed: string[];
}

/** Deletions marked more than STALLED_AFTER_MS ago (or the `marks` already found): every step run again. */
export async function sweepDeletions(deps: AccountDeps, marks?: DeletionMark[]): Promise<Swept> {
  const swept: Swept = { finished: [], failed: [] };
  for (const mark of marks ?? (await stalledDeletions(deps.db, deps.now() - STALLED_AFTER_MS))) {
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

/** Email changes marked more than STALLED_AFTER_MS ago and not finished (or the `marks` already found): every step run again. */
export async function sweepEmailChanges(deps: EmailChangeDeps, marks?: EmailChangeMark[]): Promise<Swept> {
  const swept: Swept = { finished: [], failed: [] };
  for (const mark of marks ?? (await stalledEmailChanges(deps.db, deps.now() - STALLED_AFTER_MS))) {
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
