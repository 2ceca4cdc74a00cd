/**
 * What the account routes ask of the SuperTokens core, which alone knows passwords, sessions and
 * login methods: over the core's HTTP API (functions/lib/core-api.ts), the requests supertokens-node
 * makes for the same questions, so the account group carries no SDK (its bundle and cold start:
 * docs/architecture.md#the-auth-core). A change the SDK's overrides make a rule of is made through
 * the auth group's same rule: a new password ends the other sessions
 * (functions/auth/sessions-end-with-password.ts). An interface, so the rules around it can be
 * tested without a core.
 */
import type { SignInMethod } from '../../shared/api-types';
import { TENANT_ID, emailProofToken, setLoginPassword, type SetPasswordResult } from '../auth';
import { askCore, coreConnection, type CoreConnection } from '../lib/core-api';
import { endAllSessionsInCore, endSessionsInCore, sessionHandlesInCore, sessionInCore, totpDevicesInCore } from '../lib/core-session';
import { coreUser, coreUsersWithEmail, provenEmailOf, removeCoreUser, type CoreLogin } from '../lib/core-users';

export interface CoreAccount {
  signInMethods: SignInMethod[];
  /** The email-password login, when the account has one: the email it signs in with, and its recipe user. */
  password?: { email: string; recipeUserId: string };
}

/** A live session as the core has it: whose it is, when it was created (epoch ms), and its data (./sessions.ts reads the client from it). */
export interface CoreSession {
  handle: string;
  userId: string;
  createdAt: number;
  data: unknown;
  /** How it signed in (its login method's recipe), when the account's list was read with it. */
  method?: SignInMethod;
}

export interface AccountCore {
  account(userId: string): Promise<CoreAccount | undefined>;
  /** Sets a new password; every session of the account ends but `keepSessionHandle`. */
  setPassword(recipeUserId: string, password: string, keepSessionHandle: string): Promise<SetPasswordResult>;
  endAllSessions(userId: string): Promise<number>;
  /** Removes the user and with it every session. Safe to repeat. */
  deleteUser(userId: string): Promise<void>;
  /** Whether an account other than `userId` has `email` (any login method). */
  emailTakenByAnother(email: string, userId: string): Promise<boolean>;
  /** A link token proving `email` for the login, or ALREADY_PROVEN when the login proved it before. */
  emailProofToken(recipeUserId: string, email: string): Promise<{ status: 'OK'; token: string } | { status: 'ALREADY_PROVEN' }>;
  /** The user's live sessions, every client. */
  sessionsOf(userId: string): Promise<CoreSession[]>;
  /** A live session by its handle; undefined when it has ended or never was. */
  session(handle: string): Promise<CoreSession | undefined>;
  /** Ends one session: its refresh token is refused from now on. Whether it was live. */
  endSession(handle: string): Promise<boolean>;
  /** The account's passkeys as the core has them: credential id and when it was registered (epoch ms). */
  passkeysOf(userId: string): Promise<CorePasskey[]>;
  /** Removes one of the account's passkeys: it no longer signs in. False when the account has none with that id. */
  removePasskey(userId: string, credentialId: string): Promise<boolean>;
  /** The address the account has proven (its first proven login's), for notices. */
  provenEmail(userId: string): Promise<string | undefined>;
  /** The account's authenticator apps (the TOTP recipe's devices), confirmed or not. */
  authenticatorApps(userId: string): Promise<{ name: string; verified: boolean }[]>;
  /** Removes one authenticator app; its codes no longer work. */
  removeAuthenticatorApp(userId: string, name: string): Promise<void>;
}

export interface CorePasskey {
  credentialId: string;
  createdAt: number;
}

function methodOf(login: CoreLogin): SignInMethod | undefined {
  if (login.recipeId === 'emailpassword') return 'password';
  if (login.recipeId === 'thirdparty' && login.thirdParty?.id === 'google') return 'google';
  if (login.recipeId === 'webauthn') return 'passkey';
  return undefined;
}

/** The account core over the core's HTTP API, at `core`. */
export function httpAccountCore(core: CoreConnection): AccountCore {
  return {
    async account(userId) {
      const user = await coreUser(core, userId);
      if (!user) return undefined;
      const methods = user.loginMethods.map(methodOf).filter((m): m is SignInMethod => m !== undefined);
      const login = user.loginMethods.find((m) => m.recipeId === 'emailpassword' && m.email);
      return { signInMethods: [...new Set(methods)], ...(login ? { password: { email: login.email!, recipeUserId: login.recipeUserId } } : {}) };
    },
    setPassword: (recipeUserId, password, keepSessionHandle) => setLoginPassword(core, recipeUserId, password, keepSessionHandle),
    async endAllSessions(userId) {
      return (await endAllSessionsInCore(core, userId)).length;
    },
    deleteUser: (userId) => removeCoreUser(core, userId),
    async emailTakenByAnother(email, userId) {
      return (await coreUsersWithEmail(core, TENANT_ID, email)).some((u) => u.id !== userId);
    },
    emailProofToken: (recipeUserId, email) => emailProofToken(core, recipeUserId, email),
    async sessionsOf(userId) {
      const [handles, user] = await Promise.all([sessionHandlesInCore(core, userId), coreUser(core, userId)]);
      // Each session's login method, by the recipe user it was made for (one read for the list).
      const methods = new Map(user?.loginMethods.map((m) => [m.recipeUserId, methodOf(m)]));
      const read = await Promise.all(
        handles.map(async (handle) => {
          const info = await sessionInCore(core, handle);
          const method = info && methods.get(info.recipeUserId);
          return info && { handle: info.handle, userId: info.userId, createdAt: info.createdAt, data: info.data, ...(method ? { method } : {}) };
        }),
      );
      // A session can end between the two reads: then it is not listed.
      return read.filter((s): s is CoreSession => s !== undefined);
    },
    async session(handle) {
      const info = await sessionInCore(core, handle);
      return info && { handle: info.handle, userId: info.userId, createdAt: info.createdAt, data: info.data };
    },
    async endSession(handle) {
      return (await endSessionsInCore(core, [handle])).length === 1;
    },
    async passkeysOf(userId) {
      const user = await coreUser(core, userId);
      const logins = user?.loginMethods.filter((m) => m.recipeId === 'webauthn') ?? [];
      const lists = await Promise.all(
        logins.map((m) =>
          askCore<{ credentials: { webauthnCredentialId: string; createdAt: number }[] }>(core, { method: 'GET', path: '/recipe/webauthn/user/credential/list', rid: 'webauthn', query: { recipeUserId: m.recipeUserId }, what: 'a passkey list' }),
        ),
      );
      return lists.flatMap((l) => l.credentials.map((c) => ({ credentialId: c.webauthnCredentialId, createdAt: c.createdAt })));
    },
    async removePasskey(userId, credentialId) {
      const user = await coreUser(core, userId);
      const login = user?.loginMethods.find((m) => m.recipeId === 'webauthn' && m.webauthn?.credentialIds.includes(credentialId));
      if (!login) return false;
      const query = { recipeUserId: login.recipeUserId, webauthnCredentialId: credentialId };
      const removed = await askCore<{ status: string }>(core, { method: 'DELETE', path: '/recipe/webauthn/user/credential/remove', rid: 'webauthn', query, idempotent: true, what: 'a passkey removal' });
      return removed.status === 'OK';
    },
    provenEmail: async (userId) => provenEmailOf(await coreUser(core, userId)),
    authenticatorApps: (userId) => totpDevicesInCore(core, userId),
    async removeAuthenticatorApp(userId, name) {
      await askCore(core, { method: 'POST', path: '/recipe/totp/device/remove', rid: 'totp', body: { userId, deviceName: name }, idempotent: true, what: 'an authenticator app removal' });
    },
  };
}

/** The account core this Lambda talks to (the `supertokens` secret's core). */
export async function accountCore(): Promise<AccountCore> {
  return httpAccountCore(await coreConnection());
}
