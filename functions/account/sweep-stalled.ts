/**
 * The sweeper's work once it has found stalled jobs (./stalled-jobs.ts): ./sweeper.ts run with this
 * Lambda's dependencies (the core, Stripe, SES). Imported by ./sweeper-handler.ts only when a sweep
 * finds work, so a sweep that finds none loads none of them.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { emailChangeDeps } from '../auth';
import { stripeClient } from '../billing';
import { accountCore } from './core';
import type { StalledJobs } from './stalled-jobs';
import { sweepDeletions, sweepEmailChanges, type Swept } from './sweeper';

export async function sweepStalled(db: DynamoDBDocumentClient, found: StalledJobs): Promise<{ deletions: Swept; emailChanges: Swept }> {
  const deletions = await sweepDeletions({ db, core: await accountCore(), stripe: () => stripeClient(), now: Date.now }, found.deletions);
  const emailChanges = await sweepEmailChanges(emailChangeDeps(), found.emailChanges);
  return { deletions, emailChanges };
}
