/** The sweeper's Lambda, invoked by its EventBridge schedule (infra/stack.ts): ./sweeper.ts, deletions and email changes. */
import { emailChangeDeps } from '../auth';
import { stripeClient } from '../billing';
import { documentClient } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { supertokensCore } from './core';
import { sweepDeletions, sweepEmailChanges } from './sweeper';

export async function handler(): Promise<{ finished: number; failed: number }> {
  const swept = await sweepDeletions({ db: documentClient(), core: await supertokensCore(), stripe: () => stripeClient(), now: Date.now });
  // supertokensCore above has initialised the SDK the email change job calls.
  const changes = await sweepEmailChanges(emailChangeDeps());
  logger.info('sweep done', { finished: swept.finished.length, failed: swept.failed.length, emailChangesFinished: changes.finished.length, emailChangesFailed: changes.failed.length });
  return { finished: swept.finished.length + changes.finished.length, failed: swept.failed.length + changes.failed.length };
}
