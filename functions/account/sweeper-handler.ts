/** The deletion sweeper's Lambda, invoked by its EventBridge schedule (infra/stack.ts): ./sweeper.ts. */
import { stripeClient } from '../billing';
import { documentClient } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { supertokensCore } from './core';
import { sweepDeletions } from './sweeper';

export async function handler(): Promise<{ finished: number; failed: number }> {
  const swept = await sweepDeletions({ db: documentClient(), core: await supertokensCore(), stripe: () => stripeClient(), now: Date.now });
  logger.info('deletion sweep done', { finished: swept.finished.length, failed: swept.failed.length });
  return { finished: swept.finished.length, failed: swept.failed.length };
}
