/** The account page's own changes to the record: its name (PATCH /api/account). */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';
import type { Account } from './account';

export type RenameOutcome = { status: 'OK'; account: Account } | { status: 'UNKNOWN_USER' };

/** One conditional update: a record that does not exist is not made by a rename. */
export async function renameAccount(db: DynamoDBDocumentClient, userId: string, name: string): Promise<RenameOutcome> {
  const out = await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'SET #name = :name',
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out ? { status: 'OK', account: out.Attributes as Account } : { status: 'UNKNOWN_USER' };
}
