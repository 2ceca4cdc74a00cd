/**
 * Passkeys through SuperTokens' WebAuthn recipe, and the one account link the product makes.
 *
 * A passkey is added to a signed-in account with a proven address, never made as an account of its
 * own: the first one becomes the account's webauthn login method (the recipe's sign-up, linked to the
 * session's user by account linking), later ones are registered on that login method. Either way the
 * register options carry the account's address, whatever the browser sent. "Sign in with a passkey"
 * is the recipe's sign-in with a discoverable credential: the session is the account's. Account linking
 * is switched on for that link alone (`linksOnlyPasskeys`): no sign-up or sign-in links by address.
 *
 * The relying party is the site: its id the web origin's host (localhost locally, the domain deployed),
 * the origin the web origin itself. User verification is required, not the SDK's "preferred": a passkey
 * counts as two factors (docs/security.md#passkey-second-step) only if its device checked its owner.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import supertokens, { type User } from 'supertokens-node';
import AccountLinking from 'supertokens-node/recipe/accountlinking';
import EmailVerification from 'supertokens-node/recipe/emailverification';
import type { SessionContainer } from 'supertokens-node/recipe/session';
import Session from 'supertokens-node/recipe/session';
import { MultiFactorAuthClaim } from 'supertokens-node/recipe/multifactorauth';
import WebAuthn from 'supertokens-node/recipe/webauthn';
import type { APIInterface, RecipeInterface } from 'supertokens-node/recipe/webauthn/types';
import type { TypeInput as AccountLinkingInput } from 'supertokens-node/recipe/accountlinking/types';
import { PRODUCT_NAME } from '../../shared/product';
import { isBlankPasskeyName, passkeyNameSchema } from '../../shared/schemas/passkeys';
import { passkeyTexts } from '../../shared/texts/passkeys';
import { labelPasskey, markPasskeyUsed } from '../user-record';
import { HttpError } from '../lib/http-error';
import { logger } from '../lib/logger';
import type { Mail } from '../lib/mail';
import { appInfo } from './app-info';
import { passkeyMail } from './passkey-mail';
import { browserOf } from './session-clients';
import type { SdkRequest } from './request-address';

export interface PasskeyDeps {
  db: () => DynamoDBDocumentClient;
  send: (mail: Mail) => Promise<void>;
  now?: () => Date;
}

/** The relying party passkeys are made for: the site. */
export function relyingParty(env: NodeJS.ProcessEnv = process.env) {
  const web = new URL(appInfo(env).websiteDomain!);
  return { id: web.hostname, origin: web.origin, name: PRODUCT_NAME };
}

/** Marks the SDK calls made while adding a passkey, the one time linking may happen. */
const ADDING_PASSKEY = 'voxpenAddingPasskey';

/**
 * Links only while a passkey is being added: the session's own login becomes the account's primary
 * user, and the new webauthn user joins it. Both need the account's address proven first.
 */
export const linksOnlyPasskeys: NonNullable<AccountLinkingInput['shouldDoAutomaticAccountLinking']> = async (newAccountInfo, user, session, _tenantId, userContext) => {
  if (session === undefined || userContext[ADDING_PASSKEY] !== true) return { shouldAutomaticallyLink: false };
  const sessionLogin = user === undefined && 'recipeUserId' in newAccountInfo && newAccountInfo.recipeUserId?.getAsString() === session.getRecipeUserId(userContext).getAsString();
  const passkeyJoiningSession = newAccountInfo.recipeId === 'webauthn' && user?.id === session.getUserId(userContext);
  return sessionLogin || passkeyJoiningSession ? { shouldAutomaticallyLink: true, shouldRequireVerification: true } : { shouldAutomaticallyLink: false };
};

export function accountLinkingRecipe() {
  return AccountLinking.init({ shouldDoAutomaticAccountLinking: linksOnlyPasskeys });
}

/** The address passkey notices go to: the account's proven one (its first login's, a passkey's own last). */
function provenAddress(user: User): string | undefined {
  const logins = [...user.loginMethods].sort((a, b) => Number(a.recipeId === 'webauthn') - Number(b.recipeId === 'webauthn'));
  return logins.find((m) => m.verified && m.email)?.email;
}

/** The email register options carry: the account's passkey login's, else the login the session signed in with. */
function registrationEmail(user: User, session: SessionContainer): string | undefined {
  const passkeyLogin = user.loginMethods.find((m) => m.recipeId === 'webauthn');
  if (passkeyLogin?.email) return passkeyLogin.email;
  const own = user.loginMethods.find((m) => m.recipeUserId.getAsString() === session.getRecipeUserId().getAsString());
  return own?.email ?? user.emails[0];
}

/** The account's passkeys, as `excludeCredentials` names them. */
async function credentialsOf(user: User): Promise<{ id: string; type: 'public-key'; transports: ('ble' | 'hybrid' | 'internal' | 'nfc' | 'usb')[] }[]> {
  const logins = user.loginMethods.filter((m) => m.recipeId === 'webauthn');
  const lists = await Promise.all(logins.map((m) => WebAuthn.listCredentials({ recipeUserId: m.recipeUserId.getAsString() })));
  return lists.flatMap((l) => l.credentials.map((c) => ({ id: c.webauthnCredentialId, type: 'public-key' as const, transports: [] })));
}

async function proven(session: SessionContainer, userContext: Record<string, unknown>): Promise<User> {
  // A session whose address is not proven gets the SDK's 403 st-ev answer, as on every product route;
  // one that still owes its second step gets the 403 st-mfa answer: a passkey added by a password alone
  // would then complete the step, or sign in with no step at all.
  await session.assertClaims([EmailVerification.EmailVerificationClaim.validators.isVerified(), MultiFactorAuthClaim.validators.hasCompletedMFARequirementsForAuth()], userContext);
  const user = await supertokens.getUser(session.getUserId(), userContext);
  if (!user) throw new HttpError(401, passkeyTexts.api.addFromAccount);
  return user;
}

export function defaultPasskeyName(userAgent: string | undefined): string {
  const client = browserOf(userAgent);
  return client.kind === 'browser' && client.browser ? passkeyTexts.defaultName(client.browser, client.os) : passkeyTexts.unnamed;
}

function userAgentOf(req: unknown): string | undefined {
  return ((req as SdkRequest).original as { headers?: Record<string, string | undefined> } | undefined)?.headers?.['user-agent'];
}

/**
 * The name given, or, left blank, the browser and system that made the passkey ("Chrome on Linux"):
 * a name its owner can tell apart without having to think of one.
 */
async function nameFromBody(req: { getJSONBody(): Promise<unknown> }, userAgent: string | undefined): Promise<string> {
  const body = (await req.getJSONBody()) as { passkeyName?: unknown };
  if (isBlankPasskeyName(body.passkeyName)) return defaultPasskeyName(userAgent);
  const parsed = passkeyNameSchema.safeParse(body.passkeyName);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? passkeyTexts.nameRequired);
  return parsed.data;
}

export function passkeyApis(original: APIInterface, deps: PasskeyDeps): APIInterface {
  const now = deps.now ?? (() => new Date());
  const registerOptions = original.registerOptionsPOST!;
  const signUp = original.signUpPOST!;
  const signIn = original.signInPOST!;
  return {
    ...original,
    // Not offered: an account is recovered through its email or Google login; the list and removal are the account routes'.
    generateRecoverAccountTokenPOST: undefined,
    recoverAccountPOST: undefined,
    emailExistsGET: undefined,
    registerCredentialPOST: undefined,
    listCredentialsGET: undefined,
    removeCredentialPOST: undefined,

    registerOptionsPOST: async (input) => {
      const session = await Session.getSession(input.options.req, input.options.res, { sessionRequired: true, overrideGlobalClaimValidators: () => [] }, input.userContext);
      const user = await proven(session, input.userContext);
      const email = registrationEmail(user, session);
      if (!email) throw new HttpError(400, passkeyTexts.api.addFromAccount);
      const made = await registerOptions.call(original, { tenantId: input.tenantId, options: input.options, userContext: input.userContext, email, displayName: email });
      if (made.status !== 'OK') return made;
      // WebAuthn as the spec intends: one user handle per account (the core gives the first passkey's
      // options a handle of their own, before the account is the passkey login's primary user, so one
      // authenticator could keep two entries for one account), and the account's credentials excluded,
      // so an authenticator that holds one says so instead of making a second.
      return { ...made, user: { ...made.user, id: Buffer.from(user.id).toString('base64url') }, excludeCredentials: await credentialsOf(user) };
    },

    signUpPOST: async (input) => {
      if (!input.session || input.shouldTryLinkingWithSessionUser !== true) throw new HttpError(400, passkeyTexts.api.addFromAccount);
      const session = input.session;
      const user = await proven(session, input.userContext);
      const name = await nameFromBody(input.options.req, userAgentOf(input.options.req));
      input.userContext[ADDING_PASSKEY] = true;
      const passkeyLogin = user.loginMethods.find((m) => m.recipeId === 'webauthn');
      let result: Awaited<ReturnType<typeof signUp>>;
      if (passkeyLogin) {
        // The account has its passkey login: a further passkey is one more credential of it.
        const options = await input.options.recipeImplementation.getGeneratedOptions({ webauthnGeneratedOptionsId: input.webauthnGeneratedOptionsId, tenantId: input.tenantId, userContext: input.userContext });
        if (options.status !== 'OK' || options.email !== passkeyLogin.email) return { status: 'OPTIONS_NOT_FOUND_ERROR' };
        const registered = await input.options.recipeImplementation.registerCredential({
          webauthnGeneratedOptionsId: input.webauthnGeneratedOptionsId,
          credential: input.credential,
          recipeUserId: passkeyLogin.recipeUserId.getAsString(),
          userContext: input.userContext,
        });
        if (registered.status !== 'OK') return registered;
        result = { status: 'OK', user, session };
      } else {
        result = await signUp.call(original, input);
      }
      if (result.status === 'OK') {
        await labelPasskey(deps.db(), user.id, input.credential.id, name, now());
        logger.info('passkey added');
        const to = provenAddress(result.user);
        if (to) await deps.send(passkeyMail(to, 'added', name, { userAgent: userAgentOf(input.options.req), at: now().getTime() }));
      }
      return result;
    },

    signInPOST: async (input) => {
      let result: Awaited<ReturnType<typeof signIn>>;
      try {
        result = await signIn.call(original, input);
      } catch (error) {
        // The SDK refuses another account's passkey sent with a session (the second step) by throwing
        // its own bad-input error, whose sentence is about its internals ("shouldDoAutomaticAccountLinking
        // returned false…"): the client gets the recipe's documented answer for a passkey that does not
        // sign in here, and the log keeps the sentence.
        if (!(supertokens.Error.isErrorFromSuperTokens(error) && error.type === supertokens.Error.BAD_INPUT_ERROR)) throw error;
        logger.info('passkey sign-in refused by the SDK', { reason: error.message });
        return { status: 'INVALID_CREDENTIALS_ERROR' };
      }
      if (result.status === 'OK') await markPasskeyUsed(deps.db(), result.user.id, input.credential.id, now());
      return result;
    },
  };
}

/** The options the core makes ask the authenticator to verify its user, and the core then checks the assertion's flag. */
export function passkeyFunctions(original: RecipeInterface): RecipeInterface {
  return {
    ...original,
    registerOptions: (input) => original.registerOptions({ ...input, userVerification: 'required' }),
    signInOptions: (input) => original.signInOptions({ ...input, userVerification: 'required' }),
  };
}

export function passkeyRecipe(deps: PasskeyDeps, env: NodeJS.ProcessEnv = process.env) {
  const rp = relyingParty(env);
  return WebAuthn.init({
    getRelyingPartyId: async () => rp.id,
    getRelyingPartyName: async () => rp.name,
    getOrigin: async () => rp.origin,
    override: { functions: passkeyFunctions, apis: (original) => passkeyApis(original, deps) },
  });
}
