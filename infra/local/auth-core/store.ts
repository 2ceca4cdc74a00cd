/**
 * The auth core's one DynamoDB table (shared/tables.ts `authCore`): how each kind of item is keyed,
 * and the few single-item operations the domain modules use. Every request path is a GetItem, a
 * conditional write or a Query (never a Scan); uniqueness comes from conditional puts of claim items,
 * since dynalite has no transactions.
 */
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ifConditionHolds, queryAll } from '../../../functions/lib/dynamo';
import { tableName } from '../../../shared/tables';

/**
 * A single-use token mailed for one of a user's addresses (a password reset, an email verification):
 * keyed by the token's hash, in the user's `byOwner` partition so a use, a revocation or the user's
 * deletion finds it.
 */
export interface MailedTokenItem {
  pk: string;
  ownerKey: string;
  ownerSort: string;
  userId: string;
  email: string;
  tenantId: string;
  createdAt: number;
  expiresAt: number;
}

export interface Store {
  db: DynamoDBDocumentClient;
  table: string;
}

export function createStore(db: DynamoDBDocumentClient, table = tableName('authCore')): Store {
  return { db, table };
}

const part = (value: string) => encodeURIComponent(value);

/** Partition keys, one per item. */
export const itemKey = {
  user: (userId: string) => `user#${userId}`,
  /** Claims an email for one email-password user in a tenant (spec: email unique per tenant). */
  emailClaim: (tenantId: string, email: string) => `ep-email#${part(tenantId)}#${part(email)}`,
  /** Claims a (thirdPartyId, thirdPartyUserId) pair for one user in a tenant. */
  thirdPartyClaim: (tenantId: string, thirdPartyId: string, thirdPartyUserId: string) =>
    `tp#${part(tenantId)}#${part(thirdPartyId)}#${part(thirdPartyUserId)}`,
  session: (handle: string) => `session#${handle}`,
  /** By the SHA-256 of the token: the token itself is never stored. */
  resetToken: (tokenHash: string) => `pwreset#${tokenHash}`,
  /** By the SHA-256 of the token, like reset tokens. */
  verifyToken: (tokenHash: string) => `evtoken#${tokenHash}`,
  /** Present when the user has proven this address. */
  verifiedEmail: (userId: string, email: string) => `ev#${userId}#${part(email)}`,
  metadata: (userId: string) => `metadata#${userId}`,
  /** A recipe user's link to its primary user (./linking.ts). */
  link: (recipeUserId: string) => `link#${recipeUserId}`,
  /** Claims an email for one passkey (webauthn) user in a tenant, as the core keeps that email unique. */
  webauthnEmailClaim: (tenantId: string, email: string) => `wa-email#${part(tenantId)}#${part(email)}`,
  /** A passkey, by its credential id (unique across the app, as in the core). */
  webauthnCredential: (credentialId: string) => `wa-cred#${part(credentialId)}`,
  /** Generated register or sign-in options, by their id; used once. */
  webauthnOptions: (optionsId: string) => `wa-options#${optionsId}`,
  /** A TOTP device, by user and device name (./totp.ts). */
  totpDevice: (userId: string, name: string) => `totp-device#${userId}#${part(name)}`,
  /** A TOTP code already used, until it could no longer be valid. */
  totpUsedCode: (userId: string, code: string) => `totp-used#${userId}#${part(code)}`,
  /** The user's wrong TOTP codes in a row. */
  totpFailures: (userId: string) => `totp-failures#${userId}`,
  signingKeys: () => 'signing-keys',
};

/** Partition keys of the `byOwner` index. */
export const ownerKey = {
  sessionsOf: (userId: string) => `sessions#${userId}`,
  usersWithEmail: (tenantId: string, email: string) => `email#${part(tenantId)}#${part(email)}`,
  /** A user's outstanding password-reset tokens, which go with the user when it is deleted. */
  resetTokensOf: (userId: string) => `pwreset#${userId}`,
  /** A user's outstanding email verification tokens, for every address. */
  verifyTokensOf: (userId: string) => `evtoken#${userId}`,
  /** The addresses a user has proven. */
  verifiedEmailsOf: (userId: string) => `ev#${userId}`,
  /** The recipe users linked to a primary user, the primary included. */
  linksOf: (primaryUserId: string) => `links#${primaryUserId}`,
  /** A passkey user's credentials. */
  credentialsOf: (recipeUserId: string) => `wa-creds#${recipeUserId}`,
  /** A user's TOTP devices. */
  totpDevicesOf: (userId: string) => `totp#${userId}`,
  /** A user's used TOTP codes and wrong-code count, which go with the user. */
  totpMarksOf: (userId: string) => `totp-marks#${userId}`,
};

export const OWNER_INDEX = 'byOwner';

/** A strongly consistent read of one item. */
export async function getItem<T>(store: Store, pk: string): Promise<T | undefined> {
  const out = await store.db.send(new GetCommand({ TableName: store.table, Key: { pk }, ConsistentRead: true }));
  return out.Item as T | undefined;
}

/** Writes the item only if nothing holds its key yet; false when something does. */
export async function putIfAbsent<T extends { pk: string }>(store: Store, item: T): Promise<boolean> {
  const written = await ifConditionHolds(store.db.send(new PutCommand({ TableName: store.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' })));
  return written !== undefined;
}

/**
 * Writes items that must exist together (a passkey's credential and its user), each only if absent,
 * in one TransactWriteItems: all land or none does, so a crash between them cannot leave one without
 * the other. False when any of them existed (nothing written).
 */
export async function putAllIfAbsent(store: Store, items: readonly { pk: string }[]): Promise<boolean> {
  try {
    await store.db.send(new TransactWriteCommand({ TransactItems: items.map((Item) => ({ Put: { TableName: store.table, Item, ConditionExpression: 'attribute_not_exists(pk)' } })) }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException' && (error as TransactionCanceledException).CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')) return false;
    throw error;
  }
}

/** Deletes an item, optionally only while `attr` still equals `value`; returns what was deleted. */
export async function deleteItem<T>(store: Store, pk: string, onlyIf?: { attr: string; value: unknown }): Promise<T | undefined> {
  const out = await ifConditionHolds(
    store.db.send(
      new DeleteCommand({
        TableName: store.table,
        Key: { pk },
        ReturnValues: 'ALL_OLD',
        ...(onlyIf ? { ConditionExpression: '#a = :v', ExpressionAttributeNames: { '#a': onlyIf.attr }, ExpressionAttributeValues: { ':v': onlyIf.value } } : {}),
      }),
    ),
  );
  return out?.Attributes as T | undefined;
}

/** Every item of one `byOwner` partition, in sort-key order. */
export async function queryOwner<T>(store: Store, owner: string): Promise<T[]> {
  return queryAll<T>(store.db, { TableName: store.table, IndexName: OWNER_INDEX, KeyConditionExpression: 'ownerKey = :o', ExpressionAttributeValues: { ':o': owner } });
}
