/**
 * Continue with Google through the local API and the Google stand-in, as the web SDK does it: the
 * authorisation address from the auth Lambda, the stand-in's form filled in over HTTP, and
 * POST /api/auth/signinup with the real code and PKCE verifier.
 */
import { expect } from 'vitest';
import { AuthApi } from './auth-api';
import { CookieJar } from './cookie-jar';
import type { TestStack } from './local-stack';

async function atGoogle(stack: TestStack, authorisationUrl: string, email: string, name: string, callback: string): Promise<URL> {
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

export interface GoogleSignInUp {
  status: string;
  createdNewRecipeUser: boolean;
  user: { id: string; emails: string[] };
}

/**
 * Goes through Google's part as a new browser and sends POST /api/auth/signinup; answers the browser
 * and the API's response as it came (a test of a failed sign-in reads it).
 */
export async function postGoogleSignInUp(stack: TestStack, email: string, name: string): Promise<{ who: AuthApi; res: Response }> {
  const who = new AuthApi(stack.api, stack.web);
  const callback = `${stack.web}/auth/callback`;
  const urlRes = await who.call('GET', `/api/auth/authorisationurl?thirdPartyId=google&redirectURIOnProviderDashboard=${encodeURIComponent(callback)}`, undefined, { rid: 'thirdparty' });
  expect(urlRes.status).toBe(200);
  const { urlWithQueryParams, pkceCodeVerifier } = (await urlRes.json()) as { urlWithQueryParams: string; pkceCodeVerifier?: string };
  // The auth Lambda found Google (the stand-in) by its discovery document, and asks for PKCE.
  expect(urlWithQueryParams.startsWith(`${stack.google}/`)).toBe(true);
  expect(pkceCodeVerifier).toBeTruthy();
  const back = await atGoogle(stack, `${urlWithQueryParams}&state=state-from-the-web-sdk`, email, name, callback);
  const res = await who.call(
    'POST',
    '/api/auth/signinup',
    { thirdPartyId: 'google', redirectURIInfo: { redirectURIOnProviderDashboard: callback, redirectURIQueryParams: Object.fromEntries(back.searchParams), pkceCodeVerifier } },
    { rid: 'thirdparty' },
  );
  return { who, res };
}

/** Signs `email` in (or up) with Google as a new browser; answers the browser, the user's id and the SDK's answer. */
export async function signInWithGoogle(stack: TestStack, email: string, name: string): Promise<{ who: AuthApi; userId: string; result: GoogleSignInUp }> {
  const { who, res } = await postGoogleSignInUp(stack, email, name);
  expect(res.status).toBe(200);
  const result = (await res.json()) as GoogleSignInUp;
  expect(result.status).toBe('OK');
  return { who, userId: result.user.id, result };
}
