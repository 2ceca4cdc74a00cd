/**
 * Creating the account's record (spec §3: name, email, supertokensUserId). Each write is a single
 * conditional or atomic operation on the item, so repeated and concurrent calls duplicate nothing.
 */
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { isConditionFailure } from '../lib/dynamo';
import { getAccount, type Account } from './account';

/**
 * POST /api/users: creates the record, or on a repeat call changes nothing but the name (the email
 * and creation time stay those of the first call).
 */
export async function saveUserRecord(
  db: DynamoDBDocumentClient,
  input: { userId: string; email: string; name: string },
  now: Date,
): Promise<{ user: Account; created: boolean }> {
  const createdAt = now.toISOString();
  const out = await db.send(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId: input.userId },
      UpdateExpression: 'SET #name = :name, email = if_not_exists(email, :email), createdAt = if_not_exists(createdAt, :now), loginCount = if_not_exists(loginCount, :zero)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': input.name, ':email': input.email, ':now': createdAt, ':zero': 0 },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const before = out.Attributes as Account | undefined;
  if (before) return { user: { ...before, name: input.name }, created: false };
  return { user: { userId: input.userId, email: input.email, name: input.name, createdAt, loginCount: 0 }, created: true };
}

/** Creates the record when there is none; an existing one is returned untouched. */
export async function ensureUserRecord(
  db: DynamoDBDocumentClient,
  input: { userId: string; email: string; name?: string },
  now: Date,
): Promise<{ user: Account; created: boolean }> {
  const user: Account = { userId: input.userId, email: input.email, createdAt: now.toISOString(), loginCount: 0, ...(input.name ? { name: input.name } : {}) };
  try {
    await db.send(new PutCommand({ TableName: tableName('users'), Item: user, ConditionExpression: 'attribute_not_exists(userId)' }));
    return { user, created: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const existing = await getAccount(db, input.userId);
  if (!existing) throw new Error('user record vanished between put and get');
  return { user: existing, created: false };
}

/**
 * At each sign-in: the record made again if it is missing (a sign-up whose write failed after the
 * core made the user, a record lost), and the provider's name filled in if it has none. Nothing else
 * changes: a name the person set stays theirs, and the email and creation time stay the first ones.
 * One atomic write, so a retried or concurrent sign-in duplicates nothing. `repaired` says the
 * record was missing.
 */
export async function repairUserRecord(
  db: DynamoDBDocumentClient,
  input: { userId: string; email: string; name?: string },
  now: Date,
): Promise<{ repaired: boolean }> {
  const out = await db.send(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId: input.userId },
      UpdateExpression: `SET email = if_not_exists(email, :email), createdAt = if_not_exists(createdAt, :now), loginCount = if_not_exists(loginCount, :zero)${input.name ? ', #name = if_not_exists(#name, :name)' : ''}`,
      ...(input.name ? { ExpressionAttributeNames: { '#name': 'name' } } : {}),
      ExpressionAttributeValues: { ':email': input.email, ':now': now.toISOString(), ':zero': 0, ...(input.name ? { ':name': input.name } : {}) },
      // The old values of what it set: none when there was no record.
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return { repaired: !out.Attributes };
}

export type EnsureAccountOutcome = { status: 'OK'; account: Account; created: boolean } | { status: 'UNKNOWN_USER' };

/**
 * The caller's account, its record made first if there is none (the dashboard's first visit, a
 * checkout straight after sign-up).
 */
export async function ensureAccount(db: DynamoDBDocumentClient, caller: { userId: string; email?: string }, now: Date): Promise<EnsureAccountOutcome> {
  const existing = await getAccount(db, caller.userId);
  if (existing) return { status: 'OK', account: existing, created: false };
  // A session from before the email claim existed cannot say whose record to make.
  if (!caller.email) return { status: 'UNKNOWN_USER' };
  const { user, created } = await ensureUserRecord(db, { userId: caller.userId, email: caller.email }, now);
  return { status: 'OK', account: user, created };
}

/**
 * The account proved `email` at `at` (its verification link used, Google's word, or a new address
 * confirmed): the record takes the address, and when it was proven. An address proven before keeps
 * its first time; an account without a record yet is left for ensureUserRecord. Safe to repeat.
 */
export async function recordProvenEmail(db: DynamoDBDocumentClient, userId: string, email: string, at: Date): Promise<void> {
  const address = email.trim().toLowerCase();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'SET email = :email, emailVerifiedAt = :at',
        ConditionExpression: 'attribute_exists(userId) AND (email <> :email OR attribute_not_exists(emailVerifiedAt))',
        ExpressionAttributeValues: { ':email': address, ':at': at.toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
