/**
 * What follows once a verification link has proven an address: the email change job
 * (./email-change-job.ts), run against the core through supertokens-node. Here, in auth, because the
 * verification recipe calls it; the account page (functions/account/change-email.ts), sign-in
 * (./email-change-on-sign-in.ts) and the sweeper run the same job.
 */
import supertokens from 'supertokens-node';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import EmailVerification from 'supertokens-node/recipe/emailverification';
import WebAuthn from 'supertokens-node/recipe/webauthn';
import { stripeClient } from '../billing';
import { documentClient } from '../lib/dynamo';
import { sendMail } from '../lib/mail';
import { TENANT_ID } from './app-info';
import { finishEmailChange, type ChangeLoginEmailResult, type EmailChangeCore, type EmailChangeDeps } from './email-change-job';

/** The login's email becomes `email` in the core (it signs in with it, and no longer with the old one). */
export async function changeLoginEmail(recipeUserId: string, email: string): Promise<ChangeLoginEmailResult> {
  const result = await EmailPassword.updateEmailOrPassword({ recipeUserId: supertokens.convertToRecipeUserId(recipeUserId), email });
  if (result.status === 'OK') return { status: 'OK' };
  if (result.status === 'UNKNOWN_USER_ID_ERROR') return { status: 'UNKNOWN_USER' };
  return { status: 'TAKEN' };
}

/** The email change job's calls to the core, through supertokens-node. */
export const sdkEmailChangeCore: EmailChangeCore = {
  async logins(userId) {
    const user = await supertokens.getUser(userId);
    if (!user) return undefined;
    const password = user.loginMethods.find((m) => m.recipeId === 'emailpassword' && m.email);
    const passkey = user.loginMethods.find((m) => m.recipeId === 'webauthn' && m.email);
    return {
      userId: user.id,
      ...(password ? { password: { email: password.email!, recipeUserId: password.recipeUserId.getAsString() } } : {}),
      ...(passkey ? { passkey: { email: passkey.email!, recipeUserId: passkey.recipeUserId.getAsString(), verified: passkey.verified } } : {}),
    };
  },
  changeEmail: changeLoginEmail,
  async changePasskeyEmail(recipeUserId, email) {
    const result = await WebAuthn.updateUserEmail({ recipeUserId, email, tenantId: TENANT_ID });
    if (result.status === 'OK') return { status: 'OK' };
    if (result.status === 'UNKNOWN_USER_ID_ERROR') return { status: 'UNKNOWN_USER' };
    return { status: 'TAKEN' };
  },
  emailProven: (recipeUserId, email) => EmailVerification.isEmailVerified(supertokens.convertToRecipeUserId(recipeUserId), email),
  async proveEmail(recipeUserId, email) {
    const created = await EmailVerification.createEmailVerificationToken(TENANT_ID, supertokens.convertToRecipeUserId(recipeUserId), email);
    if (created.status === 'OK') await EmailVerification.verifyEmailUsingToken(TENANT_ID, created.token, false);
  },
};

/** The job's dependencies in a Lambda: the shared clients and the SDK's core. */
export function emailChangeDeps(): EmailChangeDeps {
  return { db: documentClient(), core: sdkEmailChangeCore, stripe: () => stripeClient(), send: sendMail, now: Date.now };
}

export async function onEmailProven(proven: { recipeUserId: string; email: string }): Promise<void> {
  await finishEmailChange(emailChangeDeps(), proven);
}
