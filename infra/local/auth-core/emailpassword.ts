/**
 * EmailPassword: sign up, sign in, password reset tokens, email and password changes.
 *
 * An email belongs to at most one email-password user per tenant: a claim item keyed by tenant and
 * email is put only if absent, then the user item is written; the loser of a race answers
 * EMAIL_ALREADY_EXISTS_ERROR having written nothing. A claim whose user never got written (the core
 * stopped between the two writes) is taken over by the next sign-up once it is a minute old, so a
 * crash neither leaves a stray user nor locks the email. Reset tokens are random, stored only as their
 * SHA-256, consumed by a conditional delete (so once), and die after an hour or when another of the
 * user's tokens is consumed.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { ifConditionHolds, isExpired } from '../../../functions/lib/dynamo';
import { BadRequest, type CoreDeps } from './deps';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password-hash';
import { sha256Hex } from './refresh-token';
import { deleteItem, getItem, itemKey, ownerKey, putIfAbsent, type MailedTokenItem } from './store';
import { newUser, readUser, userJson, userOwnerFields, type UserItem } from './users';
import { normaliseEmail } from './email-address';

interface EmailClaim {
  pk: string;
  userId: string;
  /** Epoch ms; absent on claims written before takeover existed. */
  claimedAt?: number;
}

/** Far longer than a sign-up takes between its claim and its user write. */
export const DANGLING_CLAIM_MS = 60_000;

/** Claims the email for `userId`; false when another user holds it. */
async function claimEmail(deps: CoreDeps, pk: string, userId: string, now: number): Promise<boolean> {
  if (await putIfAbsent<EmailClaim>(deps.store, { pk, userId, claimedAt: now })) return true;
  const held = await getItem<EmailClaim>(deps.store, pk);
  if (!held || now - (held.claimedAt ?? 0) < DANGLING_CLAIM_MS || (await readUser(deps, held.userId))) return false;
  const written = await ifConditionHolds(
    deps.store.db.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: { pk },
        UpdateExpression: 'SET userId = :mine, claimedAt = :now',
        ConditionExpression: 'userId = :theirs',
        ExpressionAttributeValues: { ':mine': userId, ':now': now, ':theirs': held.userId },
      }),
    ),
  );
  return written !== undefined;
}

async function userWithEmail(deps: CoreDeps, tenantId: string, email: string): Promise<UserItem | undefined> {
  const claim = await getItem<EmailClaim>(deps.store, itemKey.emailClaim(tenantId, email));
  const user = claim && (await readUser(deps, claim.userId));
  return user?.recipeId === 'emailpassword' && user.email === email && user.tenantId === tenantId ? user : undefined;
}

export async function signUp(deps: CoreDeps, tenantId: string, input: { email: string; password: string }) {
  if (input.password === '') throw new BadRequest('Password cannot be an empty string');
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password, deps.config.scrypt);
  const user = newUser(deps, tenantId, email, { recipeId: 'emailpassword', passwordHash });
  if (!(await claimEmail(deps, itemKey.emailClaim(tenantId, email), user.userId, user.timeJoined))) return { status: 'EMAIL_ALREADY_EXISTS_ERROR' as const };
  await putIfAbsent(deps.store, user);
  return { status: 'OK' as const, user: await userJson(deps, user), recipeUserId: user.userId };
}

export async function signIn(deps: CoreDeps, tenantId: string, input: { email: string; password: string }) {
  const user = await userWithEmail(deps, tenantId, normaliseEmail(input.email));
  const matches = user?.passwordHash ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstNothing(input.password, deps.config.scrypt);
  if (!user || !matches) return { status: 'WRONG_CREDENTIALS_ERROR' as const };
  return { status: 'OK' as const, user: await userJson(deps, user), recipeUserId: user.userId };
}

export async function createResetPasswordToken(deps: CoreDeps, tenantId: string, input: { userId: string; email: string }) {
  const user = await readUser(deps, input.userId);
  if (!user || user.recipeId !== 'emailpassword') return { status: 'UNKNOWN_USER_ID_ERROR' as const };
  const token = randomBytes(48).toString('base64url');
  const now = deps.clock();
  const item: MailedTokenItem = {
    pk: itemKey.resetToken(sha256Hex(token)),
    ownerKey: ownerKey.resetTokensOf(user.userId),
    ownerSort: String(now),
    userId: user.userId,
    email: normaliseEmail(input.email),
    tenantId,
    createdAt: now,
    expiresAt: Math.floor((now + deps.config.passwordResetTokenLifetimeMs) / 1000),
  };
  await putIfAbsent(deps.store, item);
  return { status: 'OK' as const, token };
}

export async function consumeResetPasswordToken(deps: CoreDeps, tenantId: string, input: { token: string }) {
  const invalid = { status: 'RESET_PASSWORD_INVALID_TOKEN_ERROR' as const };
  const spent = await deleteItem<MailedTokenItem>(deps.store, itemKey.resetToken(sha256Hex(input.token)), { attr: 'tenantId', value: tenantId });
  const now = deps.clock();
  if (!spent || isExpired(spent, now)) return invalid;
  const user = await readUser(deps, spent.userId);
  if (!user || spent.createdAt < (user.resetTokensNotBefore ?? 0)) return invalid;
  // The user's other outstanding tokens die with this one (as the core deletes them all).
  await ifConditionHolds(
    deps.store.db.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: { pk: user.pk },
        UpdateExpression: 'SET resetTokensNotBefore = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now + 1 },
      }),
    ),
  );
  return { status: 'OK' as const, userId: spent.userId, email: spent.email };
}

/** PUT /recipe/user: a new email (claimed like at sign-up) and/or a new password. */
export async function updateEmailOrPassword(deps: CoreDeps, input: { recipeUserId: string; email?: string; password?: string }) {
  if (input.email === undefined && input.password === undefined) throw new BadRequest('You have to provide either email or password.');
  const user = await readUser(deps, input.recipeUserId);
  if (!user || user.recipeId !== 'emailpassword') return { status: 'UNKNOWN_USER_ID_ERROR' as const };
  const updates: Record<string, unknown> = {};
  const newEmail = input.email === undefined ? undefined : normaliseEmail(input.email);
  const emailChanges = newEmail !== undefined && newEmail !== user.email;
  if (emailChanges) {
    const claim = { pk: itemKey.emailClaim(user.tenantId, newEmail), userId: user.userId };
    const claimed = (await putIfAbsent(deps.store, claim)) || (await getItem<EmailClaim>(deps.store, claim.pk))?.userId === user.userId;
    if (!claimed) return { status: 'EMAIL_ALREADY_EXISTS_ERROR' as const };
    Object.assign(updates, { email: newEmail, ...userOwnerFields(user.tenantId, newEmail, user.timeJoined, user.userId) });
  }
  if (input.password !== undefined) updates.passwordHash = await hashPassword(input.password, deps.config.scrypt);
  const names = Object.keys(updates);
  const written = await ifConditionHolds(
    deps.store.db.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: { pk: user.pk },
        UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
        ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, updates[n]])),
      }),
    ),
  );
  if (written === undefined) {
    if (emailChanges) await deleteItem(deps.store, itemKey.emailClaim(user.tenantId, newEmail), { attr: 'userId', value: user.userId });
    return { status: 'UNKNOWN_USER_ID_ERROR' as const };
  }
  if (emailChanges) await deleteItem(deps.store, itemKey.emailClaim(user.tenantId, user.email), { attr: 'userId', value: user.userId });
  return { status: 'OK' as const };
}
