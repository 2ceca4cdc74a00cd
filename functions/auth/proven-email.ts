/**
 * What follows once a verification link has proven an address: the email change job
 * (./email-change-job.ts), run against the core over its HTTP API (./login-changes.ts). Here, in
 * auth, because the verification recipe calls it; the account page (functions/account/change-email.ts),
 * sign-in (./email-change-on-sign-in.ts) and the sweeper run the same job.
 */
import { stripeClient } from '../billing';
import { coreConnection } from '../lib/core-api';
import { isEmailVerifiedInCore } from '../lib/core-session';
import { coreUser } from '../lib/core-users';
import { documentClient } from '../lib/dynamo';
import { sendMail } from '../lib/mail';
import { finishEmailChange, type EmailChangeCore, type EmailChangeDeps } from './email-change-job';
import { changeLoginEmail, changePasskeyEmail, proveEmail } from './login-changes';

/** The email change job's calls to the core. */
export const emailChangeCore: EmailChangeCore = {
  async logins(userId) {
    const user = await coreUser(await coreConnection(), userId);
    if (!user) return undefined;
    const password = user.loginMethods.find((m) => m.recipeId === 'emailpassword' && m.email);
    const passkey = user.loginMethods.find((m) => m.recipeId === 'webauthn' && m.email);
    return {
      userId: user.id,
      ...(password ? { password: { email: password.email!, recipeUserId: password.recipeUserId } } : {}),
      ...(passkey ? { passkey: { email: passkey.email!, recipeUserId: passkey.recipeUserId, verified: passkey.verified } } : {}),
    };
  },
  changeEmail: async (recipeUserId, email) => changeLoginEmail(await coreConnection(), recipeUserId, email),
  changePasskeyEmail: async (recipeUserId, email) => changePasskeyEmail(await coreConnection(), recipeUserId, email),
  emailProven: async (recipeUserId, email) => isEmailVerifiedInCore(await coreConnection(), recipeUserId, email),
  proveEmail: async (recipeUserId, email) => proveEmail(await coreConnection(), recipeUserId, email),
};

/** The job's dependencies in a Lambda: the shared clients and the core. */
export function emailChangeDeps(): EmailChangeDeps {
  return { db: documentClient(), core: emailChangeCore, stripe: () => stripeClient(), send: sendMail, now: Date.now };
}

export async function onEmailProven(proven: { recipeUserId: string; email: string }): Promise<void> {
  await finishEmailChange(emailChangeDeps(), proven);
}
