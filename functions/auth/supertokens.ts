/**
 * The one SuperTokens configuration (spec §7, §9): EmailPassword, ThirdParty (Google), EmailVerification
 * (REQUIRED: ./email-verification.ts), WebAuthn with AccountLinking (passkeys: ./passkeys.ts) and Session,
 * (REQUIRED: ./email-verification.ts), TOTP and MultiFactorAuth (./second-factors.ts) and Session,
 * tenant `public`, API base /api/auth, website base /auth. The auth Lambda alone inits it (the others
 * ask the core over its HTTP API: docs/architecture.md#the-auth-core), lazily on its first request
 * because the core's address is a secret.
 */
import supertokens from 'supertokens-node';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import Session from 'supertokens-node/recipe/session';
import ThirdParty from 'supertokens-node/recipe/thirdparty';
import type { TypeInput } from 'supertokens-node/types';
import { emailSchema, fieldError, nameSchema, newPasswordSchema } from '../../shared/schemas/credentials';
import { documentClient } from '../lib/dynamo';
import { sendMail } from '../lib/mail';
import { getSecret } from '../lib/secrets';
import { cookiesAreSecure } from '../lib/session-tokens';
import { appInfo } from './app-info';
import { googleProvider } from './google';
import { passwordResetMail } from './password-reset-mail';
import { limitResetMail } from './auth-limits';
import { limitedEmailPasswordApis } from './emailpassword-apis';
import { emailPasswordFunctions } from './emailpassword-functions';
import { recordGoogleAccounts } from './google-sign-up';
import { googleSignUpsKeepAddresses } from './one-account-per-address';
import { clientsInSessions } from './clients-in-sessions';
import { emailClaimInNewSessions } from './session-email-claim';
import { sessionsRefuseDeleting } from './sessions-refuse-deleting';
import { emailVerificationRecipe } from './email-verification';
import { emailChangeDeps, onEmailProven } from './proven-email';
import { emailChangesFinishedInNewSessions } from './email-change-on-sign-in';
import { accountLinkingRecipe, passkeyRecipe } from './passkeys';
import { secondFactorRecipes } from './second-factors';

export function supertokensConfig(core: { connectionUri: string; apiKey: string }, env: NodeJS.ProcessEnv = process.env): TypeInput {
  const info = appInfo(env);
  return {
    framework: 'awsLambda',
    isInServerlessEnv: true,
    supertokens: { connectionURI: core.connectionUri, ...(core.apiKey ? { apiKey: core.apiKey } : {}) },
    appInfo: info,
    telemetry: false,
    recipeList: [
      EmailPassword.init({
        signUpFeature: {
          formFields: [
            { id: 'email', validate: async (value) => fieldError(emailSchema, value) },
            { id: 'password', validate: async (value) => fieldError(newPasswordSchema, value) },
            // The product record's name, saved with the account (./email-sign-up.ts).
            { id: 'name', optional: true, validate: async (value) => (value === undefined || value === '' ? undefined : fieldError(nameSchema, value)) },
          ],
        },
        emailDelivery: {
          service: {
            sendEmail: limitResetMail(async (input) => sendMail(passwordResetMail(input.user.email, input.passwordResetLink)), { db: documentClient }),
          },
        },
        override: {
          functions: (original) => emailPasswordFunctions(original, { db: documentClient }),
          apis: (original) => limitedEmailPasswordApis(original, { db: documentClient }),
        },
      }),
      ThirdParty.init({
        signInAndUpFeature: { providers: [googleProvider(env)] },
        // One account per address (./one-account-per-address.ts): a Google sign-up never makes a second one.
        override: { functions: googleSignUpsKeepAddresses, apis: (original) => recordGoogleAccounts(original, { db: documentClient }) },
      }),
      emailVerificationRecipe({ db: documentClient, send: sendMail, onVerified: onEmailProven }),
      // Passkeys (./passkeys.ts): WebAuthn, and account linking for a passkey joining its account only.
      passkeyRecipe({ db: documentClient, send: sendMail }, env),
      accountLinkingRecipe(),
      // The second step: TOTP and MultiFactorAuth (./second-factors.ts).
      ...secondFactorRecipes({ db: documentClient }),
      Session.init({
        // spec §9: cookies on path /, SameSite Lax; Secure whenever the API is served over https.
        cookieSameSite: 'lax',
        cookieSecure: cookiesAreSecure(info.apiDomain),
        // The web app uses cookies; the desktop app asks for header-based tokens (st-auth-mode: header).
        getTokenTransferMethod: () => 'any',
        // Each session carries the account's email in its token and remembers its client (./session-clients.ts);
        // none starts or is refreshed for an account being deleted (./sessions-refuse-deleting.ts); an email
        // change its account left part way is finished first (./email-change-on-sign-in.ts), so the token
        // carries the new address. The SDK's own functions are reachable only from the layer it hands over:
        // the outer overrides call only what they override themselves (createNewSession, refreshSession),
        // the inner one the SDK's.
        override: { functions: (original) => sessionsRefuseDeleting(emailChangesFinishedInNewSessions(emailClaimInNewSessions(clientsInSessions(original)), emailChangeDeps)) },
      }),
    ],
  };
}

let ready: Promise<void> | undefined;

/** Inits SuperTokens once per cold start, after the core's address has been read; a failure is retried next time. */
export function ensureSupertokens(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  ready ??= getSecret('supertokens', env).then((core) => supertokens.init(supertokensConfig(core, env)));
  ready.catch(() => (ready = undefined));
  return ready;
}
