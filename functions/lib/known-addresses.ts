/**
 * The addresses an email has signed in from, so the sign-in guard (./sign-in-guard.ts) can keep them
 * open when the email is under attack: past the email's ceiling of failures a new address is refused,
 * and the owner's own, where the right password was given before, is not.
 *
 * One item per email in the `rateLimits` table: `a`, a set of address tags (72 bits of the client
 * key's hash, as ./password-checks.ts tags emails), and `expiresAt`, KNOWN_FOR_SECONDS after the last
 * success that wrote it. A success from an address already in the set writes nothing unless the item
 * is a day old, so an everyday sign-in costs the read it shares with the ceiling's. The set is bounded:
 * past KNOWN_MAX tags it starts again from the address that just signed in.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { tableName } from '../../shared/tables';
import { rateLimitKey, reset, type RateLimitRule } from './rate-limit';

const KNOWN_FOR_SECONDS = 90 * 24 * 60 * 60;
const REFRESH_AFTER_SECONDS = 24 * 60 * 60;
export const KNOWN_MAX = 50;
/** Not a limit: the key scope (and the TTL) of the remembered addresses. */
export const KNOWN_ADDRESSES: RateLimitRule = { scope: 'signin-known', limit: KNOWN_MAX, windowSeconds: KNOWN_FOR_SECONDS };

const addressTag = (address: string) => createHash('sha256').update(address).digest('base64url').slice(0, 12);
const table = () => tableName('rateLimits');

export interface KnownAddress {
  /** The email has signed in from this address within KNOWN_FOR_SECONDS. */
  known: boolean;
  /** Remembered within the last day: a success need not write again. */
  fresh: boolean;
  /** Whether a new address joins the set (else the set starts again: none live, or KNOWN_MAX reached). */
  joins: boolean;
}

export async function knownAddress(db: DynamoDBDocumentClient, email: string, address: string, atMs: number): Promise<KnownAddress> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: { key: rateLimitKey(KNOWN_ADDRESSES, email) }, ConsistentRead: true }));
  const item = out.Item as { a?: Set<string>; expiresAt?: number } | undefined;
  const now = atMs / 1000;
  // TTL deletion is lazy: an expired item is read as absent.
  if (!item?.a || !item.expiresAt || item.expiresAt <= now) return { known: false, fresh: false, joins: false };
  const known = item.a.has(addressTag(address));
  return { known, fresh: known && item.expiresAt - now > KNOWN_FOR_SECONDS - REFRESH_AFTER_SECONDS, joins: item.a.size < KNOWN_MAX };
}

/**
 * A successful password check from this address: remembered for the email, in one write. Two
 * addresses remembered at once on a set that starts again may keep only one: the other is
 * remembered at its next success.
 */
export async function rememberAddress(db: DynamoDBDocumentClient, email: string, address: string, atMs: number, seen: KnownAddress): Promise<void> {
  const tag = new Set([addressTag(address)]);
  const end = Math.floor(atMs / 1000) + KNOWN_FOR_SECONDS;
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: { key: rateLimitKey(KNOWN_ADDRESSES, email) },
      UpdateExpression: seen.known || seen.joins ? 'ADD a :tag SET expiresAt = :end' : 'SET a = :tag, expiresAt = :end',
      ExpressionAttributeValues: { ':tag': tag, ':end': end },
    }),
  );
}

/** The email's remembered addresses, forgotten (its account deleted). */
export async function forgetKnownAddresses(db: DynamoDBDocumentClient, email: string): Promise<void> {
  await reset(db, KNOWN_ADDRESSES, email);
}
