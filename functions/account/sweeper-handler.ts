/**
 * The sweeper's Lambda, invoked by its EventBridge schedule (infra/stack.ts): ./sweeper.ts, deletions
 * and email changes. It looks for stalled jobs first (./stalled-jobs.ts, two Queries) and loads the
 * jobs and what they call (./sweep-stalled.ts: the core's, Stripe's and SES's clients) only when it
 * finds one: most sweeps find none, and such a sweep's cold start is the DynamoDB client's alone.
 */
import { documentClient } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { stalledJobs } from './stalled-jobs';

export async function handler(): Promise<{ finished: number; failed: number }> {
  const db = documentClient();
  const found = await stalledJobs(db, Date.now());
  if (found.deletions.length === 0 && found.emailChanges.length === 0) {
    logger.info('sweep done: nothing stalled');
    return { finished: 0, failed: 0 };
  }
  const { sweepStalled } = await import('./sweep-stalled');
  const { deletions, emailChanges } = await sweepStalled(db, found);
  logger.info('sweep done', { finished: deletions.finished.length, failed: deletions.failed.length, emailChangesFinished: emailChanges.finished.length, emailChangesFailed: emailChanges.failed.length });
  return { finished: deletions.finished.length + emailChanges.finished.length, failed: deletions.failed.length + emailChanges.failed.length };
}
