/**
 * Google sign-in through the local API and the Google stand-in: the auth Lambda builds the
 * authorisation address from the stand-in's discovery document, the browser's part (the stand-in's
 * form) is done over HTTP, and POST /api/auth/signinup exchanges the real code with PKCE. A sign-up
 * whose record write fails is finished by the next sign-in, as is any sign-in whose record is missing.
 */
import { InternalServerError } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import supertokens from 'supertokens-node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TENANT_ID } from '../../functions/auth';
import { ensureSupertokens } from '../../functions/auth/supertokens';
import { getAccount as getUserRecord } from '../../functions/user-record/account';
import { tableName } from '../../shared/tables';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { postGoogleSignInUp, signInWithGoogle } from '../support/google-sign-in';
import { useTestStack } from '../support/local-stack';
import { newMember } from '../support/sessions';

const stack = useTestStack();

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The API process's next write to the users table fails as DynamoDB failing on its side does (the
 * SDK's own InternalServerError, after its retries); every other call goes through. Answers how many
 * writes it failed.
 */
function failNextUsersWrite(): () => number {
  let failed = 0;
  const send = DynamoDBDocumentClient.prototype.send;
  vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(function (this: DynamoDBDocumentClient, command: { input?: { TableName?: string } }, ...rest: unknown[]) {
    const write = /^(Put|Update)Command$/.test(command.constructor.name);
    if (!failed && write && command.input?.TableName === tableName('users')) {
      failed++;
      return Promise.reject(new InternalServerError({ message: 'We encountered an internal error. Please try again.', $metadata: { httpStatusCode: 500, attempts: 3 } }));
    }
    return (send as (...args: unknown[]) => unknown).call(this, command, ...rest);
  } as never);
  return () => failed;
}

describe('Continue with Google, locally', () => {
  it('signs a new Google account up with a session and a product record carrying its Google name', async () => {
    const { who, result } = await signInWithGoogle(stack, 'grace@example.com', 'Grace Hopper');
    expect(result).toMatchObject({ status: 'OK', createdNewRecipeUser: true, user: { emails: ['grace@example.com'] } });
    expect(who.hasSession()).toBe(true);
    expect(await getUserRecord(stack.db, result.user.id)).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper' });

    const ensured = await who.post('/api/ensure-user-exists');
    expect(ensured.status).toBe(200);
    expect((await who.post('/api/track-login', { userId: result.user.id })).body.loginCount).toBe(1);
  });

  it('signs the same Google account in again as the same user', async () => {
    const first = await signInWithGoogle(stack, 'linus@example.com', 'Linus');
    const second = await signInWithGoogle(stack, 'linus@example.com', 'Linus');
    expect(second.result).toMatchObject({ status: 'OK', createdNewRecipeUser: false, user: { id: first.result.user.id } });
  });

  it('ends an interrupted sign-up with the record and its Google name: the users write failed after the core made the user, the retry (a sign-in) writes it', async () => {
    const failed = failNextUsersWrite();
    const first = await postGoogleSignInUp(stack, 'ada@example.com', 'Ada Lovelace');
    expect(failed()).toBe(1);
    // DynamoDB failing is a dependency down: 503 with Retry-After and a sentence, not a bare 500.
    expect(first.res.status).toBe(503);
    expect(first.res.headers.get('retry-after')).toBeTruthy();
    expect(((await first.res.json()) as { message: string }).message).toBe(texts.api.unavailable('database'));
    vi.restoreAllMocks();

    const again = await signInWithGoogle(stack, 'ada@example.com', 'Ada Lovelace');
    // The core made the user the first time: the retry is a sign-in, not a sign-up.
    expect(again.result.createdNewRecipeUser).toBe(false);
    expect(await getUserRecord(stack.db, again.userId)).toMatchObject({ userId: again.userId, email: 'ada@example.com', name: 'Ada Lovelace', loginCount: 0 });
    expect((await again.who.post('/api/ensure-user-exists')).body).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });
  });

  it('leaves a record that exists as it is at sign-in: a name the person set stays theirs', async () => {
    const { who, userId } = await signInWithGoogle(stack, 'barbara@example.com', 'Barbara Liskov');
    expect((await who.post('/api/users', { name: 'Barb', email: 'barbara@example.com', supertokensUserId: userId })).status).toBe(200);
    const before = await getUserRecord(stack.db, userId);
    await signInWithGoogle(stack, 'barbara@example.com', 'Barbara Liskov');
    expect(before).toMatchObject({ name: 'Barb' });
    expect(await getUserRecord(stack.db, userId)).toEqual(before);
  });
});

describe('an email sign-in', () => {
  it('makes a missing record again, with the account email and its proven address', async () => {
    const { email, userId } = await newMember(stack, 'lost-record', 'engine42');
    await stack.db.send(new DeleteCommand({ TableName: tableName('users'), Key: { userId } }));
    expect(await getUserRecord(stack.db, userId)).toBeUndefined();

    const who = new AuthApi(stack.api, stack.web);
    expect((await who.signIn(email, 'engine42')).status).toBe('OK');
    const repaired = await getUserRecord(stack.db, userId);
    expect(repaired).toMatchObject({ userId, email, loginCount: 0 });
    // The address was proven before the record was lost (newMember opens the verification link): the record says so again.
    expect(repaired?.emailVerifiedAt).toEqual(expect.any(String));
  });
});

describe('one account per address', () => {
  it('refuses a Google sign-up with the address of a password account, saying how to sign in; nothing is made, the password account goes on', async () => {
    const { email, userId } = await newMember(stack, 'holder', 'engine42');
    const { who, res } = await postGoogleSignInUp(stack, email, 'Squatter');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'SIGN_IN_UP_NOT_ALLOWED', reason: texts.auth.callback.addressHasPasswordAccount });
    expect(who.hasSession()).toBe(false);
    await ensureSupertokens();
    expect((await supertokens.listUsersByAccountInfo(TENANT_ID, { email })).map((u) => u.id)).toEqual([userId]);
    const owner = new AuthApi(stack.api, stack.web);
    expect((await owner.signIn(email, 'engine42')).status).toBe('OK');
  });

  it('refuses an email sign-up with a Google account’s address on its email field, and makes nothing', async () => {
    const { userId } = await signInWithGoogle(stack, 'ada-google@example.com', 'Ada');
    const who = new AuthApi(stack.api, stack.web);
    const res = await who.call('POST', '/api/auth/signup', { formFields: [{ id: 'email', value: 'Ada-Google@example.com' }, { id: 'password', value: 'engine42' }] }, { rid: 'emailpassword' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'FIELD_ERROR', formFields: [{ id: 'email', error: texts.auth.fields.emailHasGoogle }] });
    expect(who.hasSession()).toBe(false);
    expect((await signInWithGoogle(stack, 'ada-google@example.com', 'Ada')).userId).toBe(userId);
  });
});
