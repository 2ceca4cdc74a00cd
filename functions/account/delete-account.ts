/**
 * DELETE /api/account (GDPR article 17): the account and its data, for good. The caller proves it is
 * the owner once more: an account with a password gives it (checked under the sign-in limits); a
 * Google account, which has none here, must have signed in within the last 10 minutes, so a session
 * left open on a shared computer cannot delete it.
 *
 * Then, in this order, each step safe to repeat so a deletion that fails midway can be tried again:
 * billing ends through Stripe (nothing more is charged), the product's items go (./user-data.ts, the
 * record last), and the core deletes the user, which ends every session. A Stripe event about the
 * account arriving later finds no account and changes nothing (functions/billing/subscription-events.ts).
 *
 * The email may sign up again afterwards, as a new Free account with a trial of its own: the one
 * trial is per account, and refusing it would mean keeping something of the deleted email, which the
 * owner asked us to erase, against a rule a new address gets round anyway.
 */
import type { DeleteAccountBody } from '../../shared/schemas/account';
import { getAccount } from '../accounts/account';
import { endBilling } from './end-billing';
import type { AccountDeps, Caller } from './deps';
import { checkCurrentPassword, type PasswordCheck } from './password-check';
import { eraseUserData } from './user-data';

/** How recent a Google account's sign-in must be to delete it. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export type DeleteOutcome =
  | { status: 'OK' }
  | { status: 'UNKNOWN_USER' }
  | { status: 'PASSWORD_REQUIRED' }
  | Exclude<PasswordCheck, { status: 'OK' }>
  | { status: 'SIGN_IN_AGAIN' };

/** Whether a session created at `createdAt` (epoch ms; undefined when it has ended) is recent enough to delete with. */
export function signedInRecently(createdAt: number | undefined, now: number): boolean {
  return createdAt !== undefined && now - createdAt <= RECENT_SIGN_IN_MS;
}

async function ownerConfirmed(deps: AccountDeps, caller: Caller, password: string | undefined, login: { email: string } | undefined): Promise<DeleteOutcome> {
  if (login) {
    if (password === undefined || password === '') return { status: 'PASSWORD_REQUIRED' };
    return checkCurrentPassword(deps, caller, login.email, password);
  }
  const createdAt = await deps.core.sessionCreatedAt(caller.sessionHandle);
  return signedInRecently(createdAt, deps.now()) ? { status: 'OK' } : { status: 'SIGN_IN_AGAIN' };
}

export async function deleteAccount(deps: AccountDeps, caller: Caller, body: DeleteAccountBody): Promise<DeleteOutcome> {
  const core = await deps.core.account(caller.userId);
  if (!core) return { status: 'UNKNOWN_USER' };
  const confirmed = await ownerConfirmed(deps, caller, body.password, core.password);
  if (confirmed.status !== 'OK') return confirmed;

  const account = await getAccount(deps.db, caller.userId);
  if (account) await endBilling(await deps.stripe(), account);
  const emails = [account?.email, core.password?.email].filter((e): e is string => e !== undefined);
  await eraseUserData(deps, { userId: caller.userId, emails, address: caller.address });
  await deps.core.deleteUser(caller.userId);
  return { status: 'OK' };
}
