/**
 * Google sign-in through the local API and the Google stand-in: the auth Lambda builds the
 * authorisation address from the stand-in's discovery document, the browser's part (the stand-in's
 * form) is done over HTTP, and POST /api/auth/signinup exchanges the real code with PKCE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount as getUserRecord } from '../../functions/accounts/account';
import { AuthApi } from '../support/auth-api';
import { CookieJar } from '../support/cookie-jar';
import { startTestStack, type TestStack } from '../support/local-stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

/** What the browser does at Google: open the address, fill in the form, follow redirects back to us. */
async function atGoogle(authorisationUrl: string, email: string, name: string, callback: string): Promise<URL> {
  const browser = new CookieJar();
  let res = await browser.fetch(authorisationUrl);
  const form = new URL(res.headers.get('location')!, stack.google);
  res = await browser.fetch(form, { method: 'POST', body: new URLSearchParams({ email, name, action: 'login' }) });
  let location = res.headers.get('location')!;
  while (!location.startsWith(callback)) {
    res = await browser.fetch(new URL(location, stack.google));
    location = res.headers.get('location')!;
  }
  return new URL(location);
}

async function signInWithGoogle(email: string, name: string) {
  const who = new AuthApi(stack.api, stack.web);
  const callback = `${stack.web}/auth/callback`;
  const urlRes = await who.call('GET', `/api/auth/authorisationurl?thirdPartyId=google&redirectURIOnProviderDashboard=${encodeURIComponent(callback)}`, undefined, { rid: 'thirdparty' });
  expect(urlRes.status).toBe(200);
  const { urlWithQueryParams, pkceCodeVerifier } = (await urlRes.json()) as { urlWithQueryParams: string; pkceCodeVerifier?: string };
  expect(urlWithQueryParams.startsWith(`${stack.google}/`)).toBe(true);
  expect(pkceCodeVerifier).toBeTruthy();

  const state = 'state-from-the-web-sdk';
  const back = await atGoogle(`${urlWithQueryParams}&state=${state}`, email, name, callback);
  const signInUp = await who.call(
    'POST',
    '/api/auth/signinup',
    { thirdPartyId: 'google', redirectURIInfo: { redirectURIOnProviderDashboard: callback, redirectURIQueryParams: Object.fromEntries(back.searchParams), pkceCodeVerifier } },
    { rid: 'thirdparty' },
  );
  expect(signInUp.status).toBe(200);
  return { who, result: (await signInUp.json()) as { status: string; createdNewRecipeUser: boolean; user: { id: string; emails: string[] } } };
}

describe('Continue with Google, locally', () => {
  it('signs a new Google account up with a session and a product record carrying its Google name', async () => {
    const { who, result } = await signInWithGoogle('grace@example.com', 'Grace Hopper');
    expect(result).toMatchObject({ status: 'OK', createdNewRecipeUser: true, user: { emails: ['grace@example.com'] } });
    expect(who.hasSession()).toBe(true);
    expect(await getUserRecord(stack.db, result.user.id)).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper' });

    const ensured = await who.post('/api/ensure-user-exists');
    expect(ensured.status).toBe(200);
    expect((await who.post('/api/track-login', { userId: result.user.id })).body.loginCount).toBe(1);
  });

  it('signs the same Google account in again as the same user', async () => {
    const first = await signInWithGoogle('linus@example.com', 'Linus');
    const second = await signInWithGoogle('linus@example.com', 'Linus');
    expect(second.result).toMatchObject({ status: 'OK', createdNewRecipeUser: false, user: { id: first.result.user.id } });
  });
});
