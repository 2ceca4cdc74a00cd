/**
 * Contact-form messages (docs/decisions.md#5: a visitor who presses Send expects it to arrive): stored one
 * item each, partitioned by the month received so the operator's list is a Query per month, never a
 * Scan. The sender's IP address is kept only as a peppered hash, enough to tell repeat senders apart.
 */
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { deleteKeys, queryAll } from '../lib/dynamo';
import { createHmac, randomUUID } from 'node:crypto';
import type { ContactMessageBody } from '../../shared/schemas/contact';
import { RETENTION } from '../../shared/marketing';
import { tableName } from '../../shared/tables';
import type { RateLimitRule } from '../lib/rate-limit';

/** The rule: five messages an hour from one address; the sixth is refused. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { scope: 'contact', limit: 5, windowSeconds: 60 * 60 };

/** How long a message is kept: a year answers any follow-up; the privacy page states it (shared/texts/contact.ts). */
export const CONTACT_RETENTION_DAYS = RETENTION.contactMessagesDays;

export interface StoredContactMessage extends ContactMessageBody {
  month: string;
  receivedKey: string;
  id: string;
  receivedAt: string;
  ipHash: string;
  /** The email, trimmed and lower-cased: the key of the `bySender` index (an account's export and deletion). */
  sender: string;
  /** Epoch seconds: the table's TTL removes the message then (absent on messages stored before retention). */
  expiresAt?: number;
}

/** HMAC-SHA256 with a secret pepper: an IPv4 space is small enough to reverse a plain hash by brute force. */
export function hashIp(ip: string, pepper: string): string {
  return createHmac('sha256', pepper).update(ip).digest('base64url');
}

export function senderOf(email: string): string {
  return email.trim().toLowerCase();
}

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export async function storeContactMessage(
  db: DynamoDBDocumentClient,
  body: ContactMessageBody,
  meta: { ipHash: string; now?: Date },
): Promise<StoredContactMessage> {
  const now = meta.now ?? new Date();
  const id = randomUUID();
  const receivedAt = now.toISOString();
  const item: StoredContactMessage = {
    month: monthOf(now),
    receivedKey: `${receivedAt}#${id}`,
    id,
    receivedAt,
    name: body.name,
    email: body.email,
    message: body.message,
    ipHash: meta.ipHash,
    sender: senderOf(body.email),
    expiresAt: Math.floor(now.getTime() / 1000) + CONTACT_RETENTION_DAYS * 24 * 60 * 60,
  };
  await db.send(new PutCommand({ TableName: tableName('contactMessages'), Item: item }));
  return item;
}

/** The months from `since` ('2026-01') to the month of `now`, newest first. */
export function monthsBack(since: string, now: Date): string[] {
  const months: string[] = [];
  const cursor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  while (monthOf(cursor) >= since) {
    months.push(monthOf(cursor));
    cursor.setUTCMonth(cursor.getUTCMonth() - 1);
  }
  return months;
}

/** Newest first, at most `limit`, received in or after the month `since`. */
export async function listContactMessages(
  db: DynamoDBDocumentClient,
  options: { since: string; limit: number; now?: Date },
): Promise<StoredContactMessage[]> {
  const found: StoredContactMessage[] = [];
  for (const month of monthsBack(options.since, options.now ?? new Date())) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName('contactMessages'),
          KeyConditionExpression: '#month = :m',
          ExpressionAttributeNames: { '#month': 'month' },
          ExpressionAttributeValues: { ':m': month },
          ScanIndexForward: false,
          Limit: options.limit - found.length,
          ExclusiveStartKey: startKey,
        }),
      );
      found.push(...((out.Items ?? []) as StoredContactMessage[]));
      startKey = out.LastEvaluatedKey;
    } while (startKey && found.length < options.limit);
    if (found.length >= options.limit) break;
  }
  return found;
}

/** An address an account has proven, and since when (ISO time): only what it sent from then on is the account's. */
export interface ProvenAddress {
  email: string;
  since: string;
}

/**
 * Every message sent from the proven address (any case) since it was proven, oldest first, through
 * the `bySender` index. Anyone can type any address into the contact form: what was sent from it
 * before its owner proved it may be a stranger's, and is not the account's to read or erase. Messages
 * stored before the index existed carry no `sender`, and are not found.
 */
export async function contactMessagesFrom(db: DynamoDBDocumentClient, proven: ProvenAddress): Promise<StoredContactMessage[]> {
  return queryAll<StoredContactMessage>(db, {
    TableName: tableName('contactMessages'),
    IndexName: 'bySender',
    KeyConditionExpression: 'sender = :s AND receivedKey >= :since',
    ExpressionAttributeValues: { ':s': senderOf(proven.email), ':since': proven.since },
  });
}

/** Deletes every message sent from the proven address since it was proven (its account's deletion); safe to repeat. */
export async function deleteContactMessagesFrom(db: DynamoDBDocumentClient, proven: ProvenAddress): Promise<number> {
  const keys = (await contactMessagesFrom(db, proven)).map(({ month, receivedKey }) => ({ month, receivedKey }));
  await deleteKeys(db, tableName('contactMessages'), keys);
  return keys.length;
}
