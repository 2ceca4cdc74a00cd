/**
 * What the product keeps about each passkey beside the core's credential: the name its owner gave
 * it, when it was added and when it last signed in (the core keeps neither). On the account's record,
 * under `passkeys`, by credential id; each write is one conditional update that needs the record.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';
import { getAccount, type PasskeyLabel } from './account';

export type { PasskeyLabel };

const update = (db: DynamoDBDocumentClient, userId: string, expression: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>) =>
  ifConditionHolds(db.send(new UpdateCommand({ TableName: tableName('users'), Key: { userId }, ...expression })));

/** Names a newly added passkey; false when the account has no record. Repeating it renames and keeps the first time added. */
export async function labelPasskey(db: DynamoDBDocumentClient, userId: string, credentialId: string, name: string, now: Date): Promise<boolean> {
  const hasMap = await update(db, userId, {
    UpdateExpression: 'SET passkeys = if_not_exists(passkeys, :empty)',
    ConditionExpression: 'attribute_exists(userId)',
    ExpressionAttributeValues: { ':empty': {} },
  });
  if (!hasMap) return false;
  const written = await update(db, userId, {
    UpdateExpression: 'SET passkeys.#id = :label',
    ConditionExpression: 'attribute_exists(userId)',
    ExpressionAttributeNames: { '#id': credentialId },
    ExpressionAttributeValues: { ':label': { name, addedAt: now.toISOString() } },
  });
  return written !== undefined;
}

/** Records a sign-in with the passkey; a passkey without a label (added elsewhere) is left as it is. */
export async function markPasskeyUsed(db: DynamoDBDocumentClient, userId: string, credentialId: string, now: Date): Promise<void> {
  await update(db, userId, {
    UpdateExpression: 'SET passkeys.#id.lastUsedAt = :now',
    ConditionExpression: 'attribute_exists(passkeys.#id)',
    ExpressionAttributeNames: { '#id': credentialId },
    ExpressionAttributeValues: { ':now': now.toISOString() },
  });
}

/** Drops the passkey's label; safe to repeat. */
export async function forgetPasskey(db: DynamoDBDocumentClient, userId: string, credentialId: string): Promise<void> {
  await update(db, userId, {
    UpdateExpression: 'REMOVE passkeys.#id',
    ConditionExpression: 'attribute_exists(passkeys)',
    ExpressionAttributeNames: { '#id': credentialId },
  });
}

export async function passkeyLabels(db: DynamoDBDocumentClient, userId: string): Promise<Record<string, PasskeyLabel>> {
  return (await getAccount(db, userId))?.passkeys ?? {};
}
