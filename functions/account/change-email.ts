/**
 * Changing the account's email address (PATCH /api/account {email, password}), in two halves:
 *
 * - asked for here: the current password checked (with the sign-in limits), a link that proves the
 *   new address mailed to it and a notice to the old one. The answer is the same whether or not
 *   another account has the new address; then nothing is mailed to it, so the answer and the
 *   mailbox tell the asker nothing about anyone else. Links per account are limited as a resend is.
 * - finished when the link is used (functions/auth/email-verification.ts calls finishEmailChange):
 *   the login's email in the core (the old address stops signing in, the new one starts), the
 *   record's email and when it was proven, and the Stripe customer's email. Each step is safe to
 *   repeat; the core's proof of the pair is the durable mark the later ones follow from.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { normaliseEmail } from '../../shared/schemas/accounts';
import { getAccount } from '../accounts/account';
import { recordProvenEmail } from '../accounts/user-record';
import { VERIFY_RESEND_RULE } from '../auth/email-verification';
import { emailChangeNoticeMail, verificationMail } from '../auth/verification-mail';
import type { StripeApi } from '../billing/stripe-api';
import { logger } from '../lib/logger';
import type { Mail } from '../lib/mail';
import { hit } from '../lib/rate-limit';
import type { AccountCore } from './core';
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

export interface FinishDeps {
  db: DynamoDBDocumentClient;
  core: Pick<AccountCore, 'account' | 'changeEmail'>;
  stripe: () => Promise<StripeApi>;
  now: () => number;
}

/**
 * An address proven by its link: when it is not the login's address yet, it becomes it; the record
 * takes it as proven from now; a Stripe customer's receipts follow it. A proven address another
 * account took meanwhile changes nothing.
 */
export async function finishEmailChange(deps: FinishDeps, proven: { recipeUserId: string; email: string }): Promise<void> {
  const email = normaliseEmail(proven.email);
  const account = await deps.core.account(proven.recipeUserId);
  const login = account?.password;
  if (login && normaliseEmail(login.email) !== email) {
    const changed = await deps.core.changeEmail(login.recipeUserId, email);
    if (changed.status !== 'OK') {
      logger.warn('email change not finished', { status: changed.status });
      return;
    }
    logger.info('email changed');
  }
  await recordProvenEmail(deps.db, proven.recipeUserId, email, new Date(deps.now()));
  const record = await getAccount(deps.db, proven.recipeUserId);
  if (record?.stripeCustomerId && record.email === email) await (await deps.stripe()).updateCustomerEmail(record.stripeCustomerId, email);
}
