/**
 * Desktop sign-in codes (docs/decisions.md#4): the browser's session is handed to the desktop app as a
 * random code in the loopback redirect, good once and for a minute, and only to the holder of the PKCE
 * verifier whose S256 challenge came with the sign-in (RFC 7636). Only the code's SHA-256 is stored,
 * so the table (or a log of it) cannot be replayed; using a code deletes it in the same conditional
 * write that checks it, so two exchanges of one code cannot both succeed, and one with the wrong
 * verifier spends it (an intercepted code gets one guess, not many).
 */
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { tableName } from '../../shared/tables';
import { deleteKeys, ifConditionHolds, queryAll } from '../lib/dynamo';
import { recoveryItemKey } from './recovery-codes';
import { resetAccountKey } from './reset-links';

export const HANDOFF_CODE_TTL_SECONDS = 60;

/** Whose session a code hands over: the browser session's user, the login method it used, and the session itself. */
export interface HandoffOwner {
  userId: string;
  recipeUserId: string;
  sessionHandle: string;
}

/** What a new code is bound to: its owner, and the S256 challenge of the verifier the exchange must show. */
export interface HandoffGrant extends HandoffOwner {
  codeChallenge: string;
}

interface HandoffItem extends HandoffGrant {
  codeHash: string;
  codeChallengeMethod: 'S256';
  /** Epoch seconds: the table's TTL attribute, and the limit the exchange checks. */
  expiresAt: number;
}

export type HandoffRedemption = { ok: true; owner: HandoffOwner } | { ok: false; reason: 'unknown' | 'verifierMismatch' };

function sha256Base64url(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function hashHandoffCode(code: string): string {
  return sha256Base64url(code);
}

/** RFC 7636 §4.6: the S256 challenge of a verifier, BASE64URL(SHA256(code_verifier)) without padding. */
export function s256Challenge(codeVerifier: string): string {
  return sha256Base64url(codeVerifier);
}

function verifierMatches(codeVerifier: string, codeChallenge: unknown): boolean {
  if (typeof codeChallenge !== 'string') return false;
  const expected = Buffer.from(codeChallenge);
  const actual = Buffer.from(s256Challenge(codeVerifier));
  // Constant time: how far a guess matched must not show in how long the refusal took.
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Makes and stores a new code for `grant`; the caller puts it in the redirect and nowhere else. */
export async function issueHandoffCode(db: DynamoDBDocumentClient, grant: HandoffGrant, nowMs = Date.now()): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const item: HandoffItem = {
    codeHash: hashHandoffCode(code),
    ...grant,
    codeChallengeMethod: 'S256',
    expiresAt: Math.floor(nowMs / 1000) + HANDOFF_CODE_TTL_SECONDS,
  };
  // 256 random bits do not collide; the condition only makes sure a code never replaces another's owner.
  await db.send(new PutCommand({ TableName: tableName('handoffCodes'), Item: item, ConditionExpression: 'attribute_not_exists(codeHash)' }));
  return code;
}

/**
 * Uses up `code`: its owner when it was issued, unused, unexpired and `codeVerifier` is the one its
 * challenge was made from. An unknown, used or expired code changes nothing; a known one is spent
 * whatever the verifier.
 */
export async function redeemHandoffCode(db: DynamoDBDocumentClient, code: string, codeVerifier: string, nowMs = Date.now()): Promise<HandoffRedemption> {
  const out = await ifConditionHolds(
    db.send(
      new DeleteCommand({
        TableName: tableName('handoffCodes'),
        Key: { codeHash: hashHandoffCode(code) },
        // DynamoDB's TTL deletes lazily (hours late): the expiry is checked here, not left to it.
        ConditionExpression: 'attribute_exists(codeHash) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': Math.floor(nowMs / 1000) },
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  const item = out?.Attributes as HandoffItem | undefined;
  if (!item) return { ok: false, reason: 'unknown' };
  // Compared after the delete, so a wrong guess has used the code up.
  if (item.codeChallengeMethod !== 'S256' || !verifierMatches(codeVerifier, item.codeChallenge)) return { ok: false, reason: 'verifierMismatch' };
  return { ok: true, owner: { userId: item.userId, recipeUserId: item.recipeUserId, sessionHandle: item.sessionHandle } };
}

/**
 * Deletes every item of the account in the table (its deletion): the codes its sessions were handed,
 * used or not, its reset-link records (./reset-links.ts) and its recovery codes (./recovery-codes.ts).
 * No Scan: the account's long-lived items have keys made from its id and are deleted by key; the
 * short-lived ones (hand-off codes, reset links, keyed by a hash of their secret) are found with one
 * Query of the `byUser` index, which holds only what the account has. The index is
 * eventually consistent: a code issued in the second before the deletion may be missed, and it is
 * useless (its user is gone, and it expires within the minute).
 */
export async function deleteHandoffCodesOf(db: DynamoDBDocumentClient, userId: string): Promise<number> {
  const TableName = tableName('handoffCodes');
  const found = await queryAll<{ codeHash: string }>(db, { TableName, IndexName: 'byUser', KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId }, ProjectionExpression: 'codeHash' });
  const keys = [...new Set([recoveryItemKey(userId), resetAccountKey(userId), ...found.map((k) => k.codeHash)])].map((codeHash) => ({ codeHash }));
  await deleteKeys(db, TableName, keys);
  return found.length;
}
