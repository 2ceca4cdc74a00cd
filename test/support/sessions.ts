/**
 * Sessions as the clients hold them, for tests that end them: a browser's refresh (cookie mode), the
 * desktop app's (header mode), and a desktop session got through the real handoff (the browser's
 * consent with a PKCE challenge, the app's exchange).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { pkcePair } from '../../infra/scripts/desktop-client';
import type { DesktopSession } from '../../shared/api-types';
import { AuthApi } from './auth-api';
import { verifyThroughOutbox } from './verification';

const LOOPBACK = 'http://127.0.0.1:53124/cb';

/** A new email account (`<name>-<random>@example.com`), signed up from an address of its own, its address proven from the outbox, with its product record. */
export async function newMember(stack: { api: string; web: string; outboxDir: string }, name: string, password: string): Promise<{ who: AuthApi; email: string; userId: string }> {
  const who = new AuthApi(stack.api, stack.web);
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await who.signUp(email, password);
  expect(res.status).toBe('OK');
  await verifyThroughOutbox(who, stack.outboxDir, email);
  // The record is made at sign-up (functions/auth/email-sign-up.ts): ensuring it finds it.
  expect((await who.post('/api/ensure-user-exists')).status).toBe(200);
  return { who, email, userId: (res.user as { id: string }).id };
}

/** The browser's refresh with a refresh token it holds (or held). */
export function refreshWithCookie(api: string, web: string, refreshToken: string): Promise<Response> {
  return fetch(`${api}/api/auth/session/refresh`, {
    method: 'POST',
    headers: { origin: web, rid: 'session', 'st-auth-mode': 'cookie', cookie: `sRefreshToken=${refreshToken}` },
    redirect: 'manual',
  });
}

/** The desktop app's refresh (header mode). */
export function refreshWithHeader(api: string, refreshToken: string): Promise<Response> {
  return fetch(`${api}/api/auth/session/refresh`, { method: 'POST', headers: { rid: 'session', 'st-auth-mode': 'header', authorization: `Bearer ${refreshToken}` } });
}

/** The browser's consent to a desktop sign-in (/launch's button), answered as it is: the response, unread. */
export function desktopConsent(browser: AuthApi, challenge: string): Promise<Response> {
  return browser.call('POST', '/api/auth/desktop/consent', { redirect_url: LOOPBACK, code_challenge: challenge, code_challenge_method: 'S256' });
}

/** The browser's desktop consent: the one-time code (left unredeemed, it stays in the handoffCodes table for its minute) and its verifier. */
export async function desktopCode(browser: AuthApi): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const consent = await desktopConsent(browser, challenge);
  expect(consent.status).toBe(200);
  return { code: new URL(((await consent.json()) as { redirectUrl: string }).redirectUrl).searchParams.get('code')!, verifier };
}

/** A desktop app's own session for the browser's user, through the handoff. */
export async function desktopSession(api: string, browser: AuthApi): Promise<DesktopSession> {
  const { code, verifier } = await desktopCode(browser);
  const exchanged = await fetch(`${api}/api/auth/desktop/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, code_verifier: verifier }) });
  expect(exchanged.status).toBe(200);
  return (await exchanged.json()) as DesktopSession;
}

/** Set-Cookie lines of `res` by cookie name. */
export function setCookies(res: Response): Record<string, string> {
  return Object.fromEntries(res.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line]));
}
