/**
 * WebAuthn (passkeys), as the core answers the recipe: generated register and sign-in options (a
 * random challenge bound to the relying party id and origin, kept until they expire), sign-up (a new
 * webauthn user with the options' email), sign-in with a credential, registering a further credential
 * for a webauthn user, and listing, reading and removing credentials.
 *
 * Registrations and assertions are verified with @simplewebauthn/server against the stored options:
 * the challenge, the origin and the relying party id must be the ones the options were made for, the
 * user must have been verified by the authenticator when the options asked for it, and an assertion's
 * signature must check against the public key the registration proved, its counter moving forward.
 * Options are spent by the first credential that uses them, so an answer cannot be replayed.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { randomBytes, randomUUID } from 'node:crypto';
import { ifConditionHolds } from '../../../functions/lib/dynamo';
import type { CoreDeps } from './deps';
import { normaliseEmail } from './email-address';
import { primaryOf } from './linking';
import { deleteItem, getItem, itemKey, putAllIfAbsent, putIfAbsent, queryOwner, ownerKey } from './store';
import { newUser, readUser, userJson, userOwnerFields, type UserItem } from './users';
import {
  advanceCounter,
  credentialsOf,
  newCredential,
  readCredential,
  removeCredential as deleteCredential,
  saveCredential,
  type CredentialItem,
} from './webauthn-credentials';

type UserVerification = 'required' | 'preferred' | 'discouraged';

interface OptionsItem {
  pk: string;
  optionsId: string;
  kind: 'register' | 'signin';
  tenantId: string;
  challenge: string;
  origin: string;
  rpId: string;
  rpName: string;
  /** Register options only: the email the new credential's user gets. */
  email?: string;
  userVerification: UserVerification;
  userPresence: boolean;
  timeout: number;
  createdAt: number;
  expiresAtMs: number;
  /** Seconds, for the table's TTL. */
  expiresAt: number;
  /** Set when a credential used the options: they answer no second one. */
  usedAt?: number;
}

export interface RegisterOptionsInput {
  email: string;
  displayName?: string | undefined;
  relyingPartyName: string;
  relyingPartyId: string;
  origin: string;
  timeout?: number | undefined;
  attestation?: string | undefined;
  supportedAlgorithmIds?: number[] | undefined;
  userVerification?: UserVerification | undefined;
  userPresence?: boolean | undefined;
  residentKey?: 'required' | 'preferred' | 'discouraged' | undefined;
}

export interface SignInOptionsInput {
  relyingPartyName: string;
  relyingPartyId: string;
  origin: string;
  timeout?: number | undefined;
  userVerification?: UserVerification | undefined;
  userPresence?: boolean | undefined;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const INVALID_OPTIONS = { status: 'INVALID_OPTIONS_ERROR' as const };
const OPTIONS_NOT_FOUND = { status: 'OPTIONS_NOT_FOUND_ERROR' as const };
const INVALID_CREDENTIALS = { status: 'INVALID_CREDENTIALS_ERROR' as const };

/** The core's check of options: an https origin (or http on localhost) whose host is the relying party id or under it. */
function validOrigin(origin: string, rpId: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
  return secure && rpId !== '' && (url.hostname === rpId || url.hostname.endsWith(`.${rpId}`));
}

async function saveOptions(deps: CoreDeps, tenantId: string, fields: Omit<OptionsItem, 'pk' | 'optionsId' | 'tenantId' | 'challenge' | 'createdAt' | 'expiresAtMs' | 'expiresAt'>) {
  const createdAt = deps.clock();
  const optionsId = randomUUID();
  const item: OptionsItem = {
    pk: itemKey.webauthnOptions(optionsId),
    optionsId,
    tenantId,
    challenge: randomBytes(32).toString('base64url'),
    createdAt,
    expiresAtMs: createdAt + fields.timeout,
    expiresAt: Math.ceil((createdAt + fields.timeout) / 1000),
    ...fields,
  };
  if (!(await putIfAbsent(deps.store, item))) throw new Error('options id collision');
  return item;
}

async function readOptions(deps: CoreDeps, tenantId: string, optionsId: string): Promise<OptionsItem | undefined> {
  const item = await getItem<OptionsItem>(deps.store, itemKey.webauthnOptions(optionsId));
  return item && item.tenantId === tenantId && item.expiresAtMs > deps.clock() ? item : undefined;
}

/** Marks the options used; false when a credential already used them. */
async function spendOptions(deps: CoreDeps, options: OptionsItem): Promise<boolean> {
  const written = await ifConditionHolds(
    deps.store.db.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: { pk: options.pk },
        UpdateExpression: 'SET usedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt)',
        ExpressionAttributeValues: { ':now': deps.clock() },
      }),
    ),
  );
  return written !== undefined;
}

export async function registerOptions(deps: CoreDeps, tenantId: string, input: RegisterOptionsInput) {
  const timeout = input.timeout ?? DEFAULT_TIMEOUT_MS;
  const attestation = input.attestation ?? 'none';
  const residentKey = input.residentKey ?? 'required';
  const userVerification = input.userVerification ?? 'preferred';
  const algorithms = input.supportedAlgorithmIds ?? [-8, -7, -257];
  if (!validOrigin(input.origin, input.relyingPartyId) || timeout <= 0 || !['none', 'indirect', 'direct', 'enterprise'].includes(attestation) || algorithms.length === 0) {
    return INVALID_OPTIONS;
  }
  const email = normaliseEmail(input.email);
  const options = await saveOptions(deps, tenantId, {
    kind: 'register',
    origin: input.origin,
    rpId: input.relyingPartyId,
    rpName: input.relyingPartyName,
    email,
    userVerification,
    userPresence: input.userPresence ?? true,
    timeout,
  });
  // As the core does: the user handle is the account's id when a primary user has this email, so an
  // authenticator keeps one passkey per account and site.
  const handle = (await primaryWithEmail(deps, tenantId, email)) ?? options.optionsId;
  return {
    status: 'OK' as const,
    webauthnGeneratedOptionsId: options.optionsId,
    rp: { id: options.rpId, name: options.rpName },
    user: { id: isoBase64URL.fromUTF8String(handle), name: email, displayName: input.displayName ?? email },
    email,
    timeout,
    challenge: options.challenge,
    attestation,
    createdAt: options.createdAt,
    expiresAt: options.expiresAtMs,
    pubKeyCredParams: algorithms.map((alg) => ({ alg, type: 'public-key' as const })),
    excludeCredentials: [],
    authenticatorSelection: { requireResidentKey: residentKey === 'required', residentKey, userVerification },
  };
}

async function primaryWithEmail(deps: CoreDeps, tenantId: string, email: string): Promise<string | undefined> {
  for (const u of await queryOwner<UserItem>(deps.store, ownerKey.usersWithEmail(tenantId, email))) {
    const primary = await primaryOf(deps, u.userId);
    if (primary !== undefined) return primary;
  }
  return undefined;
}

export async function signInOptions(deps: CoreDeps, tenantId: string, input: SignInOptionsInput) {
  const timeout = input.timeout ?? DEFAULT_TIMEOUT_MS;
  const userVerification = input.userVerification ?? 'preferred';
  if (!validOrigin(input.origin, input.relyingPartyId) || timeout <= 0) return INVALID_OPTIONS;
  const options = await saveOptions(deps, tenantId, {
    kind: 'signin',
    origin: input.origin,
    rpId: input.relyingPartyId,
    rpName: input.relyingPartyName,
    userVerification,
    userPresence: input.userPresence ?? true,
    timeout,
  });
  return {
    status: 'OK' as const,
    webauthnGeneratedOptionsId: options.optionsId,
    relyingPartyId: options.rpId,
    challenge: options.challenge,
    timeout,
    userVerification,
    userPresence: options.userPresence,
    createdAt: options.createdAt,
    expiresAt: options.expiresAtMs,
  };
}

export async function getOptions(deps: CoreDeps, tenantId: string, optionsId: string) {
  const options = await readOptions(deps, tenantId, optionsId);
  if (!options) return OPTIONS_NOT_FOUND;
  return {
    status: 'OK' as const,
    webauthnGeneratedOptionsId: options.optionsId,
    relyingPartyId: options.rpId,
    relyingPartyName: options.rpName,
    challenge: options.challenge,
    timeout: options.timeout,
    origin: options.origin,
    ...(options.email !== undefined ? { email: options.email } : {}),
    createdAt: options.createdAt,
    expiresAt: options.expiresAtMs,
    userVerification: options.userVerification,
    userPresence: options.userPresence,
  };
}

export async function removeOptions(deps: CoreDeps, tenantId: string, optionsId: string) {
  const options = await readOptions(deps, tenantId, optionsId);
  if (!options) return OPTIONS_NOT_FOUND;
  await deleteItem(deps.store, options.pk);
  return { status: 'OK' as const };
}

/** A registration checked against its options: the credential to store, or the refusal. */
async function verifiedRegistration(deps: CoreDeps, options: OptionsItem | undefined, credential: unknown, recipeUserId: string) {
  if (!options || options.kind !== 'register') return { refusal: OPTIONS_NOT_FOUND };
  try {
    const verification = await verifyRegistrationResponse({
      response: credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: options.challenge,
      expectedOrigin: options.origin,
      expectedRPID: options.rpId,
      requireUserVerification: options.userVerification === 'required',
    });
    if (!verification.verified) return { refusal: INVALID_CREDENTIALS };
    const { credential: proven } = verification.registrationInfo;
    const stored = newCredential({
      credentialId: proven.id,
      recipeUserId,
      rpId: options.rpId,
      publicKey: isoBase64URL.fromBuffer(proven.publicKey),
      counter: proven.counter,
      transports: proven.transports ?? [],
      createdAt: deps.clock(),
    });
    // Spent only once the credential checked out: a forged one leaves the options for the real one.
    if (!(await spendOptions(deps, options))) return { refusal: OPTIONS_NOT_FOUND };
    return { credential: stored };
  } catch {
    // Malformed input or a failed check: the library says which in its message, the caller only that it failed.
    return { refusal: INVALID_CREDENTIALS };
  }
}

/** Claims the email for one webauthn user of the tenant; a claim whose user was never written is taken over. */
async function claimPasskeyEmail(deps: CoreDeps, tenantId: string, email: string, userId: string): Promise<boolean> {
  const pk = itemKey.webauthnEmailClaim(tenantId, email);
  if (await putIfAbsent(deps.store, { pk, userId, claimedAt: deps.clock() })) return true;
  const held = await getItem<{ userId: string }>(deps.store, pk);
  if (!held || (await readUser(deps, held.userId))) return false;
  await deleteItem(deps.store, pk, { attr: 'userId', value: held.userId });
  return putIfAbsent(deps.store, { pk, userId, claimedAt: deps.clock() });
}

export async function signUp(deps: CoreDeps, tenantId: string, input: { webauthnGeneratedOptionsId: string; credential: Record<string, unknown> }) {
  const options = await readOptions(deps, tenantId, input.webauthnGeneratedOptionsId);
  if (!options?.email) return OPTIONS_NOT_FOUND;
  const user = newUser(deps, tenantId, options.email, { recipeId: 'webauthn' });
  const checked = await verifiedRegistration(deps, options, input.credential, user.userId);
  if ('refusal' in checked) return checked.refusal;
  if (!(await claimPasskeyEmail(deps, tenantId, options.email, user.userId))) return { status: 'EMAIL_ALREADY_EXISTS_ERROR' as const };
  // The credential and its user together, as the core writes them in one transaction: a credential
  // without its user (a crash between two writes) could never sign in and nothing would remove it. A
  // claim left by such a crash is taken over by the next sign-up (claimPasskeyEmail).
  if (!(await putAllIfAbsent(deps.store, [checked.credential, user]))) {
    await deleteItem(deps.store, itemKey.webauthnEmailClaim(tenantId, options.email), { attr: 'userId', value: user.userId });
    return INVALID_CREDENTIALS;
  }
  return { status: 'OK' as const, user: await userJson(deps, user), recipeUserId: user.userId };
}

export async function registerCredential(deps: CoreDeps, input: { recipeUserId: string; webauthnGeneratedOptionsId: string; credential: Record<string, unknown> }) {
  const user = await readUser(deps, input.recipeUserId);
  if (user?.recipeId !== 'webauthn') return { status: 'UNKNOWN_USER_ID_ERROR' as const };
  const options = await readOptions(deps, user.tenantId, input.webauthnGeneratedOptionsId);
  const checked = await verifiedRegistration(deps, options, input.credential, user.userId);
  if ('refusal' in checked) return checked.refusal;
  if (!(await saveCredential(deps, checked.credential))) return INVALID_CREDENTIALS;
  return {
    status: 'OK' as const,
    webauthnCredentialId: checked.credential.credentialId,
    recipeUserId: user.userId,
    email: user.email,
    relyingPartyId: checked.credential.rpId,
    relyingPartyName: options!.rpName,
    createdAt: checked.credential.createdAt,
  };
}

export async function signIn(deps: CoreDeps, tenantId: string, input: { webauthnGeneratedOptionsId: string; credential: Record<string, unknown> }) {
  const options = await readOptions(deps, tenantId, input.webauthnGeneratedOptionsId);
  if (!options || options.kind !== 'signin' || options.usedAt !== undefined) return OPTIONS_NOT_FOUND;
  const credentialId = typeof input.credential.id === 'string' ? input.credential.id : '';
  const stored = credentialId ? await readCredential(deps, credentialId) : undefined;
  if (!stored || stored.rpId !== options.rpId) return { status: 'CREDENTIAL_NOT_FOUND_ERROR' as const };
  const user = await readUser(deps, stored.recipeUserId);
  if (!user || user.tenantId !== tenantId) return { status: 'UNKNOWN_USER_ID_ERROR' as const };
  const counter = await verifiedAssertion(options, stored, input.credential);
  if (counter === undefined) return INVALID_CREDENTIALS;
  if (!(await spendOptions(deps, options)) || !(await advanceCounter(deps, stored, counter))) return INVALID_CREDENTIALS;
  return { status: 'OK' as const, user: await userJson(deps, user), recipeUserId: user.userId };
}

/** The assertion's new signature counter once it checks out against the options and the stored key, else undefined. */
async function verifiedAssertion(options: OptionsItem, stored: CredentialItem, credential: Record<string, unknown>): Promise<number | undefined> {
  try {
    const verification = await verifyAuthenticationResponse({
      response: credential as unknown as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: options.challenge,
      expectedOrigin: options.origin,
      expectedRPID: options.rpId,
      credential: { id: stored.credentialId, publicKey: isoBase64URL.toBuffer(stored.publicKey), counter: stored.counter },
      requireUserVerification: options.userVerification === 'required',
    });
    return verification.verified ? verification.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}

const credentialJson = (c: CredentialItem) => ({ webauthnCredentialId: c.credentialId, recipeUserId: c.recipeUserId, relyingPartyId: c.rpId, createdAt: c.createdAt });

export async function listCredentials(deps: CoreDeps, recipeUserId: string) {
  return { status: 'OK' as const, credentials: (await credentialsOf(deps, recipeUserId)).map(credentialJson) };
}

export async function getCredential(deps: CoreDeps, input: { webauthnCredentialId: string; recipeUserId: string }) {
  const stored = await readCredential(deps, input.webauthnCredentialId);
  return stored && stored.recipeUserId === input.recipeUserId ? { status: 'OK' as const, ...credentialJson(stored) } : { status: 'CREDENTIAL_NOT_FOUND_ERROR' as const };
}

export async function removeCredential(deps: CoreDeps, input: { webauthnCredentialId: string; recipeUserId: string }) {
  return (await deleteCredential(deps, input.webauthnCredentialId, input.recipeUserId)) ? { status: 'OK' as const } : { status: 'CREDENTIAL_NOT_FOUND_ERROR' as const };
}

/**
 * PUT /recipe/webauthn/user/email: the webauthn user's email becomes `email`, claimed as at sign-up
 * (another webauthn user of the tenant holding it refuses), and the old one freed. Its credentials
 * stay; the address is what the OS passkey picker and the account's logins show.
 */
export async function updateUserEmail(deps: CoreDeps, tenantId: string, input: { recipeUserId: string; email: string }) {
  const user = await readUser(deps, input.recipeUserId);
  if (!user || user.recipeId !== 'webauthn') return { status: 'UNKNOWN_USER_ID_ERROR' as const };
  const email = normaliseEmail(input.email);
  if (email === user.email) return { status: 'OK' as const };
  const held = await getItem<{ userId: string }>(deps.store, itemKey.webauthnEmailClaim(user.tenantId, email));
  if (held?.userId !== user.userId && !(await claimPasskeyEmail(deps, user.tenantId, email, user.userId))) return { status: 'EMAIL_ALREADY_EXISTS_ERROR' as const };
  const fields = { email, ...userOwnerFields(user.tenantId, email, user.timeJoined, user.userId) };
  const names = Object.keys(fields) as (keyof typeof fields)[];
  const written = await ifConditionHolds(
    deps.store.db.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: { pk: user.pk },
        UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
        ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
      }),
    ),
  );
  if (written === undefined) {
    await deleteItem(deps.store, itemKey.webauthnEmailClaim(user.tenantId, email), { attr: 'userId', value: user.userId });
    return { status: 'UNKNOWN_USER_ID_ERROR' as const };
  }
  await deleteItem(deps.store, itemKey.webauthnEmailClaim(user.tenantId, user.email), { attr: 'userId', value: user.userId });
  return { status: 'OK' as const };
}
