/**
 * Desktop sign-in codes (DECISIONS.md): the browser's session is handed to the desktop app as a
 * random code in the loopback redirect, good once and for a minute. Only the code's SHA-256 is
 * stored, so the table (or a log of it) cannot be replayed; using a code deletes it in the same
 * conditional write that checks it, so two exchanges of one code cannot both succeed.
 */
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash, randomBytes } from 'node:crypto';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';

export const HANDOFF_CODE_TTL_SECONDS = 60;

/** Whose session a code hands over: the browser session's user, the login method it used, and the session itself. */
export interface HandoffOwner {
  userId: string;
  recipeUserId: string;
  sessionHandle: string;
}

interface HandoffItem extends HandoffOwner {
  codeHash: string;
  /** Epoch seconds: the table's TTL attribute, and the limit the exchange checks. */
  expiresAt: number;
}

export function hashHandoffCode(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}

/** Makes and stores a new code for `owner`; the caller puts it in the redirect and nowhere else. */
export async function issueHandoffCode(db: DynamoDBDocumentClient, owner: HandoffOwner, nowMs = Date.now()): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const item: HandoffItem = { codeHash: hashHandoffCode(code), ...owner, expiresAt: Math.floor(nowMs / 1000) + HANDOFF_CODE_TTL_SECONDS };
  // 256 random bits do not collide; the condition only makes sure a code never replaces another's owner.
  await db.send(new PutCommand({ TableName: tableName('handoffCodes'), Item: item, ConditionExpression: 'attribute_not_exists(codeHash)' }));
  return code;
}

/** Uses up `code`: its owner when it was issued, unused and unexpired; undefined otherwise (and then nothing changed). */
export async function consumeHandoffCode(db: DynamoDBDocumentClient, code: string, nowMs = Date.now()): Promise<HandoffOwner | undefined> {
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
  return item ? { userId: item.userId, recipeUserId: item.recipeUserId, sessionHandle: item.sessionHandle } : undefined;
}
