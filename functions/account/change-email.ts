/**
 * Changing the account's email address (PATCH /api/account {email, password}), in two halves:
 *
 * - asked for here (the current password is the route's step-up proof, functions/lib/step-up.ts, checked
 *   with the sign-in limits before this runs): a link that proves the
 *   new address mailed to it and a notice to the old one. The answer is the same whether or not
 *   another account has the new address; then nothing is mailed to it, so the answer and the
 *   mailbox tell the asker nothing about anyone else. Links per account are limited as a resend is.
 * - finished when the link is used, as a job (functions/auth/email-change-job.ts, which the
 *   verification recipe runs): a mark on the record first, then the login's email in the core (the
 *   old address stops signing in, the new one starts), the passkey login's, the record's email and
 *   when it was proven, the Stripe customer's email and a notice to the old address, each safe to
 *   repeat. Asked for again while that job stands unfinished, the same change finishes it rather
 *   than answering that the address is already the account's.
 */
import { normaliseEmail } from '../../shared/schemas/credentials';
import { VERIFY_RESEND_RULE, finishEmailChange, emailChangeNoticeMail, runEmailChange, verificationMail, type EmailChangeCore } from '../auth';
import { emailChangeMarkOf, getAccount, markEmailChange } from '../user-record';
import { logger } from '../lib/logger';
import type { Mail } from '../lib/mail';
import { hit } from '../lib/rate-limit';
import type { AccountDeps, Caller } from './deps';

export type EmailChangeOutcome =
  /** Asked for (a link sent), or `finished`: a change to the address left part way, done now. */
  | { status: 'OK'; email: string; finished?: boolean }
  | { status: 'UNCHANGED' }
  | { status: 'UNKNOWN_USER' }
  | { status: 'GOOGLE_ONLY' }
  | { status: 'LINKS_LIMITED'; retryAfterSeconds: number };

export interface EmailChangeDeps extends AccountDeps {
  send: (mail: Mail) => Promise<void>;
  /** The site's origin, for the link (/verify-email?token=…&change=email: the page that uses it then says the address changed). */
  webOrigin: string;
  /** What the email change job asks of the core (functions/auth/email-change-job.ts). */
  jobCore: EmailChangeCore;
}

/**
 * The same change asked for again: a change to `email` left part way (its mark standing, or, from
 * before the job had a mark, a record still on another address) is finished now.
 */
async function finishUnfinished(deps: EmailChangeDeps, userId: string, email: string): Promise<boolean> {
  const record = await getAccount(deps.db, userId);
  if (!record) return false;
  const mark = emailChangeMarkOf(record);
  const unfinished = mark?.emailChangeTo === email || (mark === undefined && normaliseEmail(record.email ?? email) !== email);
  if (!unfinished) return false;
  const resumed = mark ?? (await markEmailChange(deps.db, userId, { from: normaliseEmail(record.email), to: email }, deps.now()));
  if (!resumed) return false;
  await runEmailChange({ ...deps, core: deps.jobCore }, resumed);
  return true;
}

export async function requestEmailChange(deps: EmailChangeDeps, caller: Caller, body: { email: string; password?: string }): Promise<EmailChangeOutcome> {
  const account = await deps.core.account(caller.userId);
  if (!account) return { status: 'UNKNOWN_USER' };
  if (!account.password) return { status: 'GOOGLE_ONLY' };

  const email = normaliseEmail(body.email);
  const current = normaliseEmail(account.password.email);
  if (email === current) return (await finishUnfinished(deps, caller.userId, email)) ? { status: 'OK', email, finished: true } : { status: 'UNCHANGED' };
  const limited = await hit(deps.db, VERIFY_RESEND_RULE, account.password.recipeUserId, deps.now());
  if (!limited.allowed) return { status: 'LINKS_LIMITED', retryAfterSeconds: limited.retryAfterSeconds };

  if (await deps.core.emailTakenByAnother(email, caller.userId)) {
    logger.info('email change asked for an address another account has: nothing sent to it');
  } else {
    // The job's mark, before the link goes out (functions/auth/email-change-job.ts): from here on a
    // sign-in, the sweeper or the same request again can finish what the link starts.
    await markEmailChange(deps.db, caller.userId, { from: current, to: email }, deps.now());
    const proof = await deps.core.emailProofToken(account.password.recipeUserId, email);
    if (proof.status === 'ALREADY_PROVEN') {
      // This login proved the address before (a change back): nothing to prove again.
      await finishEmailChange({ ...deps, core: deps.jobCore }, { recipeUserId: account.password.recipeUserId, email });
    } else {
      await deps.send(verificationMail(email, `${deps.webOrigin}/verify-email?token=${encodeURIComponent(proof.token)}&change=email`, 'email-change'));
    }
  }
  await deps.send(emailChangeNoticeMail(current));
  return { status: 'OK', email };
}
