/** The end of the record: deleting an account (DELETE /api/account) removes its item, the last of its data. */
import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';

/** Safe to repeat: deleting an item that is gone changes nothing. */
export async function deleteAccountRecord(db: DynamoDBDocumentClient, userId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName('users'), Key: { userId } }));
}
