import supertokens, { type User } from 'supertokens-node';
import type { SessionContainer } from 'supertokens-node/recipe/session';
import { describe, expect, it } from 'vitest';
import { linksOnlyPasskeys, relyingParty } from './passkeys';

const recipeUser = (id: string) => supertokens.convertToRecipeUserId(id);
const session = { getUserId: () => 'primary-1', getRecipeUserId: () => recipeUser('login-1') } as unknown as SessionContainer;
const sessionUser = { id: 'primary-1' } as User;
const adding = { voxpenAddingPasskey: true } as never;
const other = {} as never;

const passkeyLogin = { recipeId: 'webauthn', email: 'ada@example.com' } as never;
const ownLogin = { recipeId: 'emailpassword', email: 'ada@example.com', recipeUserId: recipeUser('login-1') } as never;
const LINK = { shouldAutomaticallyLink: true, shouldRequireVerification: true };
const NO = { shouldAutomaticallyLink: false };

describe('linksOnlyPasskeys', () => {
  it('links while a passkey is added: the session’s own login becomes primary, the new passkey login joins it; both need the address proven', async () => {
    expect(await linksOnlyPasskeys(ownLogin, undefined, session, 'public', adding)).toEqual(LINK);
    expect(await linksOnlyPasskeys(passkeyLogin, sessionUser, session, 'public', adding)).toEqual(LINK);
  });

  it('links nothing else: no session, another request, another user, another login, another recipe', async () => {
    expect(await linksOnlyPasskeys(passkeyLogin, sessionUser, undefined, 'public', adding)).toEqual(NO);
    expect(await linksOnlyPasskeys(passkeyLogin, sessionUser, session, 'public', other)).toEqual(NO);
    expect(await linksOnlyPasskeys(ownLogin, undefined, session, 'public', other)).toEqual(NO);
    expect(await linksOnlyPasskeys(passkeyLogin, { id: 'someone-else' } as User, session, 'public', adding)).toEqual(NO);
    expect(await linksOnlyPasskeys({ recipeId: 'emailpassword', email: 'ada@example.com', recipeUserId: recipeUser('login-2') } as never, undefined, session, 'public', adding)).toEqual(NO);
    expect(await linksOnlyPasskeys({ recipeId: 'thirdparty', email: 'ada@example.com', thirdParty: { id: 'google', userId: 'g' } } as never, sessionUser, session, 'public', adding)).toEqual(NO);
  });
});

describe('relyingParty', () => {
  it('is the site: its host as the id, its origin', () => {
    expect(relyingParty({ WEB_ORIGIN: 'https://voxpen.app' })).toEqual({ id: 'voxpen.app', origin: 'https://voxpen.app', name: 'Voxpen' });
    expect(relyingParty({})).toMatchObject({ id: 'localhost', origin: 'http://localhost:5173' });
  });
});
