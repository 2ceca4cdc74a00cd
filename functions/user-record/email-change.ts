/**
 * An email change in progress, as the users item records it: the durable mark of the job
 * (functions/auth/email-change-job.ts). Written before the job's first step (the core's login
 * address), when the new address has been proven; removed by its last. While it stands, sign-in and
 * the sweeper (functions/account/sweeper.ts) finish the job from it: the sparse `byEmailChange` index
 * holds only marked items (only they carry `emailChangeQueue`), so the sweeper finds them with one
 * Query, as it finds deletions.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { ifConditionHolds, queryAll } from '../lib/dynamo';

/** The one value of `emailChangeQueue`: the sparse index's partition, holding every marked account. */
const PENDING = 'pending';

export interface EmailChangeMark {
  userId: string;
  /** The proven address the account is moving to (normalised). */
  emailChangeTo: string;
  /** The address it had, which the notice goes to. */
  emailChangeFrom: string;
  /** Epoch ms the mark was written. */
  emailChangeSince: number;
  /** Set once the notice to the old address has gone, so a resumed job does not send it again. */
  emailChangeNoticeSent?: boolean;
}

/**
 * Marks the account as moving from `from` to `to`. A mark for another address is replaced (the latest
 * proven address wins: every step makes things equal to it); a mark for the same one is kept as it
 * is (a resume). Refused (undefined) for an account without a record, or one being deleted, where
 * there is nothing to move.
 */
export async function markEmailChange(db: DynamoDBDocumentClient, userId: string, change: { from: string; to: string }, now: number): Promise<EmailChangeMark | undefined> {
  const out = await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression:
          'SET emailChangeQueue = :pending, emailChangeFrom = if_not_exists(emailChangeFrom, :from), emailChangeTo = :to, emailChangeSince = if_not_exists(emailChangeSince, :now)',
        ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(deletingSince) AND (attribute_not_exists(emailChangeTo) OR emailChangeTo = :to)',
        ExpressionAttributeValues: { ':pending': PENDING, ':from': change.from, ':to': change.to, ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (out) return out.Attributes as EmailChangeMark;
  // Another address's mark stands: this later proof replaces it, its notice still owed.
  const replaced = await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'SET emailChangeQueue = :pending, emailChangeTo = :to, emailChangeSince = :now REMOVE emailChangeNoticeSent',
        ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(deletingSince) AND attribute_exists(emailChangeTo)',
        ExpressionAttributeValues: { ':pending': PENDING, ':to': change.to, ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return replaced?.Attributes as EmailChangeMark | undefined;
}

/** The notice to the old address has gone: a resumed job skips it. */
export async function emailChangeNoticed(db: DynamoDBDocumentClient, userId: string, to: string): Promise<void> {
  await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'SET emailChangeNoticeSent = :yes',
        ConditionExpression: 'emailChangeTo = :to',
        ExpressionAttributeValues: { ':yes': true, ':to': to },
      }),
    ),
  );
}

/** The job's last step: the mark goes, if it is still the one for `to` (a later change's mark stays). Safe to repeat. */
export async function clearEmailChange(db: DynamoDBDocumentClient, userId: string, to: string): Promise<void> {
  await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'REMOVE emailChangeQueue, emailChangeFrom, emailChangeTo, emailChangeSince, emailChangeNoticeSent',
        ConditionExpression: 'emailChangeTo = :to',
        ExpressionAttributeValues: { ':to': to },
      }),
    ),
  );
}

/** Email changes marked before `before` (epoch ms) and not finished: one Query of the sparse index, oldest first. */
export async function stalledEmailChanges(db: DynamoDBDocumentClient, before: number): Promise<EmailChangeMark[]> {
  return queryAll<EmailChangeMark>(db, {
    TableName: tableName('users'),
    IndexName: 'byEmailChange',
    KeyConditionExpression: 'emailChangeQueue = :pending AND emailChangeSince < :before',
    ExpressionAttributeValues: { ':pending': PENDING, ':before': before },
  });
}

/** The mark on an account item, when it has one. */
export function emailChangeMarkOf(account: Partial<EmailChangeMark> & { userId: string }): EmailChangeMark | undefined {
  return account.emailChangeTo && account.emailChangeFrom && account.emailChangeSince !== undefined ? (account as EmailChangeMark) : undefined;
}
