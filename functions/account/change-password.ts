/**
 * POST /api/account/password: a new password for an account that signs in with one; the current
 * one is the route's step-up proof (functions/lib/step-up.ts), checked before this runs. Every other session of the account ends (browsers and the desktop app: whoever had
 * the old password is out); the one making the change stays signed in.
 */
import type { ChangePasswordBody } from '../../shared/schemas/account';
import type { AccountDeps, Caller } from './deps';

export type ChangePasswordOutcome =
  | { status: 'OK' }
  | { status: 'UNKNOWN_USER' }
  | { status: 'NO_PASSWORD' }
  | { status: 'PASSWORD_POLICY_VIOLATED'; reason: string };

export async function changePassword(deps: AccountDeps, caller: Caller, body: ChangePasswordBody): Promise<ChangePasswordOutcome> {
  const account = await deps.core.account(caller.userId);
  if (!account) return { status: 'UNKNOWN_USER' };
  if (!account.password) return { status: 'NO_PASSWORD' };
  return deps.core.setPassword(account.password.recipeUserId, body.newPassword, caller.sessionHandle);
}
