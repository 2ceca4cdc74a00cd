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

/** The step a deletion stopped at: the error, and the step it came from (so an answer can say what is done and what is not). */
export class DeletionStopped extends Error {
  constructor(
    readonly step: DeletionStep['name'],
    readonly error: unknown,
  ) {
    super(`account deletion stopped at its ${step} step: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    this.name = 'DeletionStopped';
  }
}

/** Runs every step from the start; each is safe to repeat, so a resumed deletion simply runs them all. A failing step stops it with DeletionStopped. */
export async function finishDeletion(deps: AccountDeps, mark: DeletionMark): Promise<void> {
  for (const step of deletionSteps) {
    try {
      await step.run(deps, mark);
    } catch (error) {
      throw new DeletionStopped(step.name, error);
    }
  }
}

/** Whether a deletion stopped at `step` had ended billing already (the billing step comes before it). */
export function billingEndedBefore(step: DeletionStep['name']): boolean {
  const at = (name: DeletionStep['name']) => deletionSteps.findIndex((s) => s.name === name);
  return at(step) > at('billing');
}
