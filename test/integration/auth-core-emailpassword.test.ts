/**
 * EmailPassword through the real supertokens-node SDK against the local auth core (dynalite behind
 * it): sign up, sign in, duplicates (as a recipe call and through the SDK's own /signup API), races,
 * and password reset with an injected clock for expiry.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import supertokens from 'supertokens-node';
import { middleware } from 'supertokens-node/framework/awsLambda';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../functions/lib/dynamo';
import { DANGLING_CLAIM_MS } from '../../infra/local/auth-core/emailpassword';
import { createStore, itemKey } from '../../infra/local/auth-core/store';
import { localTableName } from '../../shared/tables';
import { initSdk, startCoreUnderTest, type CoreUnderTest } from '../support/auth-core';
import { TEST_PASSWORD_COST } from '../support/local-stack';

let clockOffsetMs = 0;
let env: CoreUnderTest;

beforeAll(async () => {
  // The suite's lighter scrypt (docs/testing.md#password-cost): this file signs up and in some fifty
  // times and none of its checks is about the cost, which auth-core-secrets checks at the real one.
  env = await startCoreUnderTest({ clock: () => Date.now() + clockOffsetMs, config: { scrypt: TEST_PASSWORD_COST } });
  initSdk(env.core.url);
});
afterAll(() => env?.stop());

const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** The SDK's own HTTP API (as the auth Lambda serves it), called with an API Gateway v2 event. */
async function sdkApi(path: string, body: unknown): Promise<{ statusCode: number; body: Record<string, unknown> }> {
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', rid: 'emailpassword' },
    requestContext: { http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' }, stage: '$default' },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const result = (await middleware()(event, {} as Context, () => {})) as { statusCode: number; body: string };
  return { statusCode: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown> };
}

describe('EmailPassword through supertokens-node', () => {
  it('signs up, signs in, refuses a wrong password and a second sign-up of the same email', async () => {
    const address = email('ada');
    const signUp = await EmailPassword.signUp('public', address, 'engine42');
    expect(signUp.status).toBe('OK');
    if (signUp.status !== 'OK') return;
    expect(signUp.user.emails).toEqual([address]);
    expect(signUp.user.loginMethods[0]!.recipeId).toBe('emailpassword');
    expect(signUp.recipeUserId.getAsString()).toBe(signUp.user.id);

    const signIn = await EmailPassword.signIn('public', address.toUpperCase(), 'engine42');
    expect(signIn.status).toBe('OK');
    if (signIn.status === 'OK') expect(signIn.user.id).toBe(signUp.user.id);

    expect((await EmailPassword.signIn('public', address, 'engine43')).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await EmailPassword.signIn('public', email('nobody'), 'engine42')).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await EmailPassword.signUp('public', ` ${address.toUpperCase()} `, 'other-password')).status).toBe('EMAIL_ALREADY_EXISTS_ERROR');

    const user = await supertokens.getUser(signUp.user.id);
    expect(user?.emails).toEqual([address]);
  });

  it('answers a duplicate sign-up through the SDK /signup API with its field error', async () => {
    const address = email('grace');
    const form = (pw: string) => ({ formFields: [{ id: 'email', value: address }, { id: 'password', value: pw }] });
    const first = await sdkApi('/api/auth/signup', form('engine42'));
    expect(first.statusCode).toBe(200);
    expect(first.body.status).toBe('OK');
    const second = await sdkApi('/api/auth/signup', form('engine42'));
    expect(second.body.status).toBe('FIELD_ERROR');
    expect(second.body.formFields).toEqual([{ id: 'email', error: 'This email already exists. Please sign in instead.' }]);
  });

  it('keeps exactly one user when 20 sign-ups of one email race', async () => {
    const address = email('race');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => EmailPassword.signUp('public', address, `password-${i}`)));
    expect(results.filter((r) => r.status === 'OK')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'EMAIL_ALREADY_EXISTS_ERROR')).toHaveLength(19);
    const users = await supertokens.listUsersByAccountInfo('public', { email: address });
    expect(users).toHaveLength(1);
    const winner = results.findIndex((r) => r.status === 'OK');
    expect((await EmailPassword.signIn('public', address, `password-${winner}`)).status).toBe('OK');
  });

  it('lets a sign-up take over a claim whose user was never written (a crash between the writes), but only once it is stale', async () => {
    const db = createDocumentClient(env.dynamo.url);
    const store = createStore(db, localTableName('authCore'));
    const address = email('crashed');
    // What a core that stopped after claiming the email, before writing the user, leaves behind.
    await db.send(new PutCommand({ TableName: store.table, Item: { pk: itemKey.emailClaim('public', address), userId: randomUUID(), claimedAt: Date.now() } }));
    expect((await EmailPassword.signUp('public', address, 'engine42')).status).toBe('EMAIL_ALREADY_EXISTS_ERROR');

    clockOffsetMs = DANGLING_CLAIM_MS + 1_000;
    try {
      const taken = await EmailPassword.signUp('public', address, 'engine42');
      expect(taken.status).toBe('OK');
      expect((await EmailPassword.signIn('public', address, 'engine42')).status).toBe('OK');
      // A claim whose user exists is never taken over, however old.
      clockOffsetMs = 10 * DANGLING_CLAIM_MS;
      expect((await EmailPassword.signUp('public', address, 'other-pass-1')).status).toBe('EMAIL_ALREADY_EXISTS_ERROR');
    } finally {
      clockOffsetMs = 0;
      db.destroy();
    }
    expect(await supertokens.listUsersByAccountInfo('public', { email: address })).toHaveLength(1);
  });

  it('resets a password with a token that works once', async () => {
    const address = email('reset');
    const signUp = await EmailPassword.signUp('public', address, 'old-password1');
    if (signUp.status !== 'OK') throw new Error(signUp.status);
    const created = await EmailPassword.createResetPasswordToken('public', signUp.user.id, address);
    if (created.status !== 'OK') throw new Error(created.status);

    expect((await EmailPassword.resetPasswordUsingToken('public', created.token, 'new-password1')).status).toBe('OK');
    expect((await EmailPassword.signIn('public', address, 'new-password1')).status).toBe('OK');
    expect((await EmailPassword.signIn('public', address, 'old-password1')).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await EmailPassword.resetPasswordUsingToken('public', created.token, 'third-password1')).status).toBe('RESET_PASSWORD_INVALID_TOKEN_ERROR');
    expect((await EmailPassword.resetPasswordUsingToken('public', 'not-a-token', 'third-password1')).status).toBe('RESET_PASSWORD_INVALID_TOKEN_ERROR');
  });

  it('refuses a reset token after its hour, and tokens issued before another was used', async () => {
    const address = email('expiry');
    const signUp = await EmailPassword.signUp('public', address, 'old-password1');
    if (signUp.status !== 'OK') throw new Error(signUp.status);
    const token = async () => {
      const created = await EmailPassword.createResetPasswordToken('public', signUp.user.id, address);
      if (created.status !== 'OK') throw new Error(created.status);
      return created.token;
    };

    const late = await token();
    clockOffsetMs = 60 * 60 * 1000 + 1000;
    try {
      expect((await EmailPassword.resetPasswordUsingToken('public', late, 'new-password1')).status).toBe('RESET_PASSWORD_INVALID_TOKEN_ERROR');
    } finally {
      clockOffsetMs = 0;
    }
    expect((await EmailPassword.signIn('public', address, 'old-password1')).status).toBe('OK');

    const [first, second] = [await token(), await token()];
    expect((await EmailPassword.resetPasswordUsingToken('public', second, 'new-password1')).status).toBe('OK');
    expect((await EmailPassword.resetPasswordUsingToken('public', first, 'new-password2')).status).toBe('RESET_PASSWORD_INVALID_TOKEN_ERROR');
  });

  it('changes email and password, and refuses an email another user holds', async () => {
    const [a, b] = [email('first'), email('second')];
    const userA = await EmailPassword.signUp('public', a, 'password-a1');
    const userB = await EmailPassword.signUp('public', b, 'password-b1');
    if (userA.status !== 'OK' || userB.status !== 'OK') throw new Error('sign-up failed');

    expect((await EmailPassword.updateEmailOrPassword({ recipeUserId: userA.recipeUserId, email: b })).status).toBe('EMAIL_ALREADY_EXISTS_ERROR');
    const moved = email('moved');
    expect((await EmailPassword.updateEmailOrPassword({ recipeUserId: userA.recipeUserId, email: moved, password: 'password-a2' })).status).toBe('OK');
    expect((await EmailPassword.signIn('public', moved, 'password-a2')).status).toBe('OK');
    expect((await EmailPassword.signIn('public', a, 'password-a1')).status).toBe('WRONG_CREDENTIALS_ERROR');
    // The old address is free again.
    expect((await EmailPassword.signUp('public', a, 'password-c1')).status).toBe('OK');
  });

  it('deletes a user with their sign-in', async () => {
    const address = email('gone');
    const signUp = await EmailPassword.signUp('public', address, 'password-g1');
    if (signUp.status !== 'OK') throw new Error(signUp.status);
    await supertokens.deleteUser(signUp.user.id);
    expect(await supertokens.getUser(signUp.user.id)).toBeUndefined();
    expect((await EmailPassword.signIn('public', address, 'password-g1')).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await EmailPassword.signUp('public', address, 'password-g2')).status).toBe('OK');
  });
});
