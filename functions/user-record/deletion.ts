/**
 * An account's deletion, as the users item records it. `DELETE /api/account` first marks the item
 * (`deletingSince`, with the emails and address its erasure needs once the core user is gone) in one
 * conditional write; from then on nothing new starts for the account (checkout, portal, the desktop
 * hand-off refuse it), and the item is removed last, when everything else is gone. A mark older than
 * a few minutes is a deletion that stopped part way: the sweeper (functions/account/sweeper.ts) finds
 * it through the sparse `byDeletion` index (only marked items carry `deletionQueue`) and finishes it.
 */
import { DeleteCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { queryAll } from '../lib/dynamo';
import type { DeletionState } from '../lib/policy';
import { getAccount } from './account';

/** The one value of `deletionQueue`: the sparse index's partition, holding every marked account. */
const PENDING = 'pending';

export interface DeletionMark {
  userId: string;
  /** Epoch ms the deletion started. */
  deletingSince: number;
  /** The account's emails, for erasing what is keyed by them after the core user is gone. */
  deletingEmails?: string[];
  /** The address the deletion was asked from (the sign-in limits' pair counter is keyed by it). */
  deletingAddress?: string;
}

export type MarkOutcome = { status: 'MARKED' | 'ALREADY_MARKED'; mark: DeletionMark };

/**
 * Marks the account as being deleted, making its item if it has none (an account whose record was
 * never written still has a core user and maybe a Stripe customer). A second request finds the first
 * mark and resumes it.
 */
export async function markDeleting(db: DynamoDBDocumentClient, userId: string, who: { emails: string[]; address: string }, now: number): Promise<MarkOutcome> {
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'SET deletingSince = :now, deletionQueue = :pending, deletingEmails = :emails, deletingAddress = :address',
        ConditionExpression: 'attribute_not_exists(deletingSince)',
        ExpressionAttributeValues: { ':now': now, ':pending': PENDING, ':emails': who.emails, ':address': who.address },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { status: 'MARKED', mark: out.Attributes as DeletionMark };
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    return { status: 'ALREADY_MARKED', mark: (await getAccount(db, userId)) as unknown as DeletionMark };
  }
}

/** One strongly consistent read of the mark alone: what every session route's `notDeleting` asks (functions/lib/policy.ts, given it by each Lambda). */
export async function deletionStateOf(db: DynamoDBDocumentClient, userId: string): Promise<DeletionState> {
  const out = await db.send(new GetCommand({ TableName: tableName('users'), Key: { userId }, ProjectionExpression: 'userId, deletingSince', ConsistentRead: true }));
  if (!out.Item) return 'MISSING';
  return out.Item.deletingSince === undefined ? 'PRESENT' : 'MARKED';
}

/** Whether the account's item says it is being deleted: nothing new may start for it. */
export function isDeleting(account: { deletingSince?: number } | undefined): boolean {
  return account?.deletingSince !== undefined;
}

/** Deletions started before `before` (epoch ms) and not finished: one Query of the sparse index, oldest first. */
export async function stalledDeletions(db: DynamoDBDocumentClient, before: number): Promise<DeletionMark[]> {
  return queryAll<DeletionMark>(db, {
    TableName: tableName('users'),
    IndexName: 'byDeletion',
    KeyConditionExpression: 'deletionQueue = :pending AND deletingSince < :before',
    ExpressionAttributeValues: { ':pending': PENDING, ':before': before },
  });
}

/** The end of the record, and of the deletion's mark: the last step. Safe to repeat. */
export async function deleteAccountRecord(db: DynamoDBDocumentClient, userId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName('users'), Key: { userId } }));
}
