/**
 * Users as the CDI returns them (supertokens-node lib/build/user.js reads every field), and the
 * user-level calls: get by id, list by account info, delete (with the user's verified addresses and
 * verification tokens). Account linking is off in this product,
 * so every user is its own recipe user, never primary; the linking checks the SDK may make answer
 * accordingly.
 */
import { randomUUID } from 'node:crypto';
import { BadRequest, type CoreDeps } from './deps';
import { normaliseEmail } from './email-address';
import { forgetUser as forgetVerification, isVerified } from './emailverification';
import { revokeSessionsOf } from './session';
import { deleteItem, getItem, itemKey, ownerKey, queryOwner } from './store';

export type RecipeId = 'emailpassword' | 'thirdparty';

export interface UserItem {
  pk: string;
  userId: string;
  recipeId: RecipeId;
  tenantId: string;
  /** Normalised: trimmed, lower case (as the core stores it). */
  email: string;
  timeJoined: number;
  /** emailpassword: `scrypt$…`, never returned. */
  passwordHash?: string;
  /** emailpassword: reset tokens issued before this (ms) are spent. */
  resetTokensNotBefore?: number;
  thirdPartyId?: string;
  thirdPartyUserId?: string;
  /** `byOwner`: users sharing an email in a tenant, oldest first. */
  ownerKey: string;
  ownerSort: string;
}

export function userOwnerFields(tenantId: string, email: string, timeJoined: number, userId: string) {
  return { ownerKey: ownerKey.usersWithEmail(tenantId, email), ownerSort: `${String(timeJoined).padStart(15, '0')}#${userId}` };
}

/** A user about to be stored: a fresh id, joined now, filed under its email in the `byOwner` index. */
export function newUser(deps: CoreDeps, tenantId: string, email: string, recipe: Pick<UserItem, 'recipeId' | 'passwordHash' | 'thirdPartyId' | 'thirdPartyUserId'>): UserItem {
  const userId = randomUUID();
  const timeJoined = deps.clock();
  return { pk: itemKey.user(userId), userId, tenantId, email, timeJoined, ...recipe, ...userOwnerFields(tenantId, email, timeJoined, userId) };
}

/**
 * The CDI user object (CDI 5.3+: with the webauthn field); `verified` is whether the user has proven
 * the address it has now (./emailverification.ts).
 */
export async function userJson(deps: CoreDeps, u: UserItem) {
  const verified = await isVerified(deps, u.userId, u.email);
  const thirdParty = u.thirdPartyId && u.thirdPartyUserId ? { id: u.thirdPartyId, userId: u.thirdPartyUserId } : undefined;
  return {
    id: u.userId,
    isPrimaryUser: false,
    tenantIds: [u.tenantId],
    emails: [u.email],
    phoneNumbers: [],
    thirdParty: thirdParty ? [thirdParty] : [],
    webauthn: { credentialIds: [] },
    timeJoined: u.timeJoined,
    loginMethods: [
      { recipeId: u.recipeId, recipeUserId: u.userId, tenantIds: [u.tenantId], email: u.email, ...(thirdParty ? { thirdParty } : {}), timeJoined: u.timeJoined, verified },
    ],
  };
}

export function readUser(deps: CoreDeps, userId: string): Promise<UserItem | undefined> {
  return getItem<UserItem>(deps.store, itemKey.user(userId));
}

export async function getUser(deps: CoreDeps, userId: string) {
  const user = await readUser(deps, userId);
  return user ? { status: 'OK' as const, user: await userJson(deps, user) } : { status: 'UNKNOWN_USER_ID_ERROR' as const };
}

interface ThirdPartyClaim {
  pk: string;
  userId: string;
}

async function usersWithEmail(deps: CoreDeps, tenantId: string, email: string): Promise<UserItem[]> {
  const listed = await queryOwner<UserItem>(deps.store, ownerKey.usersWithEmail(tenantId, email));
  return listed.filter((u) => u.tenantId === tenantId && u.email === email);
}

export async function userWithThirdParty(deps: CoreDeps, tenantId: string, thirdPartyId: string, thirdPartyUserId: string): Promise<UserItem | undefined> {
  const claim = await getItem<ThirdPartyClaim>(deps.store, itemKey.thirdPartyClaim(tenantId, thirdPartyId, thirdPartyUserId));
  const user = claim && (await readUser(deps, claim.userId));
  return user?.thirdPartyId === thirdPartyId && user.thirdPartyUserId === thirdPartyUserId ? user : undefined;
}

/**
 * Users in a tenant matching the account info: with `doUnionOfAccountInfo` any of the given fields,
 * otherwise all of them. Phone numbers and passkeys belong to recipes this product does not use.
 */
export async function listUsersByAccountInfo(
  deps: CoreDeps,
  tenantId: string,
  query: { email?: string; phoneNumber?: string; thirdPartyId?: string; thirdPartyUserId?: string; webauthnCredentialId?: string; doUnionOfAccountInfo: boolean },
) {
  if ((query.thirdPartyId === undefined) !== (query.thirdPartyUserId === undefined)) {
    throw new BadRequest("If 'thirdPartyId' is provided, 'thirdPartyUserId' must also be provided, and vice versa");
  }
  const matches: UserItem[][] = [];
  if (query.email !== undefined) matches.push(await usersWithEmail(deps, tenantId, normaliseEmail(query.email)));
  if (query.thirdPartyId !== undefined && query.thirdPartyUserId !== undefined) {
    const user = await userWithThirdParty(deps, tenantId, query.thirdPartyId.trim(), query.thirdPartyUserId.trim());
    matches.push(user ? [user] : []);
  }
  if (query.phoneNumber !== undefined) matches.push([]);
  if (query.webauthnCredentialId !== undefined) matches.push([]);

  const byId = new Map<string, UserItem>();
  if (query.doUnionOfAccountInfo) {
    for (const list of matches) for (const u of list) byId.set(u.userId, u);
  } else if (matches.length > 0) {
    for (const u of matches[0]!) if (matches.every((list) => list.some((v) => v.userId === u.userId))) byId.set(u.userId, u);
  }
  const users = [...byId.values()].sort((a, b) => a.timeJoined - b.timeJoined || a.userId.localeCompare(b.userId));
  return { status: 'OK' as const, users: await Promise.all(users.map((u) => userJson(deps, u))) };
}

/** Removes the user, their sessions, metadata and claims; answers OK whether or not they existed. */
export async function deleteUser(deps: CoreDeps, userId: string) {
  const user = await readUser(deps, userId);
  await revokeSessionsOf(deps, userId);
  // As the core's tables cascade: the user's reset tokens go with it.
  for (const token of await queryOwner<{ pk: string }>(deps.store, ownerKey.resetTokensOf(userId))) await deleteItem(deps.store, token.pk);
  await deleteItem(deps.store, itemKey.metadata(userId));
  await forgetVerification(deps, userId);
  if (user?.recipeId === 'emailpassword') {
    await deleteItem(deps.store, itemKey.emailClaim(user.tenantId, user.email), { attr: 'userId', value: userId });
  }
  if (user?.thirdPartyId && user.thirdPartyUserId) {
    await deleteItem(deps.store, itemKey.thirdPartyClaim(user.tenantId, user.thirdPartyId, user.thirdPartyUserId), { attr: 'userId', value: userId });
  }
  await deleteItem(deps.store, itemKey.user(userId));
  return { status: 'OK' as const };
}

/** With linking off no user is primary, so any existing user could become one. */
export async function canCreatePrimaryUser(deps: CoreDeps, recipeUserId: string) {
  if (!(await readUser(deps, recipeUserId))) throw new BadRequest('Unknown user id');
  return { status: 'OK' as const, wasAlreadyAPrimaryUser: false };
}

export async function canLinkAccounts(deps: CoreDeps, recipeUserId: string, primaryUserId: string) {
  if (!(await readUser(deps, recipeUserId)) || !(await readUser(deps, primaryUserId))) throw new BadRequest('Unknown user id');
  return { status: 'INPUT_USER_IS_NOT_A_PRIMARY_USER' as const };
}
