/**
 * The sweeper's Lambda, invoked by its EventBridge schedule (infra/stack.ts): ./sweeper.ts, deletions
 * and email changes. It looks for stalled jobs first (./stalled-jobs.ts, two Queries) and reads the
 * core's and Stripe's secrets and makes their clients only when it finds one: most sweeps find none.
 *
 * The jobs' code is imported statically: a dynamic import was measured (bench:lambda, two paired runs)
 * at 473.8 KB and 141–146 ms of CPU for an empty sweep's cold start, against 373.7 KB and 131–133 ms
 * statically, as esbuild keeps whole every module a CommonJS bundle's lazy part shares with the rest
 * (the DynamoDB client's among them) instead of tree-shaking it. Without the SDK there is no heavy
 * part left to defer.
 */
import { emailChangeDeps } from '../auth';
import { stripeClient } from '../billing';
import { documentClient } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { accountCore } from './core';
import { stalledJobs } from './stalled-jobs';
import { sweepDeletions, sweepEmailChanges } from './sweeper';

export async function handler(): Promise<{ finished: number; failed: number }> {
  const db = documentClient();
  const found = await stalledJobs(db, Date.now());
  if (found.deletions.length === 0 && found.emailChanges.length === 0) {
    logger.info('sweep done: nothing stalled');
    return { finished: 0, failed: 0 };
  }
  const deletions = await sweepDeletions({ db, core: await accountCore(), stripe: () => stripeClient(), now: Date.now }, found.deletions);
  const emailChanges = await sweepEmailChanges(emailChangeDeps(), found.emailChanges);
  logger.info('sweep done', { finished: deletions.finished.length, failed: deletions.failed.length, emailChangesFinished: emailChanges.finished.length, emailChangesFailed: emailChanges.failed.length });
  return { finished: deletions.finished.length + emailChanges.finished.length, failed: deletions.failed.length + emailChanges.failed.length };
}
