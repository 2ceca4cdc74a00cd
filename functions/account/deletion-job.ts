/**
 * An account's deletion as a job that finishes: marked first (functions/user-record/deletion.ts: one
 * conditional write on the users item, and every session revoked, so nothing new starts), then these
 * steps in order, each safe to repeat, the mark removed last with the record. A deletion stopped
 * after any step (a Lambda killed, a dependency down) is finished by the next request or by the
 * sweeper (./sweeper.ts), which runs them all again from the mark.
 */
import { getAccount, provenAddressOf, deleteAccountRecord, type DeletionMark } from '../user-record';
import { endBilling } from './end-billing';
import type { AccountDeps } from './deps';
import { eraseUserData } from './user-data';

export interface DeletionStep {
  name: 'sessions' | 'billing' | 'data' | 'core user' | 'record';
  run(deps: AccountDeps, mark: DeletionMark): Promise<void>;
}

export const deletionSteps: readonly DeletionStep[] = [
  // Again on a resume: a sign-in made while the deletion stood still ends too.
  { name: 'sessions', run: async (deps, mark) => void (await deps.core.endAllSessions(mark.userId)) },
  {
    name: 'billing',
    run: async (deps, mark) => {
      const account = await getAccount(deps.db, mark.userId);
      if (account?.stripeCustomerId || account?.openCheckout || account?.subscription) await endBilling(await deps.stripe(), account);
    },
  },
  {
    name: 'data',
    run: async (deps, mark) => {
      // The record is still there (it goes last): its proven address bounds the contact messages erased.
      const account = await getAccount(deps.db, mark.userId);
      await eraseUserData(deps, { userId: mark.userId, emails: mark.deletingEmails ?? [], proven: account && provenAddressOf(account), address: mark.deletingAddress ?? '' });
    },
  },
  { name: 'core user', run: (deps, mark) => deps.core.deleteUser(mark.userId) },
  { name: 'record', run: (deps, mark) => deleteAccountRecord(deps.db, mark.userId) },
];

/** Runs every step from the start; each is safe to repeat, so a resumed deletion simply runs them all. */
export async function finishDeletion(deps: AccountDeps, mark: DeletionMark): Promise<void> {
  for (const step of deletionSteps) await step.run(deps, mark);
}
