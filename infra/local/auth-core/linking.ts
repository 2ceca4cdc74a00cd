/**
 * Account links, as the core keeps them: a primary user and the recipe users linked to it. The one
 * link this product makes is a passkey's (webauthn) user joining the signed-in account
 * (functions/auth/account-linking.ts); every other user stays its own, unlinked.
 *
 * Each link is one item keyed by the recipe user (so a recipe user is linked at most once, decided by
 * a conditional put) and filed in the primary's `byOwner` partition; a primary user is linked to
 * itself, which is how the core knows it is primary.
 */
import type { CoreDeps } from './deps';
import { deleteItem, getItem, itemKey, ownerKey, putIfAbsent, queryOwner } from './store';

export interface LinkItem {
  pk: string;
  recipeUserId: string;
  primaryUserId: string;
  ownerKey: string;
  ownerSort: string;
}

/** The primary user the recipe user belongs to, or undefined when it is linked to none (and is not primary). */
export async function primaryOf(deps: CoreDeps, recipeUserId: string): Promise<string | undefined> {
  return (await getItem<LinkItem>(deps.store, itemKey.link(recipeUserId)))?.primaryUserId;
}

/** The id sessions and the user object carry: the primary's when linked, else the user's own. */
export async function accountIdOf(deps: CoreDeps, recipeUserId: string): Promise<string> {
  return (await primaryOf(deps, recipeUserId)) ?? recipeUserId;
}

/** The recipe users of one primary (itself included), oldest link first is not promised: callers sort. */
export async function membersOf(deps: CoreDeps, primaryUserId: string): Promise<string[]> {
  const links = await queryOwner<LinkItem>(deps.store, ownerKey.linksOf(primaryUserId));
  return links.map((l) => l.recipeUserId);
}

/** Writes the link; false when the recipe user is already linked (to this or another primary). */
export function putLink(deps: CoreDeps, recipeUserId: string, primaryUserId: string): Promise<boolean> {
  return putIfAbsent<LinkItem>(deps.store, {
    pk: itemKey.link(recipeUserId),
    recipeUserId,
    primaryUserId,
    ownerKey: ownerKey.linksOf(primaryUserId),
    ownerSort: recipeUserId,
  });
}

export async function removeLink(deps: CoreDeps, recipeUserId: string): Promise<void> {
  await deleteItem(deps.store, itemKey.link(recipeUserId));
}
