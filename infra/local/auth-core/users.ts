/**
 * Users as the CDI returns them (supertokens-node lib/build/user.js reads every field), and the
 * user-level calls: get by id, list by account info, delete (with the user's verified addresses and
 * verification tokens), and the account-linking checks and writes. A user linked to a primary user
 * (./linking.ts) is answered as that primary, with one login method per linked recipe user.
 */
import { randomUUID } from 'node:crypto';
import { BadRequest, type CoreDeps } from './deps';
import { normaliseEmail } from './email-address';
import { forgetUser as forgetVerification, isVerified } from './emailverification';
import { membersOf, primaryOf, putLink, removeLink } from './linking';
import { forgetTotp } from './totp';
import { revokeSessionsOf } from './session';
import { credentialIdsOf, credentialOwner, forgetPasskeyUser } from './webauthn-credentials';
import { deleteItem, getItem, itemKey, ownerKey, queryOwner } from './store';

export type RecipeId = 'emailpassword' | 'thirdparty' | 'webauthn';

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

/** One login method of the CDI user object; `verified` is whether the user has proven the address it has now (./emailverification.ts). */
async function loginMethod(deps: CoreDeps, u: UserItem) {
  const verified = await isVerified(deps, u.userId, u.email);
  const thirdParty = u.thirdPartyId && u.thirdPartyUserId ? { id: u.thirdPartyId, userId: u.thirdPartyUserId } : undefined;
  const webauthn = u.recipeId === 'webauthn' ? { credentialIds: await credentialIdsOf(deps, u.userId) } : undefined;
  return {
    recipeId: u.recipeId,
    recipeUserId: u.userId,
    tenantIds: [u.tenantId],
    email: u.email,
    ...(thirdParty ? { thirdParty } : {}),
    ...(webauthn ? { webauthn } : {}),
    timeJoined: u.timeJoined,
    verified,
  };
}

/** The recipe users answered together: the primary's linked users when `u` is linked, else `u` alone. */
async function accountOf(deps: CoreDeps, u: UserItem): Promise<{ id: string; isPrimaryUser: boolean; members: UserItem[] }> {
  const primary = await primaryOf(deps, u.userId);
  if (primary === undefined) return { id: u.userId, isPrimaryUser: false, members: [u] };
  const members = (await Promise.all((await membersOf(deps, primary)).map((id) => (id === u.userId ? u : readUser(deps, id))))).filter(
    (m): m is UserItem => m !== undefined,
  );
  members.sort((a, b) => a.timeJoined - b.timeJoined || a.userId.localeCompare(b.userId));
  return { id: primary, isPrimaryUser: true, members };
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** The CDI user object (CDI 5.3+: with the webauthn field), as the account `u` belongs to. */
export async function userJson(deps: CoreDeps, u: UserItem) {
  const account = await accountOf(deps, u);
  const loginMethods = await Promise.all(account.members.map((m) => loginMethod(deps, m)));
  return {
    id: account.id,
    isPrimaryUser: account.isPrimaryUser,
    tenantIds: unique(loginMethods.flatMap((m) => m.tenantIds)),
    emails: unique(loginMethods.map((m) => m.email)),
    phoneNumbers: [],
    thirdParty: loginMethods.flatMap((m) => (m.thirdParty ? [m.thirdParty] : [])),
    webauthn: { credentialIds: loginMethods.flatMap((m) => m.webauthn?.credentialIds ?? []) },
    timeJoined: Math.min(...loginMethods.map((m) => m.timeJoined)),
    loginMethods,
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
 * otherwise all of them. Phone numbers belong to a recipe this product does not use.
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
  if (query.webauthnCredentialId !== undefined) {
    const owner = await credentialOwner(deps, query.webauthnCredentialId);
    const user = owner && (await readUser(deps, owner));
    matches.push(user ? [user] : []);
  }

  const byId = new Map<string, UserItem>();
  if (query.doUnionOfAccountInfo) {
    for (const list of matches) for (const u of list) byId.set(u.userId, u);
  } else if (matches.length > 0) {
    for (const u of matches[0]!) if (matches.every((list) => list.some((v) => v.userId === u.userId))) byId.set(u.userId, u);
  }
  const users = [...byId.values()].sort((a, b) => a.timeJoined - b.timeJoined || a.userId.localeCompare(b.userId));
  // Linked users are one account: each is answered once, as its primary.
  const accounts = new Map<string, Awaited<ReturnType<typeof userJson>>>();
  for (const u of users) {
    const json = await userJson(deps, u);
    if (!accounts.has(json.id)) accounts.set(json.id, json);
  }
  return { status: 'OK' as const, users: [...accounts.values()] };
}

/**
 * Removes the user, their sessions, metadata and claims; answers OK whether or not they existed. With
 * `removeAllLinkedAccounts` (the SDK's default) a linked user takes its whole account with it.
 */
export async function deleteUser(deps: CoreDeps, userId: string, removeAllLinkedAccounts = true) {
  const primary = await primaryOf(deps, userId);
  const ids = primary !== undefined && removeAllLinkedAccounts ? await membersOf(deps, primary) : [userId];
  if (!ids.includes(userId)) ids.push(userId);
  await revokeSessionsOf(deps, primary ?? userId);
  for (const id of ids) await deleteRecipeUser(deps, id);
  return { status: 'OK' as const };
}

async function deleteRecipeUser(deps: CoreDeps, userId: string) {
  const user = await readUser(deps, userId);
  // As the core's tables cascade: the user's reset tokens go with it.
  for (const token of await queryOwner<{ pk: string }>(deps.store, ownerKey.resetTokensOf(userId))) await deleteItem(deps.store, token.pk);
  await deleteItem(deps.store, itemKey.metadata(userId));
  await forgetVerification(deps, userId);
  await forgetTotp(deps, userId);
  if (user?.recipeId === 'emailpassword') {
    await deleteItem(deps.store, itemKey.emailClaim(user.tenantId, user.email), { attr: 'userId', value: userId });
  }
  if (user?.thirdPartyId && user.thirdPartyUserId) {
    await deleteItem(deps.store, itemKey.thirdPartyClaim(user.tenantId, user.thirdPartyId, user.thirdPartyUserId), { attr: 'userId', value: userId });
  }
  if (user?.recipeId === 'webauthn') await forgetPasskeyUser(deps, user);
  await removeLink(deps, userId);
  await deleteItem(deps.store, itemKey.user(userId));
}

const conflict = (primaryUserId: string) => ({ primaryUserId, description: 'This user\'s email is already associated with another user ID' });

/** The primary user, other than `except`, that holds `email` in the tenant, if any. */
async function otherPrimaryWithEmail(deps: CoreDeps, tenantId: string, email: string, except: string): Promise<string | undefined> {
  for (const u of await usersWithEmail(deps, tenantId, email)) {
    const primary = await primaryOf(deps, u.userId);
    if (primary !== undefined && primary !== except) return primary;
  }
  return undefined;
}

async function primaryCheck(deps: CoreDeps, recipeUserId: string) {
  const user = await readUser(deps, recipeUserId);
  if (!user) throw new BadRequest('Unknown user id');
  const primary = await primaryOf(deps, recipeUserId);
  if (primary === recipeUserId) return { status: 'OK' as const, wasAlreadyAPrimaryUser: true, user };
  if (primary !== undefined) {
    return { status: 'RECIPE_USER_ID_ALREADY_LINKED_WITH_PRIMARY_USER_ID_ERROR' as const, primaryUserId: primary, description: 'Recipe user is already linked with another primary user id' };
  }
  const other = await otherPrimaryWithEmail(deps, user.tenantId, user.email, recipeUserId);
  if (other !== undefined) return { status: 'ACCOUNT_INFO_ALREADY_ASSOCIATED_WITH_ANOTHER_PRIMARY_USER_ID_ERROR' as const, ...conflict(other) };
  return { status: 'OK' as const, wasAlreadyAPrimaryUser: false, user };
}

export async function canCreatePrimaryUser(deps: CoreDeps, recipeUserId: string) {
  const check = await primaryCheck(deps, recipeUserId);
  return check.status === 'OK' ? { status: 'OK' as const, wasAlreadyAPrimaryUser: check.wasAlreadyAPrimaryUser } : check;
}

export async function createPrimaryUser(deps: CoreDeps, recipeUserId: string) {
  const check = await primaryCheck(deps, recipeUserId);
  if (check.status !== 'OK') return check;
  if (!check.wasAlreadyAPrimaryUser && !(await putLink(deps, recipeUserId, recipeUserId))) {
    // A concurrent promotion or link won the put: answer as things now are.
    const again = await primaryCheck(deps, recipeUserId);
    return again.status === 'OK' ? { status: 'OK' as const, wasAlreadyAPrimaryUser: true, user: await userJson(deps, again.user) } : again;
  }
  return { status: 'OK' as const, wasAlreadyAPrimaryUser: check.wasAlreadyAPrimaryUser, user: await userJson(deps, check.user) };
}

async function linkCheck(deps: CoreDeps, recipeUserId: string, primaryUserId: string) {
  const user = await readUser(deps, recipeUserId);
  if (!user || !(await readUser(deps, primaryUserId))) throw new BadRequest('Unknown user id');
  if ((await primaryOf(deps, primaryUserId)) !== primaryUserId) return { status: 'INPUT_USER_IS_NOT_A_PRIMARY_USER' as const };
  const linked = await primaryOf(deps, recipeUserId);
  if (linked === primaryUserId) return { status: 'OK' as const, accountsAlreadyLinked: true, user };
  if (linked !== undefined) {
    const primary = await readUser(deps, linked);
    return {
      status: 'RECIPE_USER_ID_ALREADY_LINKED_WITH_ANOTHER_PRIMARY_USER_ID_ERROR' as const,
      primaryUserId: linked,
      description: 'The input recipe user ID is already linked to another user ID',
      ...(primary ? { user: await userJson(deps, primary) } : {}),
    };
  }
  const other = await otherPrimaryWithEmail(deps, user.tenantId, user.email, primaryUserId);
  if (other !== undefined) return { status: 'ACCOUNT_INFO_ALREADY_ASSOCIATED_WITH_ANOTHER_PRIMARY_USER_ID_ERROR' as const, ...conflict(other) };
  return { status: 'OK' as const, accountsAlreadyLinked: false, user };
}

export async function canLinkAccounts(deps: CoreDeps, recipeUserId: string, primaryUserId: string) {
  const check = await linkCheck(deps, recipeUserId, primaryUserId);
  return check.status === 'OK' ? { status: 'OK' as const, accountsAlreadyLinked: check.accountsAlreadyLinked } : check;
}

export async function linkAccounts(deps: CoreDeps, recipeUserId: string, primaryUserId: string) {
  const check = await linkCheck(deps, recipeUserId, primaryUserId);
  if (check.status !== 'OK') return check;
  let alreadyLinked = check.accountsAlreadyLinked;
  if (!alreadyLinked && !(await putLink(deps, recipeUserId, primaryUserId))) {
    // Linked meanwhile: to this primary it is done, to another it is that error.
    const again = await linkCheck(deps, recipeUserId, primaryUserId);
    if (again.status !== 'OK') return again;
    alreadyLinked = true;
  }
  return { status: 'OK' as const, accountsAlreadyLinked: alreadyLinked, user: await userJson(deps, check.user) };
}
