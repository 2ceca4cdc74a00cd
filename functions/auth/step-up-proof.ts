/**
 * The step-up's checks (functions/lib/step-up.ts has the rule) made with the SuperTokens core: the
 * password under the sign-in limits (./sign-in-guard.ts: a wrong one is a failed sign-in), an
 * authenticator code under the second-step limits (./code-check-limits.ts), a passkey assertion (the
 * core's sign-in check, which uses its options up, then the credential looked up among the account's
 * own), the session's creation.
 * The two Lambdas that serve proof routes (auth: a passkey, an authenticator app; account: the rest)
 * provide them to the rule at cold start.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import supertokens from 'supertokens-node';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import Session from 'supertokens-node/recipe/session';
import Totp from 'supertokens-node/recipe/totp';
import WebAuthn from 'supertokens-node/recipe/webauthn';
import { HttpError } from '../lib/http-error';
import type { ProofDeps } from '../lib/step-up';
import { TENANT_ID } from './app-info';
import { countCodeCheck, rememberStepAddress } from './code-check-limits';
import { limitPasswordCheck } from './sign-in-guard';
import { ensureSupertokens } from './supertokens';

/**
 * Each check first makes sure the SDK is initialised: the proof runs in the route's policy, before the
 * handler's own first call to the core, and a fresh container (the account Lambda's, where nothing
 * else has initialised it yet) would otherwise call an SDK not yet set up (a 500 on every first request).
 */
export function coreProofDeps(db: DynamoDBDocumentClient, now: () => number = Date.now): ProofDeps {
  return {
    async proofsOf(userId) {
      await ensureSupertokens();
      const user = await supertokens.getUser(userId);
      if (!user) return undefined;
      const login = user.loginMethods.find((m) => m.recipeId === 'emailpassword' && m.email);
      const apps = login ? [] : (await Totp.listDevices(userId)).devices;
      return { passwordEmail: login?.email, authenticatorApp: apps.some((d) => d.verified) };
    },
    async checkPassword(email, password, address) {
      await ensureSupertokens();
      const attempt = { email: email.trim().toLowerCase(), address, at: now() };
      const checked = await limitPasswordCheck(db, attempt, () => EmailPassword.verifyCredentials(TENANT_ID, email, password));
      if (!checked.allowed) return { status: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: checked.retryAfterSeconds };
      return checked.result.status === 'OK' ? { status: 'OK' } : { status: 'WRONG' };
    },
    async checkCode(userId, code, address) {
      await ensureSupertokens();
      try {
        await countCodeCheck(db, userId, address, now());
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) return { status: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: Number(error.headers?.['retry-after'] ?? 60) };
        throw error;
      }
      const result = await Totp.verifyTOTP(TENANT_ID, userId, code);
      if (result.status === 'OK') {
        await rememberStepAddress(db, userId, address, now());
        return { status: 'OK' };
      }
      if (result.status === 'LIMIT_REACHED_ERROR') return { status: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) };
      return { status: 'WRONG' };
    },
    async checkPasskey(userId, { webauthnGeneratedOptionsId, credential }) {
      await ensureSupertokens();
      // The core answers whether the assertion is good for some account (and spends its options);
      // the credential's id among the session user's own (every linked login's) says whose it is.
      const verified = await WebAuthn.verifyCredentials({ tenantId: TENANT_ID, webauthnGeneratedOptionsId, credential: credential as Parameters<typeof WebAuthn.verifyCredentials>[0]['credential'] });
      if (verified.status !== 'OK') return { status: 'WRONG' };
      const user = await supertokens.getUser(userId);
      return user?.webauthn.credentialIds.includes(credential.id) ? { status: 'OK' } : { status: 'WRONG' };
    },
    async sessionCreatedAt(sessionHandle) {
      await ensureSupertokens();
      return (await Session.getSessionInformation(sessionHandle))?.timeCreated;
    },
    now,
  };
}
