/**
 * Every CDI call the pinned supertokens-node (24.0.3, CDI 5.4) makes for EmailPassword, ThirdParty,
 * EmailVerification, Session, UserMetadata, WebAuthn, TOTP, the implicit multitenancy reads and account linking, each with
 * its input schema and the domain function that answers it. Paths are as the SDK sends them after
 * the `/<tenant>` prefix (see lib/build/recipe/<recipe>/recipeImplementation.js).
 */
import { z } from 'zod';
import type { JsonObject } from './access-token';
import { CDI_VERSIONS } from './config';
import { BadRequest, type CoreDeps } from './deps';
import * as emailPassword from './emailpassword';
import * as emailVerification from './emailverification';
import * as metadata from './metadata';
import { Reply, type CdiRequest, type Route } from './router';
import * as session from './session';
import * as tenants from './tenants';
import * as totp from './totp';
import * as thirdParty from './thirdparty';
import * as users from './users';
import * as webauthn from './webauthn';

const jsonObject = z.record(z.string(), z.unknown()).transform((v) => v as JsonObject);
const optionalString = z.string().nullish().transform((v) => v ?? undefined);
const queryBoolean = (fallback: boolean) => z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? fallback : v === 'true'));

const schemas = {
  createSession: z.object({
    userId: z.string().min(1),
    userDataInJWT: jsonObject,
    userDataInDatabase: jsonObject,
    enableAntiCsrf: z.boolean(),
    useDynamicSigningKey: z.boolean().optional(),
  }),
  verifySession: z.object({
    accessToken: z.string(),
    antiCsrfToken: optionalString,
    doAntiCsrfCheck: z.boolean(),
    enableAntiCsrf: z.boolean(),
    checkDatabase: z.boolean().optional(),
  }),
  refreshSession: z.object({
    refreshToken: z.string(),
    antiCsrfToken: optionalString,
    enableAntiCsrf: z.boolean(),
    useDynamicSigningKey: z.boolean().optional(),
  }),
  removeSessions: z
    .object({
      userId: z.string().optional(),
      sessionHandles: z.array(z.string()).optional(),
      revokeAcrossAllTenants: z.boolean().optional(),
      revokeSessionsForLinkedAccounts: z.boolean().optional(),
    })
    .refine((b) => (b.userId === undefined) !== (b.sessionHandles === undefined), { message: 'use one of userId or sessionHandles', path: ['userId'] }),
  sessionData: z.object({ sessionHandle: z.string(), userDataInDatabase: jsonObject }),
  jwtData: z.object({ sessionHandle: z.string(), userDataInJWT: jsonObject }),
  regenerate: z.object({ accessToken: z.string(), userDataInJWT: jsonObject.optional() }),
  credentials: z.object({ email: z.string(), password: z.string() }),
  resetToken: z.object({ userId: z.string(), email: z.string() }),
  consumeToken: z.object({ token: z.string() }),
  updateUser: z.object({ recipeUserId: z.string(), email: optionalString, password: optionalString }),
  signInUp: z.object({ thirdPartyId: z.string().min(1), thirdPartyUserId: z.string().min(1), email: z.object({ id: z.string(), isVerified: z.boolean() }) }),
  userId: z.object({ userId: z.string().min(1) }),
  userEmail: z.object({ userId: z.string().min(1), email: z.string().min(1) }),
  verifyEmail: z.object({ method: z.literal('token'), token: z.string() }),
  metadataUpdate: z.object({ userId: z.string().min(1), metadataUpdate: jsonObject }),
  sessionsOfUser: z.object({ userId: z.string().min(1), fetchAcrossAllTenants: queryBoolean(true) }),
  byAccountInfo: z.object({
    email: z.string().optional(),
    phoneNumber: z.string().optional(),
    thirdPartyId: z.string().optional(),
    thirdPartyUserId: z.string().optional(),
    webauthnCredentialId: z.string().optional(),
    doUnionOfAccountInfo: z.enum(['true', 'false']).transform((v) => v === 'true'),
  }),
  totpCreate: z.object({ userId: z.string().min(1), deviceName: optionalString, skew: z.number().int().min(0).max(10), period: z.number().int().min(1).max(300) }),
  totpRename: z.object({ userId: z.string().min(1), existingDeviceName: z.string().min(1), newDeviceName: z.string().min(1) }),
  totpDevice: z.object({ userId: z.string().min(1), deviceName: z.string().min(1) }),
  totpVerifyDevice: z.object({ userId: z.string().min(1), deviceName: z.string().min(1), totp: z.string().max(64) }),
  totpVerify: z.object({ userId: z.string().min(1), totp: z.string().max(64) }),
  primaryCheck: z.object({ recipeUserId: z.string().min(1) }),
  linkCheck: z.object({ recipeUserId: z.string().min(1), primaryUserId: z.string().min(1) }),
  removeUser: z.object({ userId: z.string().min(1), removeAllLinkedAccounts: z.boolean().optional() }),
  registerOptions: z.object({
    email: z.string().min(1),
    displayName: optionalString,
    relyingPartyName: z.string().min(1),
    relyingPartyId: z.string().min(1),
    origin: z.string().min(1),
    timeout: z.number().int().positive().nullish().transform((v) => v ?? undefined),
    attestation: optionalString,
    supportedAlgorithmIds: z.array(z.number().int()).nullish().transform((v) => v ?? undefined),
    userVerification: z.enum(['required', 'preferred', 'discouraged']).nullish().transform((v) => v ?? undefined),
    userPresence: z.boolean().nullish().transform((v) => v ?? undefined),
    residentKey: z.enum(['required', 'preferred', 'discouraged']).nullish().transform((v) => v ?? undefined),
  }),
  signInOptions: z.object({
    relyingPartyName: z.string().min(1),
    relyingPartyId: z.string().min(1),
    origin: z.string().min(1),
    timeout: z.number().int().positive().nullish().transform((v) => v ?? undefined),
    userVerification: z.enum(['required', 'preferred', 'discouraged']).nullish().transform((v) => v ?? undefined),
    userPresence: z.boolean().nullish().transform((v) => v ?? undefined),
  }),
  optionsId: z.object({ webauthnGeneratedOptionsId: z.string().min(1) }),
  withCredential: z.object({ webauthnGeneratedOptionsId: z.string().min(1), credential: jsonObject }),
  registerCredential: z.object({ recipeUserId: z.string().min(1), webauthnGeneratedOptionsId: z.string().min(1), credential: jsonObject }),
  credentialOf: z.object({ webauthnCredentialId: z.string().min(1), recipeUserId: z.string().min(1) }),
  recipeUserId: z.object({ recipeUserId: z.string().min(1) }),
  webauthnEmail: z.object({ recipeUserId: z.string().min(1), email: z.string().min(1) }),
};

const unlinkingOff = () => {
  throw new BadRequest('Unlinking accounts is not offered by the local auth core');
};

export function cdiRoutes(deps: CoreDeps): Route[] {
  const body = <T extends z.ZodType>(schema: T, r: CdiRequest): z.output<T> => schema.parse(r.body);
  const query = <T extends z.ZodType>(schema: T, r: CdiRequest): z.output<T> => schema.parse(r.query);
  return [
    // Negotiation and keys
    { method: 'GET', path: '/', public: true, handle: () => new Reply(200, 'Hello') },
    { method: 'GET', path: '/hello', public: true, handle: () => new Reply(200, 'Hello') },
    { method: 'GET', path: '/apiversion', handle: () => ({ versions: [...CDI_VERSIONS] }) },
    {
      method: 'GET',
      path: '/.well-known/jwks.json',
      public: true,
      handle: async () => new Reply(200, { keys: await deps.keys.jwks(deps.clock()) }, { 'cache-control': 'max-age=60, must-revalidate' }),
    },

    // Session
    { method: 'POST', path: '/recipe/session', handle: (r) => session.createSession(deps, r.tenantId, body(schemas.createSession, r)) },
    { method: 'GET', path: '/recipe/session', handle: (r) => session.getSessionInformation(deps, query(z.object({ sessionHandle: z.string() }), r).sessionHandle) },
    { method: 'POST', path: '/recipe/session/verify', handle: (r) => session.verifySession(deps, body(schemas.verifySession, r)) },
    { method: 'POST', path: '/recipe/session/refresh', handle: (r) => session.refreshSession(deps, body(schemas.refreshSession, r)) },
    { method: 'POST', path: '/recipe/session/regenerate', handle: (r) => session.regenerateAccessToken(deps, body(schemas.regenerate, r)) },
    {
      method: 'POST',
      path: '/recipe/session/remove',
      handle: async (r) => {
        const input = body(schemas.removeSessions, r);
        const revoked = input.userId
          ? await session.revokeSessionsOf(deps, input.userId, input.revokeAcrossAllTenants === false ? r.tenantId : undefined)
          : await session.revokeSessions(deps, input.sessionHandles ?? []);
        return { status: 'OK', sessionHandlesRevoked: revoked };
      },
    },
    {
      method: 'GET',
      path: '/recipe/session/user',
      handle: async (r) => {
        const input = query(schemas.sessionsOfUser, r);
        return { status: 'OK', sessionHandles: await session.sessionHandlesOf(deps, input.userId, input.fetchAcrossAllTenants ? undefined : r.tenantId) };
      },
    },
    { method: 'PUT', path: '/recipe/session/data', handle: (r) => { const i = body(schemas.sessionData, r); return session.updateSessionData(deps, i.sessionHandle, i.userDataInDatabase); } },
    { method: 'PUT', path: '/recipe/jwt/data', handle: (r) => { const i = body(schemas.jwtData, r); return session.updateAccessTokenPayload(deps, i.sessionHandle, i.userDataInJWT); } },

    // EmailPassword
    { method: 'POST', path: '/recipe/signup', handle: (r) => emailPassword.signUp(deps, r.tenantId, body(schemas.credentials, r)) },
    { method: 'POST', path: '/recipe/signin', handle: (r) => emailPassword.signIn(deps, r.tenantId, body(schemas.credentials, r)) },
    { method: 'POST', path: '/recipe/user/password/reset/token', handle: (r) => emailPassword.createResetPasswordToken(deps, r.tenantId, body(schemas.resetToken, r)) },
    { method: 'POST', path: '/recipe/user/password/reset/token/consume', handle: (r) => emailPassword.consumeResetPasswordToken(deps, r.tenantId, body(schemas.consumeToken, r)) },
    { method: 'PUT', path: '/recipe/user', handle: (r) => emailPassword.updateEmailOrPassword(deps, body(schemas.updateUser, r)) },

    // EmailVerification
    { method: 'POST', path: '/recipe/user/email/verify/token', handle: (r) => emailVerification.createToken(deps, r.tenantId, body(schemas.userEmail, r)) },
    { method: 'POST', path: '/recipe/user/email/verify', handle: (r) => emailVerification.verifyWithToken(deps, r.tenantId, body(schemas.verifyEmail, r)) },
    {
      method: 'GET',
      path: '/recipe/user/email/verify',
      handle: async (r) => {
        const i = query(schemas.userEmail, r);
        return { status: 'OK', isVerified: await emailVerification.isVerified(deps, i.userId, i.email) };
      },
    },
    { method: 'POST', path: '/recipe/user/email/verify/token/remove', handle: (r) => emailVerification.revokeTokens(deps, body(schemas.userEmail, r)) },
    { method: 'POST', path: '/recipe/user/email/verify/remove', handle: (r) => emailVerification.unverify(deps, body(schemas.userEmail, r)) },

    // ThirdParty
    { method: 'POST', path: '/recipe/signinup', handle: (r) => thirdParty.signInUp(deps, r.tenantId, body(schemas.signInUp, r)) },

    // Users
    { method: 'GET', path: '/user/id', handle: (r) => users.getUser(deps, query(schemas.userId, r).userId) },
    { method: 'GET', path: '/users/by-accountinfo', handle: (r) => users.listUsersByAccountInfo(deps, r.tenantId, query(schemas.byAccountInfo, r)) },
    { method: 'POST', path: '/user/remove', handle: (r) => { const i = body(schemas.removeUser, r); return users.deleteUser(deps, i.userId, i.removeAllLinkedAccounts ?? true); } },

    // UserMetadata
    { method: 'GET', path: '/recipe/user/metadata', handle: (r) => metadata.getMetadata(deps, query(schemas.userId, r).userId) },
    { method: 'PUT', path: '/recipe/user/metadata', handle: (r) => { const i = body(schemas.metadataUpdate, r); return metadata.updateMetadata(deps, i.userId, i.metadataUpdate); } },
    { method: 'POST', path: '/recipe/user/metadata/remove', handle: (r) => metadata.removeMetadata(deps, body(schemas.userId, r).userId) },

    // WebAuthn (passkeys)
    { method: 'POST', path: '/recipe/webauthn/options/register', handle: (r) => webauthn.registerOptions(deps, r.tenantId, body(schemas.registerOptions, r)) },
    { method: 'POST', path: '/recipe/webauthn/options/signin', handle: (r) => webauthn.signInOptions(deps, r.tenantId, body(schemas.signInOptions, r)) },
    { method: 'GET', path: '/recipe/webauthn/options', handle: (r) => webauthn.getOptions(deps, r.tenantId, query(schemas.optionsId, r).webauthnGeneratedOptionsId) },
    { method: 'DELETE', path: '/recipe/webauthn/options/remove', handle: (r) => webauthn.removeOptions(deps, r.tenantId, query(schemas.optionsId, r).webauthnGeneratedOptionsId) },
    { method: 'POST', path: '/recipe/webauthn/signup', handle: (r) => webauthn.signUp(deps, r.tenantId, body(schemas.withCredential, r)) },
    { method: 'POST', path: '/recipe/webauthn/signin', handle: (r) => webauthn.signIn(deps, r.tenantId, body(schemas.withCredential, r)) },
    { method: 'POST', path: '/recipe/webauthn/user/credential/register', handle: (r) => webauthn.registerCredential(deps, body(schemas.registerCredential, r)) },
    { method: 'GET', path: '/recipe/webauthn/user/credential/list', handle: (r) => webauthn.listCredentials(deps, query(schemas.recipeUserId, r).recipeUserId) },
    { method: 'GET', path: '/recipe/webauthn/user/credential', handle: (r) => webauthn.getCredential(deps, query(schemas.credentialOf, r)) },
    { method: 'DELETE', path: '/recipe/webauthn/user/credential/remove', handle: (r) => webauthn.removeCredential(deps, query(schemas.credentialOf, r)) },
    { method: 'PUT', path: '/recipe/webauthn/user/email', handle: (r) => webauthn.updateUserEmail(deps, r.tenantId, body(schemas.webauthnEmail, r)) },

    // Multitenancy (read-only) and account linking
    // TOTP (the MultiFactorAuth recipe itself makes no core call: it reads the metadata above and the tenant below)
    { method: 'POST', path: '/recipe/totp/device', handle: (r) => totp.createDevice(deps, body(schemas.totpCreate, r)) },
    { method: 'PUT', path: '/recipe/totp/device', handle: (r) => totp.renameDevice(deps, body(schemas.totpRename, r)) },
    { method: 'GET', path: '/recipe/totp/device/list', handle: (r) => totp.listDevices(deps, query(schemas.userId, r).userId) },
    { method: 'POST', path: '/recipe/totp/device/remove', handle: (r) => totp.removeDevice(deps, body(schemas.totpDevice, r)) },
    { method: 'POST', path: '/recipe/totp/device/verify', handle: (r) => totp.verifyDevice(deps, body(schemas.totpVerifyDevice, r)) },
    { method: 'POST', path: '/recipe/totp/verify', handle: (r) => totp.verifyCode(deps, body(schemas.totpVerify, r)) },

    // Multitenancy (read-only) and account linking (off)
    { method: 'GET', path: '/recipe/multitenancy/tenant/v2', anyTenant: true, handle: (r) => tenants.getTenant(r.tenantId) },
    { method: 'GET', path: '/recipe/multitenancy/tenant/list/v2', handle: () => tenants.listTenants() },
    { method: 'GET', path: '/recipe/accountlinking/user/primary/check', handle: (r) => users.canCreatePrimaryUser(deps, query(schemas.primaryCheck, r).recipeUserId) },
    { method: 'GET', path: '/recipe/accountlinking/user/link/check', handle: (r) => { const i = query(schemas.linkCheck, r); return users.canLinkAccounts(deps, i.recipeUserId, i.primaryUserId); } },
    { method: 'POST', path: '/recipe/accountlinking/user/primary', handle: (r) => users.createPrimaryUser(deps, body(schemas.primaryCheck, r).recipeUserId) },
    { method: 'POST', path: '/recipe/accountlinking/user/link', handle: (r) => { const i = body(schemas.linkCheck, r); return users.linkAccounts(deps, i.recipeUserId, i.primaryUserId); } },
    { method: 'POST', path: '/recipe/accountlinking/user/unlink', handle: unlinkingOff },
  ];
}
