/**
 * Changing the account's email address (PATCH /api/account {email, password}), in two halves:
 *
 * - asked for here: the current password checked (with the sign-in limits), a link that proves the
 *   new address mailed to it and a notice to the old one. The answer is the same whether or not
 *   another account has the new address; then nothing is mailed to it, so the answer and the
 *   mailbox tell the asker nothing about anyone else. Links per account are limited as a resend is.
 * - finished when the link is used (functions/auth/proven-email.ts finishEmailChange, which the verification recipe calls):
 *   the login's email in the core (the old address stops signing in, the new one starts), the
 *   record's email and when it was proven, and the Stripe customer's email. Each step is safe to
 *   repeat; the core's proof of the pair is the durable mark the later ones follow from.
 */
import { normaliseEmail } from '../../shared/schemas/credentials';
import { VERIFY_RESEND_RULE, finishEmailChange, emailChangeNoticeMail, verificationMail } from '../auth';
import { logger } from '../lib/logger';
import type { Mail } from '../lib/mail';
import { hit } from '../lib/rate-limit';
import type { AccountDeps, Caller } from './deps';
import { checkCurrentPassword, type PasswordCheck } from './password-check';

export type EmailChangeOutcome =
  | { status: 'OK'; email: string }
  | { status: 'UNCHANGED' }
  | { status: 'UNKNOWN_USER' }
  | { status: 'GOOGLE_ONLY' }
  | { status: 'PASSWORD_REQUIRED' }
  | { status: 'LINKS_LIMITED'; retryAfterSeconds: number }
  | Exclude<PasswordCheck, { status: 'OK' }>;

export interface EmailChangeDeps extends AccountDeps {
  send: (mail: Mail) => Promise<void>;
  /** The site's origin, for the link (/verify-email?token=…). */
  webOrigin: string;
}

export async function requestEmailChange(deps: EmailChangeDeps, caller: Caller, body: { email: string; password?: string }): Promise<EmailChangeOutcome> {
  const account = await deps.core.account(caller.userId);
  if (!account) return { status: 'UNKNOWN_USER' };
  if (!account.password) return { status: 'GOOGLE_ONLY' };
  if (body.password === undefined || body.password === '') return { status: 'PASSWORD_REQUIRED' };
  const check = await checkCurrentPassword(deps, caller, account.password.email, body.password);
  if (check.status !== 'OK') return check;

  const email = normaliseEmail(body.email);
  const current = normaliseEmail(account.password.email);
  if (email === current) return { status: 'UNCHANGED' };
  const limited = await hit(deps.db, VERIFY_RESEND_RULE, account.password.recipeUserId, deps.now());
  if (!limited.allowed) return { status: 'LINKS_LIMITED', retryAfterSeconds: limited.retryAfterSeconds };

  if (await deps.core.emailTakenByAnother(email, caller.userId)) {
    logger.info('email change asked for an address another account has: nothing sent to it');
  } else {
    const proof = await deps.core.emailProofToken(account.password.recipeUserId, email);
    if (proof.status === 'ALREADY_PROVEN') {
      // This login proved the address before (a change back): nothing to prove again.
      await finishEmailChange(deps, { recipeUserId: account.password.recipeUserId, email });
    } else {
      await deps.send(verificationMail(email, `${deps.webOrigin}/verify-email?token=${encodeURIComponent(proof.token)}`, 'email-change'));
    }
  }
  await deps.send(emailChangeNoticeMail(current));
  return { status: 'OK', email };
}
