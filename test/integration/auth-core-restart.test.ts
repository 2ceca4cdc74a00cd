/**
 * A restart of the local auth core (and of DynamoDB, on its LevelDB files) loses nothing: users sign
 * in, sessions are still there, access tokens issued before still verify against the core's own
 * keys, and refresh tokens still refresh.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertokens from 'supertokens-node';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import Session from 'supertokens-node/recipe/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initSdk, startCoreUnderTest, type CoreUnderTest } from '../support/auth-core';

const dataDir = mkdtempSync(join(tmpdir(), 'voxpen-auth-core-'));
let env: CoreUnderTest;

beforeAll(async () => {
  env = await startCoreUnderTest({ dataDir });
  initSdk(env.core.url);
});
afterAll(async () => {
  await env?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const jwksKids = async () => ((await (await fetch(`${env.core.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid).sort();

describe('the auth core across a restart', () => {
  it('keeps users, sessions and signing keys', async () => {
    const email = `restart-${Date.now()}@example.com`;
    const signUp = await EmailPassword.signUp('public', email, 'engine42');
    if (signUp.status !== 'OK') throw new Error(signUp.status);
    const session = await Session.createNewSessionWithoutRequestResponse('public', signUp.recipeUserId, { plan: 'free' });
    const { accessToken, refreshToken } = session.getAllSessionTokensDangerously();
    const kidsBefore = await jwksKids();

    await env.restart({ dynamoToo: true });

    expect(await jwksKids()).toEqual(kidsBefore);
    expect((await EmailPassword.signIn('public', email, 'engine42')).status).toBe('OK');
    expect((await supertokens.getUser(signUp.user.id))?.emails).toEqual([email]);
    expect((await Session.getSessionInformation(session.getHandle()))?.customClaimsInAccessTokenPayload.plan).toBe('free');
    // checkDatabase makes the SDK ask the core, which checks the signature with the keys it reloaded.
    const verified = await Session.getSessionWithoutRequestResponse(accessToken, undefined, { checkDatabase: true });
    expect(verified.getUserId()).toBe(signUp.user.id);
    const refreshed = await Session.refreshSessionWithoutRequestResponse(refreshToken!);
    expect(refreshed.getHandle()).toBe(session.getHandle());
  });
});
