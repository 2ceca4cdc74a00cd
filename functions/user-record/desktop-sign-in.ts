/** The first time the desktop app signed in to the account: what the dashboard's first-run checklist ticks on. */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';

/**
 * Marks the account's first desktop sign-in (`firstDesktopSignInAt`, ISO), once: a later one keeps
 * the first time, so the write is safe to repeat. Nothing is written for an account without a record.
 */
export async function recordDesktopSignIn(db: DynamoDBDocumentClient, userId: string, now: Date): Promise<void> {
  await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'SET firstDesktopSignInAt = if_not_exists(firstDesktopSignInAt, :now)',
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    ),
  );
}
