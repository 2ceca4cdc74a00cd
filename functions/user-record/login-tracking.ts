/** POST /api/track-login's write: the last login time and the count, for an account that exists. */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';
import type { Account } from './account';

/** One atomic update, so concurrent logins all count; undefined when there is no record. */
export async function trackLogin(db: DynamoDBDocumentClient, userId: string, now: Date): Promise<Account | undefined> {
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
  return out?.Attributes as Account | undefined;
}
