/**
 * Recovery codes: ten single-use codes an account with two-step verification gets, for a sign-in
 * without the authenticator app (docs/security.md#two-step-verification). Not a SuperTokens recipe:
 * a factor of our own (`recovery-code`, ./second-factors.ts).
 *
 * One item per account in the `handoffCodes` table ('recovery#<userId>', carrying `userId` like the
 * table's other items, so the account's deletion removes it): the SHA-256 of each code, as a string
 * set. A code is used by one UpdateItem that deletes its hash on condition that the set still holds
 * it, so two requests with the same code cannot both pass. Making new codes replaces the set in one
 * put: the old codes stop working at once. The codes themselves are never stored.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash, randomInt } from 'node:crypto';
import { tableName } from '../../shared/tables';
import { ifConditionHolds } from '../lib/dynamo';

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 without the letters people confuse (no i, l, o, u): 10 of them are 50 bits. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const CODE_LENGTH = 10;

interface RecoveryItem {
  codeHash: string;
  userId: string;
  hashes?: Set<string>;
  createdAt: number;
}

/** The account's one recovery item's key: known from the account, so its deletion removes it by key. */
export const recoveryItemKey = (userId: string) => `recovery#${userId}`;
const itemKey = recoveryItemKey;

/** What a person may type for a code: any case, with or without its dash and spaces. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

function hashOf(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}\n${normaliseRecoveryCode(code)}`).digest('base64url');
}

/** A new code, shown as two groups of five (`k3m9x-2vqh7`). */
function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Makes the account's ten codes, replacing any it had; answers them (the only time they exist in the clear). */
export async function replaceRecoveryCodes(db: DynamoDBDocumentClient, userId: string, now = Date.now()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.send(new PutCommand({ TableName: tableName('handoffCodes'), Item: { codeHash: itemKey(userId), userId, hashes: new Set(codes.map((c) => hashOf(userId, c))), createdAt: now } satisfies RecoveryItem }));
  return codes;
}

/** Uses one code: true once, for a code of the account's current set; false for any other (wrong, used, replaced). */
export async function useRecoveryCode(db: DynamoDBDocumentClient, userId: string, code: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== CODE_LENGTH) return false;
  const hash = hashOf(userId, normalised);
  const out = await ifConditionHolds(
    db.send(
      new UpdateCommand({
        TableName: tableName('handoffCodes'),
        Key: { codeHash: itemKey(userId) },
        UpdateExpression: 'DELETE hashes :h',
        ConditionExpression: 'contains(hashes, :code)',
        ExpressionAttributeValues: { ':h': new Set([hash]), ':code': hash },
      }),
    ),
  );
  return out !== undefined;
}

/** How many unused codes the account has. */
export async function recoveryCodesLeft(db: DynamoDBDocumentClient, userId: string): Promise<number> {
  const out = await db.send(new GetCommand({ TableName: tableName('handoffCodes'), Key: { codeHash: itemKey(userId) }, ConsistentRead: true }));
  return (out.Item as RecoveryItem | undefined)?.hashes?.size ?? 0;
}

/** Removes the account's codes (two-step verification turned off). */
export async function forgetRecoveryCodes(db: DynamoDBDocumentClient, userId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName('handoffCodes'), Key: { codeHash: itemKey(userId) } }));
}
