/**
 * ThirdParty, user metadata and the tenant reads through the real supertokens-node SDK against the
 * local auth core.
 */
import { randomUUID } from 'node:crypto';
import supertokens from 'supertokens-node';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import Multitenancy from 'supertokens-node/recipe/multitenancy';
import ThirdParty from 'supertokens-node/recipe/thirdparty';
import UserMetadata from 'supertokens-node/recipe/usermetadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkConfig, startCoreUnderTest, type CoreUnderTest } from '../support/auth-core';

let env: CoreUnderTest;

beforeAll(async () => {
  env = await startCoreUnderTest();
  const config = sdkConfig(env.core.url);
  supertokens.init({ ...config, recipeList: [...config.recipeList, UserMetadata.init()] });
});
afterAll(() => env?.stop());

const googleId = () => String(BigInt(`0x${randomUUID().replaceAll('-', '').slice(0, 15)}`));

describe('ThirdParty through supertokens-node', () => {
  it('creates the user on the first sign-in and finds the same user on the next', async () => {
    const sub = googleId();
    const email = `tp-${sub}@example.com`;
    const first = await ThirdParty.manuallyCreateOrUpdateUser('public', 'google', sub, email, true);
    if (first.status !== 'OK') throw new Error(first.status);
    expect(first.createdNewRecipeUser).toBe(true);
    expect(first.user.thirdParty).toEqual([{ id: 'google', userId: sub }]);
    expect(first.user.loginMethods[0]).toMatchObject({ recipeId: 'thirdparty', email, verified: true });

    const second = await ThirdParty.manuallyCreateOrUpdateUser('public', 'google', sub, email, true);
    if (second.status !== 'OK') throw new Error(second.status);
    expect(second.createdNewRecipeUser).toBe(false);
    expect(second.user.id).toBe(first.user.id);
  });

  it('takes the provider’s new email on a later sign-in', async () => {
    const sub = googleId();
    const first = await ThirdParty.manuallyCreateOrUpdateUser('public', 'google', sub, `old-${sub}@example.com`, true);
    if (first.status !== 'OK') throw new Error(first.status);
    const renamed = `new-${sub}@example.com`;
    const later = await ThirdParty.manuallyCreateOrUpdateUser('public', 'google', sub, renamed, true);
    if (later.status !== 'OK') throw new Error(later.status);
    expect(later.user.id).toBe(first.user.id);
    expect((await supertokens.getUser(first.user.id))?.emails).toEqual([renamed]);
    expect(await supertokens.listUsersByAccountInfo('public', { email: `old-${sub}@example.com` })).toEqual([]);
    expect((await supertokens.listUsersByAccountInfo('public', { email: renamed })).map((u) => u.id)).toEqual([first.user.id]);
  });

  it('creates one user when two first sign-ins race', async () => {
    const sub = googleId();
    const results = await Promise.all([1, 2, 3].map(() => ThirdParty.manuallyCreateOrUpdateUser('public', 'google', sub, `race-${sub}@example.com`, true)));
    const ids = new Set(results.map((r) => (r.status === 'OK' ? r.user.id : r.status)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.status === 'OK' && r.createdNewRecipeUser)).toHaveLength(1);
  });

  it('lists a Google user and a password user sharing an email, each found by its own account info', async () => {
    const sub = googleId();
    const email = `both-${sub}@example.com`;
    const google = await ThirdParty.manuallyCreateOrUpdateUser('public', 'google', sub, email, true);
    const password = await EmailPassword.signUp('public', email, 'engine42');
    if (google.status !== 'OK' || password.status !== 'OK') throw new Error('sign-up failed');
    const byEmail = await supertokens.listUsersByAccountInfo('public', { email });
    expect(byEmail.map((u) => u.id)).toEqual([google.user.id, password.user.id]);
    const byGoogle = await supertokens.listUsersByAccountInfo('public', { thirdParty: { id: 'google', userId: sub } });
    expect(byGoogle.map((u) => u.id)).toEqual([google.user.id]);
  });

  it('answers the public tenant’s configuration, the one the SDK merges its Google provider into', async () => {
    const tenant = await Multitenancy.getTenant('public');
    expect(tenant?.status).toBe('OK');
    expect(tenant?.thirdParty.providers).toEqual([]);
    expect(tenant?.firstFactors).toBeUndefined();
    expect(await Multitenancy.getTenant('elsewhere')).toBeUndefined();
    expect((await Multitenancy.listAllTenants()).tenants.map((t) => t.tenantId)).toEqual(['public']);
  });
});

describe('user metadata through supertokens-node', () => {
  it('merges updates, drops keys set to null, and clears', async () => {
    const userId = `meta-${googleId()}`;
    expect((await UserMetadata.getUserMetadata(userId)).metadata).toEqual({});
    await UserMetadata.updateUserMetadata(userId, { name: 'Ada', plan: 'free' });
    const updated = await UserMetadata.updateUserMetadata(userId, { plan: null, locale: 'en' });
    expect(updated.metadata).toEqual({ name: 'Ada', locale: 'en' });
    expect((await UserMetadata.getUserMetadata(userId)).metadata).toEqual({ name: 'Ada', locale: 'en' });
    await UserMetadata.clearUserMetadata(userId);
    expect((await UserMetadata.getUserMetadata(userId)).metadata).toEqual({});
  });
});
