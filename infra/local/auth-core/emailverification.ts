/**
 * EmailVerification, as the core keeps it: verification is a fact about a (user, email) pair, not a
 * flag on the user, so a user whose email changes is unverified for the new address until that one
 * is proven, and verified again should it change back. A verified pair is one item; a token is
 * random, stored only as its SHA-256, consumed by a conditional delete (so once), dies after the
 * configured lifetime (the real core's default, 24 h), and all of a pair's tokens die when one is
 * used or the caller revokes them.
 */
import { randomBytes } from 'node:crypto';
import { isExpired } from '../../../functions/lib/dynamo';
import type { CoreDeps } from './deps';
import { sha256Hex } from './refresh-token';
import { deleteItem, getItem, itemKey, ownerKey, putIfAbsent, queryOwner, type MailedTokenItem } from './store';
import { normaliseEmail } from './email-address';

interface VerifiedItem {
  pk: string;
  /** In the user's partition, so deleting the user finds every verified address. */
  ownerKey: string;
  ownerSort: string;
  userId: string;
  email: string;
  verifiedAt: number;
}

export async function isVerified(deps: CoreDeps, userId: string, email: string): Promise<boolean> {
  return (await getItem<VerifiedItem>(deps.store, itemKey.verifiedEmail(userId, normaliseEmail(email)))) !== undefined;
}

/** Marks the pair verified (a token used, or a provider that vouches for the address). */
export async function markVerified(deps: CoreDeps, userId: string, email: string): Promise<void> {
  const address = normaliseEmail(email);
  await putIfAbsent<VerifiedItem>(deps.store, {
    pk: itemKey.verifiedEmail(userId, address),
    ownerKey: ownerKey.verifiedEmailsOf(userId),
    ownerSort: address,
    userId,
    email: address,
    verifiedAt: deps.clock(),
  });
}

export async function createToken(deps: CoreDeps, tenantId: string, input: { userId: string; email: string }) {
  const email = normaliseEmail(input.email);
  if (await isVerified(deps, input.userId, email)) return { status: 'EMAIL_ALREADY_VERIFIED_ERROR' as const };
  const token = randomBytes(48).toString('base64url');
  const now = deps.clock();
  await putIfAbsent<MailedTokenItem>(deps.store, {
    pk: itemKey.verifyToken(sha256Hex(token)),
    ownerKey: ownerKey.verifyTokensOf(input.userId),
    ownerSort: String(now),
    userId: input.userId,
    email,
    tenantId,
    createdAt: now,
    expiresAt: Math.floor((now + deps.config.emailVerificationTokenLifetimeMs) / 1000),
  });
  return { status: 'OK' as const, token };
}

export async function verifyWithToken(deps: CoreDeps, tenantId: string, input: { method: 'token'; token: string }) {
  const spent = await deleteItem<MailedTokenItem>(deps.store, itemKey.verifyToken(sha256Hex(input.token)), { attr: 'tenantId', value: tenantId });
  if (!spent || isExpired(spent, deps.clock())) return { status: 'EMAIL_VERIFICATION_INVALID_TOKEN_ERROR' as const };
  await markVerified(deps, spent.userId, spent.email);
  await revokeTokens(deps, { userId: spent.userId, email: spent.email });
  return { status: 'OK' as const, userId: spent.userId, email: spent.email };
}

export async function revokeTokens(deps: CoreDeps, input: { userId: string; email: string }) {
  const email = normaliseEmail(input.email);
  const tokens = await queryOwner<MailedTokenItem>(deps.store, ownerKey.verifyTokensOf(input.userId));
  for (const token of tokens) if (token.email === email) await deleteItem(deps.store, token.pk);
  return { status: 'OK' as const };
}

export async function unverify(deps: CoreDeps, input: { userId: string; email: string }) {
  await deleteItem(deps.store, itemKey.verifiedEmail(input.userId, normaliseEmail(input.email)));
  return { status: 'OK' as const };
}

/** Everything the user's verification left behind, for deleting the user. */
export async function forgetUser(deps: CoreDeps, userId: string): Promise<void> {
  for (const token of await queryOwner<{ pk: string }>(deps.store, ownerKey.verifyTokensOf(userId))) await deleteItem(deps.store, token.pk);
  for (const verified of await queryOwner<{ pk: string }>(deps.store, ownerKey.verifiedEmailsOf(userId))) await deleteItem(deps.store, verified.pk);
}
