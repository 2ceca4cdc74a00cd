/**
 * Users as the SuperTokens core has them, over its HTTP API (./core-api.ts): an account (a primary
 * user, or a recipe user on its own) and its logins, each with its recipe, its own recipe user id,
 * its email and whether that email is proven there. The same requests and answers as supertokens-node's
 * getUser, listUsersByAccountInfo and deleteUser (recipe/accountlinking/recipeImplementation.js).
 */
import { askCore, type CoreConnection } from './core-api';

/** One login of an account, as the CDI user object lists it. */
export interface CoreLogin {
  recipeId: 'emailpassword' | 'thirdparty' | 'webauthn' | (string & {});
  recipeUserId: string;
  email?: string;
  /** Whether this login has proven `email`. */
  verified: boolean;
  thirdParty?: { id: string; userId: string };
  webauthn?: { credentialIds: string[] };
}

export interface CoreUser {
  id: string;
  isPrimaryUser: boolean;
  tenantIds: string[];
  loginMethods: CoreLogin[];
  webauthn: { credentialIds: string[] };
}

/** The account of a user or recipe user id (a linked login answers its account); undefined when there is none. */
export async function coreUser(core: CoreConnection, userId: string): Promise<CoreUser | undefined> {
  const answer = await askCore<{ status: 'OK'; user: CoreUser } | { status: 'UNKNOWN_USER_ID_ERROR' }>(core, { method: 'GET', path: '/user/id', query: { userId }, what: 'a user read' });
  return answer.status === 'OK' ? answer.user : undefined;
}

/** Every account with a login on `email` in the tenant, any method. */
export async function coreUsersWithEmail(core: CoreConnection, tenantId: string, email: string): Promise<CoreUser[]> {
  const query = { email, doUnionOfAccountInfo: 'false' };
  return (await askCore<{ users: CoreUser[] }>(core, { method: 'GET', path: '/users/by-accountinfo', tenant: tenantId, query, what: 'a user look-up by email' })).users;
}

/** Removes the user, its linked logins and with them every session. Safe to repeat. */
export async function removeCoreUser(core: CoreConnection, userId: string): Promise<void> {
  await askCore(core, { method: 'POST', path: '/user/remove', body: { userId, removeAllLinkedAccounts: true }, idempotent: true, what: 'a user removal' });
}

/** The address the account has proven, for notices: its first proven login's, a passkey login's last. */
export function provenEmailOf(user: Pick<CoreUser, 'loginMethods'> | undefined): string | undefined {
  const logins = [...(user?.loginMethods ?? [])].sort((a, b) => Number(a.recipeId === 'webauthn') - Number(b.recipeId === 'webauthn'));
  return logins.find((m) => m.verified && m.email)?.email;
}
