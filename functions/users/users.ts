/**
 * The product's own account records (spec §3: name, email, supertokensUserId), one item per
 * SuperTokens user. Every write is a single conditional or atomic operation on that item, so
 * repeated and concurrent calls lose nothing and duplicate nothing.
 */
import { ifConditionHolds, isConditionFailure } from '../lib/dynamo';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UserRecord } from '../../shared/api-types';
import { tableName } from '../../shared/tables';


export async function getUserRecord(db: DynamoDBDocumentClient, userId: string): Promise<UserRecord | undefined> {
  const out = await db.send(new GetCommand({ TableName: tableName('users'), Key: { userId }, ConsistentRead: true }));
  return out.Item as UserRecord | undefined;
}

/**
 * POST /api/users: creates the record, or on a repeat call changes nothing but the name (the email
 * and creation time stay those of the first call).
 */
export async function saveUserRecord(
  db: DynamoDBDocumentClient,
  input: { userId: string; email: string; name: string },
  now: Date,
): Promise<{ user: UserRecord; created: boolean }> {
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
  const before = out.Attributes as UserRecord | undefined;
  if (before) return { user: { ...before, name: input.name }, created: false };
  return { user: { userId: input.userId, email: input.email, name: input.name, createdAt, loginCount: 0 }, created: true };
}

/** Creates the record when there is none; an existing one is returned untouched. */
export async function ensureUserRecord(
  db: DynamoDBDocumentClient,
  input: { userId: string; email: string; name?: string },
  now: Date,
): Promise<{ user: UserRecord; created: boolean }> {
  const user: UserRecord = { userId: input.userId, email: input.email, createdAt: now.toISOString(), loginCount: 0, ...(input.name ? { name: input.name } : {}) };
  try {
    await db.send(new PutCommand({ TableName: tableName('users'), Item: user, ConditionExpression: 'attribute_not_exists(userId)' }));
    return { user, created: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const existing = await getUserRecord(db, input.userId);
  if (!existing) throw new Error('user record vanished between put and get');
  return { user: existing, created: false };
}

/** POST /api/track-login: last login time and the count in one atomic update; undefined when there is no record. */
export async function trackLogin(db: DynamoDBDocumentClient, userId: string, now: Date): Promise<UserRecord | undefined> {
  const out = await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'SET lastLoginAt = :now ADD loginCount :one',
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out?.Attributes as UserRecord | undefined;
}
