/**
 * Every item the product keeps about a user, outside the auth core and Stripe, deleted (an account's
 * deletion): its custom vocabulary and preferences (the whole vocabulary partition), its usage (the months, and the Idempotency-Key records kept beside them in its usage
 * partition), the desktop sign-in codes its sessions were handed, the rate-limit counters keyed by
 * its email (sign-in failures on it, reset mails to it, and its pair with this request's address;
 * those keyed by an address alone are the address's, not the user's) and its usage reports' rate, the contact messages sent from
 * its proven address since it was proven (what came before may be a stranger's). The account's record is not here: it carries the deletion's mark and goes last
 * (./deletion-job.ts). Each step is safe to repeat.
 */
import { RESET_MAIL_PAIR_RULE, RESET_MAIL_RULE, resetMailPair, deleteHandoffCodesOf, forgetPasswordChecksOf, forgetStepAddresses } from '../auth';
import { deleteContactMessagesFrom, type ProvenAddress } from '../contact';
import { reset } from '../lib/rate-limit';
import { USAGE_REPORT_RATE, deleteUsageHistory } from '../usage';
import { deleteVocabularyOf } from '../vocabulary';
import type { AccountDeps } from './deps';

export interface Erased {
  usageMonths: number;
  handoffCodes: number;
  contactMessages: number;
  vocabularyItems: number;
}

export async function eraseUserData(deps: Pick<AccountDeps, 'db'>, who: { userId: string; emails: string[]; proven?: ProvenAddress; address: string }): Promise<Erased> {
  const { db } = deps;
  const emails = [...new Set(who.emails.map((e) => e.trim().toLowerCase()))];
  const [usageMonths, handoffCodes, messages, vocabularyItems] = await Promise.all([
    deleteUsageHistory(db, who.userId),
    deleteHandoffCodesOf(db, who.userId),
    who.proven ? deleteContactMessagesFrom(db, who.proven) : 0,
    deleteVocabularyOf(db, who.userId),
    Promise.all(
      emails.flatMap((email) => [forgetPasswordChecksOf(db, email, who.address), reset(db, RESET_MAIL_RULE, email), reset(db, RESET_MAIL_PAIR_RULE, resetMailPair(email, who.address))]),
    ),
    reset(db, USAGE_REPORT_RATE, who.userId),
    forgetStepAddresses(db, who.userId),
  ]);
  return { usageMonths, handoffCodes, contactMessages: messages, vocabularyItems };
}
