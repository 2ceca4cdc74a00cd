/**
 * The account page's check of the current password (a password change, a deletion): the same
 * limits as a sign-in, counted in the same counters (functions/auth/sign-in-guard.ts), so the page
 * is no side door for guessing; a wrong password is a failed attempt, a right one counts only while
 * it is being checked, as a successful sign-in does.
 */
import { limitPasswordCheck } from '../auth';
import type { AccountDeps, Caller } from './deps';

export type PasswordCheck = { status: 'OK' } | { status: 'WRONG_PASSWORD' } | { status: 'TOO_MANY_ATTEMPTS'; retryAfterSeconds: number };

export async function checkCurrentPassword(deps: AccountDeps, caller: Caller, email: string, password: string): Promise<PasswordCheck> {
  const attempt = { email: email.trim().toLowerCase(), address: caller.address, at: deps.now() };
  const checked = await limitPasswordCheck(deps.db, attempt, () => deps.core.verifyPassword(email, password));
  if (!checked.allowed) return { status: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: checked.retryAfterSeconds };
  return checked.result.status === 'OK' ? { status: 'OK' } : { status: 'WRONG_PASSWORD' };
}
