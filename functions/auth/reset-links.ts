/**
 * Our record of the password-reset links we sent, so the reset page can say at once whether a link
 * still works: neither the core nor supertokens-node can check a reset token without spending it.
 * The core stays the judge of the reset itself; this record only follows it, faithfully:
 *
 * - a token is recorded as the core makes it (by its SHA-256: the token itself is never stored), with
 *   the core's lifetime;
 * - when the core accepts a token, it is marked used, and so is every other link of that account sent
 *   before (the core spends them all with it), through one mark per account: its last reset.
 *
 * Unknown, used and expired links all read the same: not valid.
 */
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { PASSWORD_RESET_TOKEN_LIFETIME_SECONDS } from '../../shared/session-lifetime';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';

// The desktop handoff's table, whose partition key is named for its codes; these keys cannot meet them.
const linkKey = (token: string) => `reset#${createHash('sha256').update(token).digest('base64url')}`;
/** The account's last-reset item's key: known from the account, so its deletion removes it by key. */
export const resetAccountKey = (userId: string) => `reset-user#${userId}`;
const accountKey = resetAccountKey;

interface ResetLinkItem {
  codeHash: string;
  userId: string;
  /** Epoch ms the core made the token. */
  issuedAt: number;
  /** Epoch ms the core accepted it; absent while unused. */
  usedAt?: number;
  /** Epoch seconds: the table's TTL attribute, and the limit the check reads. */
  expiresAt: number;
}

interface LastResetItem {
  codeHash: string;
  userId: string;
  /** Epoch ms: links issued before this are spent. */
  spentBefore: number;
  expiresAt: number;
}

/** Records a token the core has just made for `userId`. */
export async function recordResetLink(db: DynamoDBDocumentClient, token: string, userId: string, nowMs = Date.now()): Promise<void> {
  const item: ResetLinkItem = { codeHash: linkKey(token), userId, issuedAt: nowMs, expiresAt: Math.floor(nowMs / 1000) + PASSWORD_RESET_TOKEN_LIFETIME_SECONDS };
  await db.send(new PutCommand({ TableName: tableName('handoffCodes'), Item: item }));
}

/** After the core accepted `token` for `userId`: that link and every earlier one of the account no longer work. Safe to repeat. */
export async function markResetLinkUsed(db: DynamoDBDocumentClient, token: string, userId: string, nowMs = Date.now()): Promise<void> {
  const TableName = tableName('handoffCodes');
  const mark: LastResetItem = { codeHash: accountKey(userId), userId, spentBefore: nowMs + 1, expiresAt: Math.floor(nowMs / 1000) + PASSWORD_RESET_TOKEN_LIFETIME_SECONDS };
  await Promise.all([
    db.send(new PutCommand({ TableName, Item: mark })),
    // A link sent before this record existed has none to mark; the account's mark covers it.
    ifConditionHolds(
      db.send(
        new UpdateCommand({
          TableName,
          Key: { codeHash: linkKey(token) },
          UpdateExpression: 'SET usedAt = if_not_exists(usedAt, :now)',
          ConditionExpression: 'attribute_exists(codeHash)',
          ExpressionAttributeValues: { ':now': nowMs },
        }),
      ),
    ),
  ]);
}

/** Whether `token` is a link we sent that is unused, unexpired and not spent by a later reset of its account. */
export async function resetLinkWorks(db: DynamoDBDocumentClient, token: string, nowMs = Date.now()): Promise<boolean> {
  const TableName = tableName('handoffCodes');
  const link = (await db.send(new GetCommand({ TableName, Key: { codeHash: linkKey(token) }, ConsistentRead: true }))).Item as ResetLinkItem | undefined;
  // DynamoDB's TTL deletes lazily (hours late): the expiry is checked here, not left to it.
  if (!link || link.usedAt !== undefined || typeof link.issuedAt !== 'number' || link.expiresAt <= Math.floor(nowMs / 1000)) return false;
  const last = (await db.send(new GetCommand({ TableName, Key: { codeHash: accountKey(link.userId) }, ConsistentRead: true }))).Item as LastResetItem | undefined;
  return !last || link.issuedAt >= last.spentBefore;
}
