/**
 * What the local auth core gives away: nothing secret in its log lines, its HTTP answers or its
 * table (passwords only as scrypt hashes, reset and refresh tokens never stored), and bad input is
 * answered with a message, never a stack trace.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import Session from 'supertokens-node/recipe/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../infra/local/auth-core/router';
import { initSdk, startCoreUnderTest, TEST_CORE_API_KEY, type CoreUnderTest } from '../support/auth-core';

let env: CoreUnderTest;
const log: LogEntry[] = [];
const responses: string[] = [];

beforeAll(async () => {
  env = await startCoreUnderTest({ log: (entry) => log.push(entry) });
  initSdk(env.core.url);
});
afterAll(() => env?.stop());

async function core(path: string, init: RequestInit & { apiKey?: string | null } = {}) {
  const { apiKey = TEST_CORE_API_KEY, ...rest } = init;
  const res = await fetch(`${env.core.url}${path}`, {
    ...rest,
    headers: { 'content-type': 'application/json', ...(apiKey ? { 'api-key': apiKey } : {}), ...(rest.headers as Record<string, string>) },
  });
  const text = await res.text();
  responses.push(text);
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

const PASSWORD = 'Sup3r-Secret-Passw0rd';
const secrets: string[] = [PASSWORD, TEST_CORE_API_KEY];

describe('secrets stay in the auth core', () => {
  it('never logs, answers or stores a password, token or key', async () => {
    const email = `secret-${Date.now()}@example.com`;
    const signUp = await EmailPassword.signUp('public', email, PASSWORD);
    if (signUp.status !== 'OK') throw new Error(signUp.status);
    await EmailPassword.signIn('public', email, `${PASSWORD}-wrong`);
    secrets.push(`${PASSWORD}-wrong`);
    const reset = await EmailPassword.createResetPasswordToken('public', signUp.user.id, email);
    if (reset.status !== 'OK') throw new Error(reset.status);
    secrets.push(reset.token);
    const session = await Session.createNewSessionWithoutRequestResponse('public', signUp.recipeUserId);
    const tokens = session.getAllSessionTokensDangerously();
    const refreshed = (await Session.refreshSessionWithoutRequestResponse(tokens.refreshToken!)).getAllSessionTokensDangerously();
    secrets.push(tokens.refreshToken!, refreshed.refreshToken!, tokens.accessToken, refreshed.accessToken);

    // What other callers can read about the user.
    const signIn = await core('/public/recipe/signin', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) });
    expect(signIn.json().status).toBe('OK');
    await core(`/user/id?userId=${signUp.user.id}`);
    await core(`/public/users/by-accountinfo?email=${encodeURIComponent(email)}&doUnionOfAccountInfo=true`);
    const jwks = await core('/.well-known/jwks.json', { apiKey: null });
    for (const key of jwks.json().keys as Record<string, unknown>[]) expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);

    const logText = JSON.stringify(log);
    const answered = responses.join('\n');
    for (const secret of secrets) {
      expect(logText).not.toContain(secret);
      expect(answered).not.toContain(secret);
    }
    for (const text of [logText, answered]) {
      expect(text).not.toMatch(/scrypt\$|passwordHash|PRIVATE KEY|refreshTokenHash2/);
    }

    const items = (await env.core.deps.store.db.send(new ScanCommand({ TableName: env.core.deps.store.table }))).Items ?? [];
    const stored = JSON.stringify(items);
    for (const secret of secrets) expect(stored).not.toContain(secret);
    const user = items.find((i) => i.pk === `user#${signUp.user.id}`);
    expect(String(user?.passwordHash)).toMatch(/^scrypt\$16384\$8\$5\$/);
  });
});

describe('bad requests to the auth core', () => {
  it('requires the api key, except for /hello and the JWKS', async () => {
    expect((await core('/apiversion', { apiKey: null })).status).toBe(401);
    expect((await core('/apiversion', { apiKey: 'wrong-key' })).json()).toEqual({ message: 'Invalid API key' });
    expect((await core('/apiversion')).json()).toEqual({ versions: ['5.4'] });
    expect((await core('/hello', { apiKey: null })).text).toBe('Hello');
  });

  it('answers unknown paths 404, malformed JSON 400 and wrong input 400, each with a message and no stack trace', async () => {
    const unknown = await core('/public/recipe/nothing-here', { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(unknown.json().message).toContain('/recipe/nothing-here');

    const malformed = await core('/public/recipe/signin', { method: 'POST', body: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid JSON input' });

    const missing = await core('/public/recipe/signup', { method: 'POST', body: JSON.stringify({ email: 'a@example.com' }) });
    expect(missing.status).toBe(400);
    expect(missing.json()).toEqual({ message: "Field 'password' is missing or invalid" });

    const protectedClaim = await core('/public/recipe/session', {
      method: 'POST',
      body: JSON.stringify({ userId: 'u1', userDataInJWT: { sub: 'someone-else' }, userDataInDatabase: {}, enableAntiCsrf: false }),
    });
    expect(protectedClaim.status).toBe(400);

    expect((await core('/public/recipe/signup', { method: 'GET' })).status).toBe(405);
    expect((await core('/apiversion', { headers: { 'cdi-version': '2.9' } })).status).toBe(400);
    expect((await core('/other-tenant/recipe/signin', { method: 'POST', body: '{}' })).status).toBe(404);

    for (const text of responses) expect(text).not.toMatch(/\n\s+at |node_modules|Error:/);
  });

  it('answers the tenant and app prefixes the SDK can send', async () => {
    expect((await core('/appid-public/public/recipe/multitenancy/tenant/v2')).json()).toMatchObject({ status: 'OK', tenantId: 'public' });
    expect((await core('/recipe/multitenancy/tenant/v2')).json()).toMatchObject({ status: 'OK', tenantId: 'public' });
    expect((await core('/other-tenant/recipe/multitenancy/tenant/v2')).json()).toEqual({ status: 'TENANT_NOT_FOUND_ERROR' });
    expect((await core('/appid-other/public/recipe/multitenancy/tenant/v2')).status).toBe(404);
  });
});
