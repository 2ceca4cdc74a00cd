/**
 * ThirdParty sign-in-up, keyed by (tenant, thirdPartyId, thirdPartyUserId): the first call creates
 * the user (a claim item put only if absent decides races), later calls find it and, as the core
 * does, take the provider's current email when it changed.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CoreDeps } from './deps';
import { markVerified } from './emailverification';
import { deleteItem, itemKey, putIfAbsent } from './store';
import { newUser, userJson, userOwnerFields, userWithThirdParty, type UserItem } from './users';
import { normaliseEmail } from './email-address';

async function refreshEmail(deps: CoreDeps, user: UserItem, email: string, isVerified: boolean): Promise<UserItem> {
  // As the core does: the provider's word that it checked the address verifies the pair.
  if (isVerified) await markVerified(deps, user.userId, email);
  if (email === user.email) return user;
  const next: UserItem = { ...user, email, ...userOwnerFields(user.tenantId, email, user.timeJoined, user.userId) };
  await deps.store.db.send(
    new UpdateCommand({
      TableName: deps.store.table,
      Key: { pk: user.pk },
      UpdateExpression: 'SET email = :e, ownerKey = :ok, ownerSort = :os',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':e': next.email, ':ok': next.ownerKey, ':os': next.ownerSort },
    }),
  );
  return next;
}

export async function signInUp(deps: CoreDeps, tenantId: string, input: { thirdPartyId: string; thirdPartyUserId: string; email: { id: string; isVerified: boolean } }) {
  const thirdPartyId = input.thirdPartyId.trim();
  const thirdPartyUserId = input.thirdPartyUserId.trim();
  const email = normaliseEmail(input.email.id);
  const answer = async (user: UserItem, createdNewUser: boolean) => ({ status: 'OK' as const, createdNewUser, user: await userJson(deps, user), recipeUserId: user.userId });

  const existing = await userWithThirdParty(deps, tenantId, thirdPartyId, thirdPartyUserId);
  if (existing) return answer(await refreshEmail(deps, existing, email, input.email.isVerified), false);

  const user = newUser(deps, tenantId, email, { recipeId: 'thirdparty', thirdPartyId, thirdPartyUserId });
  await putIfAbsent(deps.store, user);
  if (await putIfAbsent(deps.store, { pk: itemKey.thirdPartyClaim(tenantId, thirdPartyId, thirdPartyUserId), userId: user.userId })) {
    if (input.email.isVerified) await markVerified(deps, user.userId, email);
    return answer(user, true);
  }

  // A concurrent first sign-in won: drop ours and sign in as theirs.
  await deleteItem(deps.store, user.pk);
  const winner = await userWithThirdParty(deps, tenantId, thirdPartyId, thirdPartyUserId);
  if (!winner) throw new Error('third-party claim without its user');
  return answer(await refreshEmail(deps, winner, email, input.email.isVerified), false);
}
