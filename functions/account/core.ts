/**
 * What the account routes ask of the SuperTokens core, which alone knows passwords, sessions and
 * login methods: through supertokens-node, initialised with the one configuration every Lambda
 * shares (functions/auth/supertokens.ts), so its overrides apply here too (a new password ends the
 * other sessions). An interface, so the rules around it can be tested without a core.
 */
import supertokens from 'supertokens-node';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import EmailVerification from 'supertokens-node/recipe/emailverification';
import Session from 'supertokens-node/recipe/session';
import WebAuthn from 'supertokens-node/recipe/webauthn';
import Totp from 'supertokens-node/recipe/totp';
import type { SignInMethod } from '../../shared/api-types';
import { TENANT_ID, changeLoginEmail, keepingSession, ensureSupertokens } from '../auth';

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

export type SetPasswordResult = { status: 'OK' } | { status: 'UNKNOWN_USER' } | { status: 'PASSWORD_POLICY_VIOLATED'; reason: string };

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
  /** The login's email becomes `email` (it signs in with it, and no longer with the old one). */
  changeEmail(recipeUserId: string, email: string): Promise<{ status: 'OK' | 'TAKEN' | 'UNKNOWN_USER' }>;
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

async function coreSession(handle: string): Promise<CoreSession | undefined> {
  const info = await Session.getSessionInformation(handle);
  return info && { handle: info.sessionHandle, userId: info.userId, createdAt: info.timeCreated, data: info.sessionDataInDatabase };
}

function methodOf(recipeId: string, thirdPartyId: string | undefined): SignInMethod | undefined {
  if (recipeId === 'emailpassword') return 'password';
  if (recipeId === 'thirdparty' && thirdPartyId === 'google') return 'google';
  if (recipeId === 'webauthn') return 'passkey';
  return undefined;
}

export async function supertokensCore(): Promise<AccountCore> {
  await ensureSupertokens();
  return {
    async account(userId) {
      const user = await supertokens.getUser(userId);
      if (!user) return undefined;
      const methods = user.loginMethods.map((m) => methodOf(m.recipeId, m.thirdParty?.id)).filter((m): m is SignInMethod => m !== undefined);
      const login = user.loginMethods.find((m) => m.recipeId === 'emailpassword' && m.email);
      return { signInMethods: [...new Set(methods)], ...(login ? { password: { email: login.email!, recipeUserId: login.recipeUserId.getAsString() } } : {}) };
    },
    async setPassword(recipeUserId, password, keepSessionHandle) {
      const result = await EmailPassword.updateEmailOrPassword({
        recipeUserId: supertokens.convertToRecipeUserId(recipeUserId),
        password,
        tenantIdForPasswordPolicy: TENANT_ID,
        userContext: keepingSession(keepSessionHandle),
      });
      if (result.status === 'OK') return { status: 'OK' };
      if (result.status === 'PASSWORD_POLICY_VIOLATED_ERROR') return { status: 'PASSWORD_POLICY_VIOLATED', reason: result.failureReason };
      return { status: 'UNKNOWN_USER' };
    },
    async endAllSessions(userId) {
      return (await Session.revokeAllSessionsForUser(userId)).length;
    },
    async deleteUser(userId) {
      await supertokens.deleteUser(userId);
    },
    async emailTakenByAnother(email, userId) {
      const users = await supertokens.listUsersByAccountInfo(TENANT_ID, { email });
      return users.some((u) => u.id !== userId);
    },
    async emailProofToken(recipeUserId, email) {
      const created = await EmailVerification.createEmailVerificationToken(TENANT_ID, supertokens.convertToRecipeUserId(recipeUserId), email);
      return created.status === 'OK' ? { status: 'OK', token: created.token } : { status: 'ALREADY_PROVEN' };
    },
    changeEmail: changeLoginEmail,
    async sessionsOf(userId) {
      const [handles, user] = await Promise.all([Session.getAllSessionHandlesForUser(userId), supertokens.getUser(userId)]);
      // Each session's login method, by the recipe user it was made for (one read for the list).
      const methods = new Map(user?.loginMethods.map((m) => [m.recipeUserId.getAsString(), methodOf(m.recipeId, m.thirdParty?.id)]));
      const read = await Promise.all(
        handles.map(async (handle) => {
          const info = await Session.getSessionInformation(handle);
          const method = info && methods.get(info.recipeUserId.getAsString());
          return info && { handle: info.sessionHandle, userId: info.userId, createdAt: info.timeCreated, data: info.sessionDataInDatabase, ...(method ? { method } : {}) };
        }),
      );
      // A session can end between the two reads: then it is not listed.
      return read.filter((s): s is CoreSession => s !== undefined);
    },
    session: coreSession,
    endSession: (handle) => Session.revokeSession(handle),
    async passkeysOf(userId) {
      const user = await supertokens.getUser(userId);
      const logins = user?.loginMethods.filter((m) => m.recipeId === 'webauthn') ?? [];
      const lists = await Promise.all(logins.map((m) => WebAuthn.listCredentials({ recipeUserId: m.recipeUserId.getAsString() })));
      return lists.flatMap((l) => l.credentials.map((c) => ({ credentialId: c.webauthnCredentialId, createdAt: c.createdAt })));
    },
    async removePasskey(userId, credentialId) {
      const user = await supertokens.getUser(userId);
      const login = user?.loginMethods.find((m) => m.recipeId === 'webauthn' && m.webauthn?.credentialIds.includes(credentialId));
      if (!login) return false;
      const removed = await WebAuthn.removeCredential({ webauthnCredentialId: credentialId, recipeUserId: login.recipeUserId.getAsString() });
      return removed.status === 'OK';
    },
    async provenEmail(userId) {
      const user = await supertokens.getUser(userId);
      const logins = [...(user?.loginMethods ?? [])].sort((a, b) => Number(a.recipeId === 'webauthn') - Number(b.recipeId === 'webauthn'));
      return logins.find((m) => m.verified && m.email)?.email;
    },
    async authenticatorApps(userId) {
      return (await Totp.listDevices(userId)).devices.map(({ name, verified }) => ({ name, verified }));
    },
    async removeAuthenticatorApp(userId, name) {
      await Totp.removeDevice(userId, name);
    },
  };
}
