/**
 * Stored passkeys: one item per credential, keyed by its id (unique in the app, as in the core) and
 * filed under its (webauthn) user, holding the public key the registration proved and the signature
 * counter the last assertion showed. No private material exists here: the authenticator keeps it.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ifConditionHolds } from '../../../functions/lib/dynamo';
import type { CoreDeps } from './deps';
import { deleteItem, getItem, itemKey, ownerKey, putIfAbsent, queryOwner } from './store';

export interface CredentialItem {
  pk: string;
  credentialId: string;
  recipeUserId: string;
  rpId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: number;
  ownerKey: string;
  ownerSort: string;
}

export function newCredential(input: Pick<CredentialItem, 'credentialId' | 'recipeUserId' | 'rpId' | 'publicKey' | 'counter' | 'transports' | 'createdAt'>): CredentialItem {
  return {
    ...input,
    pk: itemKey.webauthnCredential(input.credentialId),
    ownerKey: ownerKey.credentialsOf(input.recipeUserId),
    ownerSort: `${String(input.createdAt).padStart(15, '0')}#${input.credentialId}`,
  };
}

export const readCredential = (deps: CoreDeps, credentialId: string) => getItem<CredentialItem>(deps.store, itemKey.webauthnCredential(credentialId));

/** Stores the credential; false when its id is already registered (to anyone). */
export const saveCredential = (deps: CoreDeps, credential: CredentialItem) => putIfAbsent(deps.store, credential);

export async function credentialsOf(deps: CoreDeps, recipeUserId: string): Promise<CredentialItem[]> {
  return queryOwner<CredentialItem>(deps.store, ownerKey.credentialsOf(recipeUserId));
}

export async function credentialIdsOf(deps: CoreDeps, recipeUserId: string): Promise<string[]> {
  return (await credentialsOf(deps, recipeUserId)).map((c) => c.credentialId);
}

export async function credentialOwner(deps: CoreDeps, credentialId: string): Promise<string | undefined> {
  return (await readCredential(deps, credentialId))?.recipeUserId;
}

/** Removes the user's credential; false when the user has no credential with that id. */
export async function removeCredential(deps: CoreDeps, credentialId: string, recipeUserId: string): Promise<boolean> {
  return (await deleteItem(deps.store, itemKey.webauthnCredential(credentialId), { attr: 'recipeUserId', value: recipeUserId })) !== undefined;
}

/**
 * Moves the counter forward only from the value the verification read: of two assertions verified at
 * once with the same count, one is refused (the core's clone detection).
 */
export async function advanceCounter(deps: CoreDeps, credential: CredentialItem, counter: number): Promise<boolean> {
  const written = await ifConditionHolds(
    deps.store.db.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: { pk: credential.pk },
        UpdateExpression: 'SET #c = :next',
        ConditionExpression: 'attribute_exists(pk) AND #c = :read',
        ExpressionAttributeNames: { '#c': 'counter' },
        ExpressionAttributeValues: { ':next': counter, ':read': credential.counter },
      }),
    ),
  );
  return written !== undefined;
}

/** A passkey user's credentials and email claim, which go with the user. */
export async function forgetPasskeyUser(deps: CoreDeps, user: { userId: string; tenantId: string; email: string }): Promise<void> {
  for (const credential of await credentialsOf(deps, user.userId)) await deleteItem(deps.store, credential.pk);
  await deleteItem(deps.store, itemKey.webauthnEmailClaim(user.tenantId, user.email), { attr: 'userId', value: user.userId });
}
