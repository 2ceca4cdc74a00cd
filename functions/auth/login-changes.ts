/**
 * Changes to a login in the SuperTokens core, made over its HTTP API (functions/lib/core-api.ts) with
 * the requests supertokens-node makes for them, so the account group (functions/account/core.ts) and
 * the email change job (./proven-email.ts) make them without the SDK: a new password, a login's new
 * email (the password login's and the passkey login's), and the proof of an address. Each keeps what
 * the SDK's recipe functions do around the core's call (recipe/emailpassword/recipeImplementation.js
 * updateEmailOrPassword, recipe/emailverification, recipe/webauthn), as this product configures them.
 */
import { fieldError, newPasswordSchema } from '../../shared/schemas/credentials';
import { askCore, type CoreConnection } from '../lib/core-api';
import { coreUser, coreUsersWithEmail } from '../lib/core-users';
import { TENANT_ID } from './app-info';
import type { ChangeLoginEmailResult } from './email-change-job';
import { endSessionsForNewPassword } from './sessions-end-with-password';

export type SetPasswordResult = { status: 'OK' } | { status: 'UNKNOWN_USER' } | { status: 'PASSWORD_POLICY_VIOLATED'; reason: string };

type UpdateAnswer = { status: 'OK' | 'UNKNOWN_USER_ID_ERROR' | 'EMAIL_ALREADY_EXISTS_ERROR' | 'EMAIL_CHANGE_NOT_ALLOWED_ERROR' };

const asChange = (status: UpdateAnswer['status']): ChangeLoginEmailResult => ({ status: status === 'OK' ? 'OK' : status === 'UNKNOWN_USER_ID_ERROR' ? 'UNKNOWN_USER' : 'TAKEN' });

/** A link token proving `email` for the login, or ALREADY_PROVEN when the login proved it before. */
export async function emailProofToken(core: CoreConnection, recipeUserId: string, email: string): Promise<{ status: 'OK'; token: string } | { status: 'ALREADY_PROVEN' }> {
  const body = { userId: recipeUserId, email };
  const made = await askCore<{ status: 'OK'; token: string } | { status: 'EMAIL_ALREADY_VERIFIED_ERROR' }>(core, { method: 'POST', path: '/recipe/user/email/verify/token', tenant: TENANT_ID, rid: 'emailverification', body, what: 'a verification token' });
  return made.status === 'OK' ? { status: 'OK', token: made.token } : { status: 'ALREADY_PROVEN' };
}

/** Records `email` as proven for the login: a token made and used at once, as the SDK's verifyEmailUsingToken without account linking. */
export async function proveEmail(core: CoreConnection, recipeUserId: string, email: string): Promise<void> {
  const made = await emailProofToken(core, recipeUserId, email);
  if (made.status !== 'OK') return;
  await askCore(core, { method: 'POST', path: '/recipe/user/email/verify', tenant: TENANT_ID, rid: 'emailverification', body: { method: 'token', token: made.token }, what: 'a verification' });
}

/**
 * After a login's email or password changed (the SDK's verifyEmailForRecipeUserIfLinkedAccountsAreVerified):
 * in a linked account, a login whose address another of the account's logins has proven is proven too.
 */
async function carryLinkedProof(core: CoreConnection, recipeUserId: string): Promise<'OK' | 'UNKNOWN_USER'> {
  const user = await coreUser(core, recipeUserId);
  if (!user) return 'UNKNOWN_USER';
  const login = user.loginMethods.find((m) => m.recipeUserId === recipeUserId);
  if (!user.isPrimaryUser || !login?.email || login.verified) return 'OK';
  const same = (email: string | undefined) => email?.toLowerCase().trim() === login.email!.toLowerCase().trim();
  if (user.loginMethods.some((m) => m.verified && same(m.email))) await proveEmail(core, recipeUserId, login.email);
  return 'OK';
}

/**
 * A new password for an email-password login: the sign-up form's password rules (as the SDK checks
 * them against the recipe's password field), the core's change, then every session of the account
 * ends but `keepSessionHandle` (./sessions-end-with-password.ts).
 */
export async function setLoginPassword(core: CoreConnection, recipeUserId: string, password: string, keepSessionHandle?: string): Promise<SetPasswordResult> {
  const violated = fieldError(newPasswordSchema, password);
  if (violated !== undefined) return { status: 'PASSWORD_POLICY_VIOLATED', reason: violated };
  const set = await askCore<UpdateAnswer>(core, { method: 'PUT', path: '/recipe/user', rid: 'emailpassword', body: { recipeUserId, password }, what: 'a password change' });
  if (set.status !== 'OK') return { status: 'UNKNOWN_USER' };
  if ((await carryLinkedProof(core, recipeUserId)) !== 'OK') return { status: 'UNKNOWN_USER' };
  await endSessionsForNewPassword(core, recipeUserId, keepSessionHandle);
  return { status: 'OK' };
}

/**
 * The password login's email becomes `email` (it signs in with it, and no longer with the old one).
 * Refused, as account linking's isEmailChangeAllowed refuses it, when the account is a primary user
 * and another primary user has the address: with linking only while a passkey is added
 * (./passkeys.ts linksOnlyPasskeys), that is the one refusal it comes to here. The core refuses an
 * address another password login has.
 */
export async function changeLoginEmail(core: CoreConnection, recipeUserId: string, email: string): Promise<ChangeLoginEmailResult> {
  const user = await coreUser(core, recipeUserId);
  if (!user) return { status: 'UNKNOWN_USER' };
  if (user.isPrimaryUser && (await coreUsersWithEmail(core, TENANT_ID, email)).some((u) => u.id !== user.id && u.isPrimaryUser)) return { status: 'TAKEN' };
  const changed = await askCore<UpdateAnswer>(core, { method: 'PUT', path: '/recipe/user', rid: 'emailpassword', body: { recipeUserId, email }, what: 'an email change' });
  if (changed.status !== 'OK') return asChange(changed.status);
  return { status: await carryLinkedProof(core, recipeUserId) };
}

/** The passkey login's email becomes `email` (the address the OS's passkey picker shows, and the old one freed). */
export async function changePasskeyEmail(core: CoreConnection, recipeUserId: string, email: string): Promise<ChangeLoginEmailResult> {
  const changed = await askCore<UpdateAnswer>(core, { method: 'PUT', path: '/recipe/webauthn/user/email', tenant: TENANT_ID, rid: 'webauthn', body: { email, recipeUserId }, what: "a passkey login's email change" });
  return asChange(changed.status);
}
