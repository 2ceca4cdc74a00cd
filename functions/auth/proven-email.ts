/**
 * What follows once a verification link has proven an address: a new address becomes the login's,
 * the record takes it as proven from now, and a Stripe customer's email follows it. Here, in auth,
 * because the verification recipe calls it; the account page's own "the address is already proven"
 * path (functions/account/change-email.ts) calls it too.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import supertokens from 'supertokens-node';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import { normaliseEmail } from '../../shared/schemas/credentials';
import { getAccount, recordProvenEmail } from '../user-record';
import { type StripeApi, stripeClient } from '../billing';
import { documentClient } from '../lib/dynamo';
import { logger } from '../lib/logger';

export type ChangeLoginEmailResult = { status: 'OK' | 'TAKEN' | 'UNKNOWN_USER' };

/** The login's email becomes `email` in the core (it signs in with it, and no longer with the old one). */
export async function changeLoginEmail(recipeUserId: string, email: string): Promise<ChangeLoginEmailResult> {
  const result = await EmailPassword.updateEmailOrPassword({ recipeUserId: supertokens.convertToRecipeUserId(recipeUserId), email });
  if (result.status === 'OK') return { status: 'OK' };
  if (result.status === 'UNKNOWN_USER_ID_ERROR') return { status: 'UNKNOWN_USER' };
  return { status: 'TAKEN' };
}

export interface FinishDeps {
  db: DynamoDBDocumentClient;
  core: {
    /** The user's email-password login, when it has one. */
    account(userId: string): Promise<{ password?: { email: string; recipeUserId: string } } | undefined>;
    changeEmail(recipeUserId: string, email: string): Promise<ChangeLoginEmailResult>;
  };
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

const sdkLogins: FinishDeps['core'] = {
  async account(userId) {
    const user = await supertokens.getUser(userId);
    if (!user) return undefined;
    const login = user.loginMethods.find((m) => m.recipeId === 'emailpassword' && m.email);
    return login ? { password: { email: login.email!, recipeUserId: login.recipeUserId.getAsString() } } : {};
  },
  changeEmail: changeLoginEmail,
};

export async function onEmailProven(proven: { recipeUserId: string; email: string }): Promise<void> {
  await finishEmailChange({ db: documentClient(), core: sdkLogins, stripe: () => stripeClient(), now: Date.now }, proven);
}
