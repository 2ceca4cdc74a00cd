/**
 * Which Stripe events have been handled. An event is claimed before it is applied (a conditional put
 * on its id), so a replay or a concurrent redelivery is answered without being applied twice; a
 * failed apply releases the claim so Stripe's retry can succeed.
 */
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { isConditionFailure } from '../lib/dynamo';

/** Stripe retries for up to three days; ids are kept well beyond that, then expire. */
export const PROCESSED_EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

export async function claimEvent(db: DynamoDBDocumentClient, eventId: string, type: string, now: Date): Promise<boolean> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    await db.send(
      new PutCommand({
        TableName: tableName('processedEvents'),
        Item: { eventId, type, processedAt: now.toISOString(), expiresAt: nowSeconds + PROCESSED_EVENT_TTL_SECONDS },
        // An expired claim is absent (TTL deletes lazily), so the id may be claimed again.
        ConditionExpression: 'attribute_not_exists(eventId) OR expiresAt <= :now',
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function releaseEvent(db: DynamoDBDocumentClient, eventId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName('processedEvents'), Key: { eventId } }));
}
