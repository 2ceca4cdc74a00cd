/**
 * Which Stripe events have been handled. An event is recorded after it is applied: a replay or a
 * redelivery of a recorded event is answered without work, and an event whose handling died midway
 * is not recorded, so Stripe's retry applies it. Applying twice is harmless (subscription-events.ts
 * stores Stripe's current state), which is what makes recording after, not claiming before, safe.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';

/** Stripe retries for up to three days; ids are kept well beyond that, then expire. */
export const PROCESSED_EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

export async function wasProcessed(db: DynamoDBDocumentClient, eventId: string, now: Date): Promise<boolean> {
  const out = await db.send(new GetCommand({ TableName: tableName('processedEvents'), Key: { eventId }, ConsistentRead: true }));
  // TTL deletes lazily: an expired record counts as gone.
  return out.Item !== undefined && (out.Item.expiresAt as number) > now.getTime() / 1000;
}

export async function recordProcessed(db: DynamoDBDocumentClient, eventId: string, type: string, now: Date): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  await db.send(
    new PutCommand({
      TableName: tableName('processedEvents'),
      Item: { eventId, type, processedAt: now.toISOString(), expiresAt: nowSeconds + PROCESSED_EVENT_TTL_SECONDS },
    }),
  );
}
