/**
 * Account self-service through the local stack: renaming, the data export and signing out
 * of every device, each over real HTTP from a person's own address. Password changes and deletion
 * have files of their own (account-password, account-delete).
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { getAccount } from '../../functions/user-record/account';
import type { AccountExport, UserProfile } from '../../shared/api-types';
import { PRICE_IDS } from '../../shared/plans';
import { tableName } from '../../shared/tables';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { signInWithGoogle } from '../support/google-sign-in';
import { useTestStack } from '../support/local-stack';
import { desktopSession, newMember, refreshWithCookie, refreshWithHeader, setCookies } from '../support/sessions';
import { payCheckout } from '../support/stripe-pages';

const stack = useTestStack();

const PASSWORD = 'engine42';

const member = (name = 'member') => newMember(stack, name, PASSWORD);

async function answer(res: Response) {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const rename = async (who: AuthApi, body: unknown) => answer(await who.call('PATCH', '/api/account', body));

describe('GET /api/account', () => {
  it('answers the profile /account shows, with how the account signs in, password or Google', async () => {
    const { who, email } = await member('profile');
    await rename(who, { name: 'Ada' });
    const read = await answer(await who.call('GET', '/api/account'));
    expect(read).toEqual({ status: 200, body: { name: 'Ada', email, createdAt: expect.any(String), lastLoginAt: null, loginCount: 0, signInMethods: ['password'], paidPlan: null } });
    const google = await signInWithGoogle(stack, `ada-${randomUUID().slice(0, 8)}@example.com`, 'Ada Google');
    expect((await answer(await google.who.call('GET', '/api/account'))).body).toMatchObject({ name: 'Ada Google', signInMethods: ['google'] });
  });

  it('refuses a caller without a session, and a signed-out browser whose token has not expired yet', async () => {
    expect((await new AuthApi(stack.api, stack.web).get('/api/account')).status).toBe(401);
    const { who } = await member('profile-out');
    const token = who.jar.get('sAccessToken')!;
    await who.signOut();
    expect((await fetch(`${stack.api}/api/account`, { headers: { cookie: `sAccessToken=${token}` } })).status).toBe(401);
  });
});

describe('PATCH /api/account', () => {
  it('saves the name, trimmed, and the dashboard reads it', async () => {
    const { who } = await member('rename');
    expect(await rename(who, { name: '  Ada Lovelace  ' })).toEqual({ status: 200, body: { message: texts.account.renamed, name: 'Ada Lovelace' } });
    expect(((await who.get('/api/user-profile')).body as unknown as UserProfile).name).toBe('Ada Lovelace');
    expect((await rename(who, { name: 'x'.repeat(200) })).status).toBe(200);
  });

  it('refuses an empty, blank, too long or non-string name, a malformed body and no body with 400, changing nothing', async () => {
    const { who, userId } = await member('badname');
    await rename(who, { name: 'Kept' });
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 42 }, { name: null }, {}, [], 'Ada']) {
      const refused = await rename(who, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toEqual(expect.any(String));
    }
    expect((await rename(who, { name: '' })).body.fields).toEqual({ name: texts.account.nameRequired });
    expect((await rename(who, { name: 'x'.repeat(201) })).body.fields).toEqual({ name: texts.account.nameTooLong });
    expect(await answer(await who.call('PATCH', '/api/account', undefined, {}))).toEqual({ status: 400, body: { message: texts.api.malformedJson } });
    const malformed = await fetch(`${stack.api}/api/account`, { method: 'PATCH', headers: { 'content-type': 'application/json', rid: 'anti-csrf', cookie: who.jar.header(), origin: stack.web }, body: '{"name":' });
    expect(await answer(malformed)).toEqual({ status: 400, body: { message: texts.api.malformedJson } });
    expect((await getAccount(stack.db, userId))?.name).toBe('Kept');
  });

  it('refuses a caller without a session, and a signed-out browser whose token has not expired yet', async () => {
    expect((await rename(new AuthApi(stack.api, stack.web), { name: 'Mallory' })).status).toBe(401);
    const { who, userId } = await member('signedout');
    const token = who.jar.get('sAccessToken')!;
    await who.signOut();
    const res = await fetch(`${stack.api}/api/account`, { method: 'PATCH', headers: { 'content-type': 'application/json', rid: 'anti-csrf', cookie: `sAccessToken=${token}` }, body: JSON.stringify({ name: 'Mallory' }) });
    expect(res.status).toBe(401);
    expect((await getAccount(stack.db, userId))?.name).toBeUndefined();
  });
});

describe('GET /api/account/export', () => {
  it('downloads everything about the account as a dated JSON attachment, and nothing else', async () => {
    const { who, email, userId } = await member('export');
    await rename(who, { name: 'Ada Export' });
    // Pro (a trial) through the Stripe stand-in.
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    const subscriptionId = (await getAccount(stack.db, userId))!.subscription!.subscriptionId;
    // /account names the plan a deletion would end: a Pro trial, to the end of its period.
    const paidPlan = (await answer(await who.call('GET', '/api/account'))).body.paidPlan;
    expect(paidPlan).toEqual({ name: 'Pro', trial: true, periodEnd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    // This month's usage from the app, and an earlier month as stored then.
    expect((await who.call('POST', '/api/usage', { words: 120, seconds: 60 }, { 'idempotency-key': randomUUID() })).status).toBe(200);
    await stack.db.send(new PutCommand({ TableName: tableName('usage'), Item: { userId, month: '2020-01', wordsTranscribed: 7, recordingTime: 3, timeSaved: 9, reports: 1 } }));
    // Contact messages: two from the account's email (any case), one from someone else.
    const contact = (from: string, message: string) => new AuthApi(stack.api, stack.web).post('/api/contact', { name: 'Ada', email: from, message });
    expect((await contact(email.toUpperCase(), 'First question')).status).toBe(201);
    expect((await contact(email, 'Second question')).status).toBe(201);
    const stranger = await member('stranger');
    expect((await contact(stranger.email, 'Not yours')).status).toBe(201);
    await rename(stranger.who, { name: 'Somebody Else' });

    const res = await who.call('GET', '/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const data = JSON.parse(text) as AccountExport;
    // The file is named for the day of its export, the stack's clock's (the test's could be past midnight already).
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="voxpen-data-${data.exportedAt.slice(0, 10)}.json"`);

    expect(Date.now() - Date.parse(data.exportedAt)).toBeLessThan(60_000);
    // Its units said in the file and in its field names; every moment an ISO 8601 date-time.
    expect(data.units).toEqual({ dates: 'ISO 8601 date-times in UTC', month: 'calendar month in UTC, YYYY-MM', words: 'words', recordingSeconds: 'seconds', timeSavedSeconds: 'seconds' });
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
    for (const moment of [data.exportedAt, data.profile.createdAt, data.subscription?.currentPeriodEnd, data.contactMessages[0]?.receivedAt]) expect(moment).toMatch(iso);
    expect(data.profile).toEqual({ name: 'Ada Export', email, createdAt: expect.any(String), lastLoginAt: null, loginCount: 0, signInMethods: ['password'] });
    expect(data.plan).toBe('pro');
    expect(data.subscription).toMatchObject({ status: 'trialing', stripeSubscriptionId: subscriptionId, interval: 'month', cancelAtPeriodEnd: false });
    expect(subscriptionId).toMatch(/^sub_/);
    expect(data.trialUsed).toBe(true);
    // The month of the usage reported moments before: the stack's, read from the export.
    const thisMonth = data.exportedAt.slice(0, 7);
    expect(data.usage).toEqual([
      { month: '2020-01', words: 7, recordingSeconds: 3, timeSavedSeconds: 9 },
      { month: thisMonth, words: 120, recordingSeconds: 60, timeSavedSeconds: expect.any(Number) },
    ]);
    expect(data.contactMessages.map((m) => m.message)).toEqual(['First question', 'Second question']);
    expect(data.contactMessages[0]).toEqual({ receivedAt: expect.any(String), name: 'Ada', email: email.toUpperCase(), message: 'First question' });

    // Never a secret, a token, a hash or another person's data.
    const tokens = [who.jar.get('sAccessToken')!, who.jar.get('sRefreshToken')!];
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toMatch(/scrypt|\$argon|\$2[aby]\$|eyJ|ipHash|passwordHash|cus_|Token|secret/i);
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain('Not yours');
    expect(text).not.toContain('Somebody Else');
    expect(text).not.toContain(stranger.userId);
  });

  it('exports a Google account with its sign-in method, Free and no subscription', async () => {
    const { who } = await signInWithGoogle(stack, `grace-${randomUUID().slice(0, 8)}@example.com`, 'Grace Hopper');
    const res = await who.call('GET', '/api/account/export');
    expect(res.status).toBe(200);
    const data = (await res.json()) as AccountExport;
    expect(data).toMatchObject({ profile: { name: 'Grace Hopper', signInMethods: ['google'] }, plan: 'free', subscription: null, trialUsed: false, usage: [], contactMessages: [] });
  });

  it('refuses a caller without a session', async () => {
    expect((await new AuthApi(stack.api, stack.web).get('/api/account/export')).status).toBe(401);
  });
});

describe('POST /api/account/sign-out-everywhere', () => {
  it('ends every session of the account, this one, another browser and the desktop app, and signs this browser out at once', async () => {
    const { who, email } = await member('everywhere');
    const other = new AuthApi(stack.api, stack.web);
    expect((await other.signIn(email, PASSWORD)).status).toBe('OK');
    const desktop = await desktopSession(stack.api, who);
    const own = { access: who.jar.get('sAccessToken')!, refresh: who.jar.get('sRefreshToken')! };
    const otherRefresh = other.jar.get('sRefreshToken')!;

    const res = await who.call('POST', '/api/account/sign-out-everywhere');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: texts.account.signedOutEverywhere });
    expect(res.headers.get('front-token')).toBe('remove');
    const cleared = setCookies(res);
    expect(cleared.sAccessToken).toMatch(/^sAccessToken=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Path=\/; SameSite=Lax/);
    expect(cleared.sRefreshToken).toMatch(/^sRefreshToken=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Path=\/api\/auth\/session\/refresh; SameSite=Lax/);
    expect(who.hasSession()).toBe(false);

    for (const refresh of [own.refresh, otherRefresh]) expect((await refreshWithCookie(stack.api, stack.web, refresh)).status).toBe(401);
    expect((await refreshWithHeader(stack.api, desktop.refreshToken)).status).toBe(401);
    // Routes that ask the core refuse the ended sessions' access tokens at once.
    const live = (headers: Record<string, string>) => fetch(`${stack.api}/api/ensure-user-exists`, { method: 'POST', headers: { rid: 'anti-csrf', ...headers } });
    expect((await live({ cookie: `sAccessToken=${own.access}` })).status).toBe(401);
    expect((await live({ cookie: `sAccessToken=${other.jar.get('sAccessToken')!}` })).status).toBe(401);
    expect((await live({ authorization: `Bearer ${desktop.accessToken}` })).status).toBe(401);
    const report = await fetch(`${stack.api}/api/usage`, { method: 'POST', headers: { authorization: `Bearer ${desktop.accessToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify({ words: 1, seconds: 1 }) });
    expect(report.status).toBe(401);

    // Signing in again works as ever.
    expect((await new AuthApi(stack.api, stack.web).signIn(email, PASSWORD)).status).toBe('OK');
  });

  it('refuses a caller without a session', async () => {
    expect((await new AuthApi(stack.api, stack.web).post('/api/account/sign-out-everywhere')).status).toBe(401);
  });
});
