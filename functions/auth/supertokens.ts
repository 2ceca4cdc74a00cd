/**
 * The one SuperTokens configuration (spec §7, §9): EmailPassword, ThirdParty (Google) and Session,
 * tenant `public`, API base /api/auth, website base /auth. Every Lambda that touches sessions inits
 * this same configuration (locally all handlers share one process, and SuperTokens keeps the first
 * init), lazily on its first request because the core's address is a secret.
 */
import supertokens from 'supertokens-node';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import Session from 'supertokens-node/recipe/session';
import ThirdParty from 'supertokens-node/recipe/thirdparty';
import type { TypeInput } from 'supertokens-node/types';
import { emailSchema, fieldError, newPasswordSchema } from '../../shared/schemas/accounts';
import { documentClient } from '../lib/dynamo';
import { logger } from '../lib/logger';
import { sendMail } from '../lib/mail';
import { getSecret } from '../lib/secrets';
import { EMAIL_CLAIM } from '../lib/access-token';
import { cookiesAreSecure } from '../lib/session-tokens';
import { ensureUserRecord } from '../users/users';
import { appInfo } from './app-info';
import { googleProvider } from './google';
import { passwordResetMail } from './password-reset-mail';
import { limitResetMail } from './auth-limits';
import { limitedEmailPasswordApis } from './emailpassword-apis';
import { markPasswordChecks } from './equal-time-sign-in';
import { endSessionsOnNewPassword } from './sessions-end-with-password';

function nameFrom(raw: { fromIdTokenPayload?: Record<string, unknown>; fromUserInfoAPI?: Record<string, unknown> }): string | undefined {
  const name = raw.fromIdTokenPayload?.name ?? raw.fromUserInfoAPI?.name;
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : undefined;
}

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
          ],
        },
        emailDelivery: {
          service: {
            sendEmail: limitResetMail(async (input) => sendMail(passwordResetMail(input.user.email, input.passwordResetLink)), { db: documentClient }),
          },
        },
        override: {
          functions: (original) => ({ ...original, updateEmailOrPassword: endSessionsOnNewPassword(original.updateEmailOrPassword.bind(original)), verifyCredentials: markPasswordChecks(original.verifyCredentials.bind(original)) }),
          apis: (original) => limitedEmailPasswordApis(original, { db: documentClient }),
        },
      }),
      ThirdParty.init({
        signInAndUpFeature: { providers: [googleProvider(env)] },
        override: {
          apis: (original) => ({
            ...original,
            // A new Google account gets its product record at once, with the name Google gave.
            signInUpPOST:
              original.signInUpPOST &&
              (async (input) => {
                const result = await original.signInUpPOST!(input);
                if (result.status === 'OK' && result.createdNewRecipeUser && result.user.emails[0]) {
                  await ensureUserRecord(documentClient(), { userId: result.user.id, email: result.user.emails[0], name: nameFrom(result.rawUserInfoFromProvider) }, new Date());
                  logger.info('account created', { method: 'google' });
                }
                return result;
              }),
          }),
        },
      }),
      Session.init({
        // spec §9: cookies on path /, SameSite Lax; Secure whenever the API is served over https.
        cookieSameSite: 'lax',
        cookieSecure: cookiesAreSecure(info.apiDomain),
        // The web app uses cookies; the desktop app asks for header-based tokens (st-auth-mode: header).
        getTokenTransferMethod: () => 'any',
        override: {
          functions: (original) => ({
            ...original,
            // The other Lambdas check tokens without the SDK (functions/lib/session.ts); the account's
            // email rides in the signed token so they need not ask the core who the user is.
            createNewSession: async (input) => {
              const user = await supertokens.getUser(input.userId, input.userContext);
              const email = user?.emails[0]?.toLowerCase();
              return original.createNewSession({ ...input, accessTokenPayload: { ...input.accessTokenPayload, ...(email ? { [EMAIL_CLAIM]: email } : {}) } });
            },
          }),
        },
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
