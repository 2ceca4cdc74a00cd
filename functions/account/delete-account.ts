/**
 * DELETE /api/account (GDPR article 17): the account and its data, for good. The caller has proved it
 * is the owner once more with the route's step-up proof (functions/lib/step-up.ts, before this runs):
 * the password, or for a Google account a code from its authenticator app or a sign-in within the
 * last 10 minutes, so a session left open on a shared computer cannot delete it.
 *
 * Then the deletion is a job (./deletion-job.ts): the account is marked as being deleted and every
 * session revoked, so nothing new starts; billing ends through Stripe, the product's items go, the core
 * deletes the user, and the record (with the mark) goes last, each step safe to repeat. If the request
 * stops part way the sweeper (./sweeper.ts) finishes it within minutes. A Stripe subscription that
 * starts for the account anyway (a checkout paid meanwhile) is canceled by the webhook at once
 * (functions/billing/subscription-events.ts).
 *
 * The email may sign up again afterwards, as a new Free account with a trial of its own: the one
 * trial is per account, and refusing it would mean keeping something of the deleted email, which the
 * owner asked us to erase, against a rule a new address gets round anyway.
 */
import type { DeleteAccountBody } from '../../shared/schemas/account';
import { getAccount, markDeleting } from '../user-record';
import { logger } from '../lib/logger';
import { DeletionStopped, billingEndedBefore, finishDeletion } from './deletion-job';
import type { AccountDeps, Caller } from './deps';

export type DeleteOutcome =
  /** Marked, and finished unless a step failed: the sweeper finishes what is left; `billingEnded` says whether billing is stopped already. */
  | { status: 'ACCEPTED'; finished: true }
  | { status: 'ACCEPTED'; finished: false; billingEnded: boolean }
  | { status: 'UNKNOWN_USER' };

export async function deleteAccount(deps: AccountDeps, caller: Caller, body: DeleteAccountBody): Promise<DeleteOutcome> {
  const core = await deps.core.account(caller.userId);
  if (!core) return { status: 'UNKNOWN_USER' };

  const account = await getAccount(deps.db, caller.userId);
  const emails = [...new Set([account?.email, core.password?.email].filter((e): e is string => e !== undefined))];
  const { mark } = await markDeleting(deps.db, caller.userId, { emails, address: caller.address }, deps.now());
  await deps.core.endAllSessions(caller.userId);
  try {
    await finishDeletion(deps, mark);
    return { status: 'ACCEPTED', finished: true };
  } catch (error) {
    // The mark stands and every session has ended: the sweeper finishes the rest.
    const step = error instanceof DeletionStopped ? error.step : 'sessions';
    const cause = error instanceof DeletionStopped ? error.error : error;
    logger.warn('account deletion stopped part way; the sweeper finishes it', { userId: caller.userId, step, error: { name: (cause as Error).name, message: (cause as Error).message } });
    return { status: 'ACCEPTED', finished: false, billingEnded: billingEndedBefore(step) };
  }
}
