/**
 * The step-up's checks (functions/lib/step-up.ts has the rule) made with the SuperTokens core over its
 * HTTP API (functions/lib/core-api.ts), the requests supertokens-node makes for the same checks, so
 * the account Lambda needs no SDK to make them: the password under the sign-in limits
 * (./sign-in-guard.ts: a wrong one is a failed sign-in), an authenticator code under the second-step
 * limits (./code-check-limits.ts), a passkey assertion (the core's sign-in check, which uses its
 * options up, then the credential looked up among the account's own), the session's creation.
 * The two Lambdas that serve proof routes (auth: a passkey, an authenticator app; account: the rest)
 * provide them to the rule at cold start.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { askCore, coreConnection } from '../lib/core-api';
import { sessionInCore, totpDevicesInCore } from '../lib/core-session';
import { coreUser } from '../lib/core-users';
import { HttpError } from '../lib/http-error';
import type { ProofDeps } from '../lib/step-up';
import { TENANT_ID } from './app-info';
import { countCodeCheck, rememberStepAddress } from './code-check-limits';
import { limitPasswordCheck } from './sign-in-guard';

type TotpAnswer = { status: 'OK' } | { status: 'INVALID_TOTP_ERROR' | 'UNKNOWN_USER_ID_ERROR' } | { status: 'LIMIT_REACHED_ERROR'; retryAfterMs: number };

export function coreProofDeps(db: DynamoDBDocumentClient, now: () => number = Date.now): ProofDeps {
  return {
    async proofsOf(userId) {
      const core = await coreConnection();
      const user = await coreUser(core, userId);
      if (!user) return undefined;
      const login = user.loginMethods.find((m) => m.recipeId === 'emailpassword' && m.email);
      const apps = login ? [] : await totpDevicesInCore(core, userId);
      return { passwordEmail: login?.email, authenticatorApp: apps.some((d) => d.verified) };
    },
    async checkPassword(email, password, address) {
      const core = await coreConnection();
      const attempt = { email: email.trim().toLowerCase(), address, at: now() };
      // The SDK's verifyCredentials: the core's sign-in check, which makes no session.
      const signIn = () => askCore<{ status: string }>(core, { method: 'POST', path: '/recipe/signin', tenant: TENANT_ID, rid: 'emailpassword', body: { email, password }, what: 'a password check' });
      const checked = await limitPasswordCheck(db, attempt, signIn);
      if (!checked.allowed) return { status: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: checked.retryAfterSeconds };
      return checked.result.status === 'OK' ? { status: 'OK' } : { status: 'WRONG' };
    },
    async checkCode(userId, code, address) {
      const core = await coreConnection();
      try {
        await countCodeCheck(db, userId, address, now());
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) return { status: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: Number(error.headers?.['retry-after'] ?? 60) };
        throw error;
      }
      const result = await askCore<TotpAnswer>(core, { method: 'POST', path: '/recipe/totp/verify', tenant: TENANT_ID, rid: 'totp', body: { userId, totp: code }, what: 'a TOTP check' });
      if (result.status === 'OK') {
        await rememberStepAddress(db, userId, address, now());
        return { status: 'OK' };
      }
      if (result.status === 'LIMIT_REACHED_ERROR') return { status: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) };
      return { status: 'WRONG' };
    },
    async checkPasskey(userId, { webauthnGeneratedOptionsId, credential }) {
      const core = await coreConnection();
      // The core answers whether the assertion is good for some account (and spends its options);
      // the credential's id among the session user's own (every linked login's) says whose it is.
      const verified = await askCore<{ status: string }>(core, { method: 'POST', path: '/recipe/webauthn/signin', tenant: TENANT_ID, rid: 'webauthn', body: { webauthnGeneratedOptionsId, credential }, what: 'a passkey check' });
      if (verified.status !== 'OK') return { status: 'WRONG' };
      const user = await coreUser(core, userId);
      return user?.webauthn.credentialIds.includes(credential.id) ? { status: 'OK' } : { status: 'WRONG' };
    },
    async sessionCreatedAt(sessionHandle) {
      return (await sessionInCore(await coreConnection(), sessionHandle))?.createdAt;
    },
    now,
  };
}
