/**
 * An email change as a job that finishes (docs/architecture.md#jobs), as a deletion is
 * (functions/account/deletion-job.ts). The users item is marked first, when the change is asked for
 * (functions/user-record/email-change.ts), before the link goes out; the owner using the link is the
 * job's first step, then these steps run in order, each safe to repeat, and the mark goes last. A
 * change stopped after any step (a Lambda killed, a dependency down) is finished by the account's
 * next sign-in (./email-change-on-sign-in.ts), by asking for the same change again
 * (functions/account/change-email.ts), or by the sweeper (functions/account/sweeper.ts), each
 * running every step again from the mark; the first step stops them while the link is unused, and
 * drops the mark once the link has expired.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { normaliseEmail } from '../../shared/schemas/credentials';
import type { StripeApi } from '../billing';
import { clearEmailChange, emailChangeMarkOf, emailChangeNoticed, getAccount, markEmailChange, recordProvenEmail, type EmailChangeMark } from '../user-record';
import { logger } from '../lib/logger';
import type { Mail } from '../lib/mail';
import { emailChangedNoticeMail } from './verification-mail';

export type ChangeLoginEmailResult = { status: 'OK' | 'TAKEN' | 'UNKNOWN_USER' };

/** An account's logins as the job needs them: its id, its email-password login, and its passkey login (the webauthn recipe's), when it has them. */
export interface AccountLogins {
  userId: string;
  password?: { email: string; recipeUserId: string };
  passkey?: { email: string; recipeUserId: string; verified: boolean };
}

/** What the job asks of the core. */
export interface EmailChangeCore {
  /** The account of a user or recipe user (a linked login answers its account). */
  logins(userId: string): Promise<AccountLogins | undefined>;
  /** The password login's email becomes `email` (it signs in with it, and no longer with the old one). */
  changeEmail(recipeUserId: string, email: string): Promise<ChangeLoginEmailResult>;
  /** The passkey login's email becomes `email` (the address the OS's passkey picker shows and the old one freed). */
  changePasskeyEmail(recipeUserId: string, email: string): Promise<ChangeLoginEmailResult>;
  /** Records `email` as proven for a login: the link proved it for the account. */
  proveEmail(recipeUserId: string, email: string): Promise<void>;
  /** Whether the login has proven `email` (its link used, or proven before). */
  emailProven(recipeUserId: string, email: string): Promise<boolean>;
}

export interface EmailChangeDeps {
  db: DynamoDBDocumentClient;
  core: EmailChangeCore;
  stripe: () => Promise<StripeApi>;
  send: (mail: Mail) => Promise<void>;
  /** Epoch ms. */
  now: () => number;
}

export interface EmailChangeStep {
  name: 'proof' | 'login' | 'passkey login' | 'record' | 'billing' | 'notice' | 'mark';
  /** False stops the job: the change cannot be made (the address was taken meanwhile). */
  run(deps: EmailChangeDeps, mark: EmailChangeMark): Promise<boolean | void>;
}

/** How long the link a change mails is good for (the core's email verification token lifetime): a mark whose link is unused past it is dropped. */
export const EMAIL_CHANGE_LINK_MS = 24 * 60 * 60 * 1000;

export const emailChangeSteps: readonly EmailChangeStep[] = [
  {
    // The owner's proof of the new address (its link used): nothing moves before it.
    name: 'proof',
    async run(deps, mark) {
      const login = (await deps.core.logins(mark.userId))?.password;
      if (!login) return false;
      if (await deps.core.emailProven(login.recipeUserId, mark.emailChangeTo)) return;
      if (deps.now() - mark.emailChangeSince > EMAIL_CHANGE_LINK_MS) await clearEmailChange(deps.db, mark.userId, mark.emailChangeTo);
      return false;
    },
  },
  {
    name: 'login',
    async run(deps, mark) {
      const login = (await deps.core.logins(mark.userId))?.password;
      if (!login || normaliseEmail(login.email) === mark.emailChangeTo) return;
      const changed = await deps.core.changeEmail(login.recipeUserId, mark.emailChangeTo);
      if (changed.status === 'OK') return logger.info('email changed');
      // Another account took the address between its proof and now: the change cannot happen.
      logger.warn('email change abandoned: the address is not free', { status: changed.status });
      await clearEmailChange(deps.db, mark.userId, mark.emailChangeTo);
      return false;
    },
  },
  {
    name: 'passkey login',
    async run(deps, mark) {
      const passkey = (await deps.core.logins(mark.userId))?.passkey;
      if (!passkey) return;
      if (normaliseEmail(passkey.email) !== mark.emailChangeTo) {
        const changed = await deps.core.changePasskeyEmail(passkey.recipeUserId, mark.emailChangeTo);
        // A stranger's passkey login holding the address cannot be moved; the account's other logins still follow.
        if (changed.status !== 'OK') return logger.warn('passkey login kept its email', { status: changed.status });
      } else if (passkey.verified) return;
      await deps.core.proveEmail(passkey.recipeUserId, mark.emailChangeTo);
    },
  },
  { name: 'record', run: (deps, mark) => recordProvenEmail(deps.db, mark.userId, mark.emailChangeTo, new Date(deps.now())) },
  {
    name: 'billing',
    async run(deps, mark) {
      const record = await getAccount(deps.db, mark.userId);
      if (record?.stripeCustomerId && record.email === mark.emailChangeTo) await (await deps.stripe()).updateCustomerEmail(record.stripeCustomerId, mark.emailChangeTo);
    },
  },
  {
    name: 'notice',
    async run(deps, mark) {
      // Read again: a resume must not send it twice (a crash between the mail and its note can, at worst).
      const record = await getAccount(deps.db, mark.userId);
      if (!record || record.emailChangeNoticeSent || record.emailChangeTo !== mark.emailChangeTo) return;
      await deps.send(emailChangedNoticeMail(mark.emailChangeFrom));
      await emailChangeNoticed(deps.db, mark.userId, mark.emailChangeTo);
    },
  },
  { name: 'mark', run: (deps, mark) => clearEmailChange(deps.db, mark.userId, mark.emailChangeTo) },
];

/** Runs every step from the start; each is safe to repeat, so a resumed change simply runs them all. True when it ran to the end (false: the link is unused yet, or the change cannot happen). */
export async function runEmailChange(deps: EmailChangeDeps, mark: EmailChangeMark): Promise<boolean> {
  for (const step of emailChangeSteps) if ((await step.run(deps, mark)) === false) return false;
  return true;
}

/** The account's unfinished change, if its item is marked. */
export async function pendingEmailChange(db: DynamoDBDocumentClient, userId: string): Promise<EmailChangeMark | undefined> {
  const record = await getAccount(db, userId);
  return record && emailChangeMarkOf(record);
}

/**
 * An address proven by its link for a password login (the verification recipe calls this, and the
 * account page's "already proven" path): the job runs from the account's mark, written when the
 * change was asked for (or now, for a link older than the mark). A proof of the address the login
 * already has and no change is pending to (a sign-up's) records it as proven. Nothing moves for an
 * account being deleted.
 */
export async function finishEmailChange(deps: EmailChangeDeps, proven: { recipeUserId: string; email: string }): Promise<void> {
  const email = normaliseEmail(proven.email);
  const logins = await deps.core.logins(proven.recipeUserId);
  const login = logins?.password;
  // A proof for another login (the passkey login's, which the job itself proves) moves nothing.
  if (!logins || !login || login.recipeUserId !== proven.recipeUserId) return;
  const record = await getAccount(deps.db, logins.userId);
  if (record?.deletingSince !== undefined) return;
  const from = normaliseEmail(login.email);
  const unfinished = record && emailChangeMarkOf(record);
  const unmarked = { userId: logins.userId, emailChangeTo: email, emailChangeFrom: from, emailChangeSince: deps.now() };
  if (from === email && unfinished?.emailChangeTo !== email) {
    for (const name of ['record', 'billing'] as const) await emailChangeSteps.find((s) => s.name === name)!.run(deps, unmarked);
    return;
  }
  // An account without a record yet has nothing to mark: its logins move, and its first sign-in makes the record with the new address.
  const mark = unfinished?.emailChangeTo === email ? unfinished : record ? await markEmailChange(deps.db, logins.userId, { from, to: email }, deps.now()) : undefined;
  await runEmailChange(deps, mark ?? unmarked);
}
