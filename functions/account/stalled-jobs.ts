/**
 * What the sweeper (./sweeper.ts) looks for: deletions and email changes marked more than
 * STALLED_AFTER_MS ago, each found with one Query of the users table's sparse `byDeletion` or
 * `byEmailChange` index. The sweeper's Lambda asks this first, and asks the core and Stripe
 * nothing when it finds none (./sweeper-handler.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { stalledDeletions, stalledEmailChanges, type DeletionMark, type EmailChangeMark } from '../user-record';

/** A job still marked after this long has stopped: the request that started it has long ended. */
export const STALLED_AFTER_MS = 3 * 60_000;

export interface StalledJobs {
  deletions: DeletionMark[];
  emailChanges: EmailChangeMark[];
}

export async function stalledJobs(db: DynamoDBDocumentClient, now: number): Promise<StalledJobs> {
  const [deletions, emailChanges] = await Promise.all([stalledDeletions(db, now - STALLED_AFTER_MS), stalledEmailChanges(db, now - STALLED_AFTER_MS)]);
  return { deletions, emailChanges };
}
