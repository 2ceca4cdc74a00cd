/**
 * Sessions end when their owner ends them (issue "Sessions that end when they should"), tried as an
 * attacker would, through the real supertokens-node and the local core: a replayed refresh token is
 * detected even when the new access token was first used on a product Lambda, a signed-out browser
 * token cannot start a desktop sign-in, and a password reset ends every session, browser and desktop.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DesktopSession } from '../../shared/api-types';
import { texts } from '../../shared/texts';
import { pkcePair } from '../../infra/scripts/desktop-client';
import { AuthApi } from '../support/auth-api';
import { latestMailTo, linkIn } from '../support/outbox';
import { useTestStack } from '../support/local-stack';
import { verifyThroughOutbox } from '../support/verification';

const stack = useTestStack();

const PASSWORD = 'engine42';
const LOOPBACK = 'http://127.0.0.1:53124/cb';

async function signedUp() {
  const browser = new AuthApi(stack.api, stack.web);
  const email = `revoke-${randomUUID().slice(0, 8)}@example.com`;
  const res = await browser.signUp(email, PASSWORD);
  expect(res.status).toBe('OK');
  await verifyThroughOutbox(browser, stack.outboxDir, email);
  return { browser, email, userId: (res.user as { id: string }).id };
}

/** The browser's refresh, with whatever refresh token it holds (or one given, as a thief would send it). */
function refreshWithCookie(refreshToken: string) {
  return fetch(`${stack.api}/api/auth/session/refresh`, {
    method: 'POST',
    headers: { origin: stack.web, rid: 'session', 'st-auth-mode': 'cookie', cookie: `sRefreshToken=${refreshToken}` },
    redirect: 'manual',
  });
}

/** The desktop app's refresh (header mode). */
function refreshWithHeader(refreshToken: string) {
  return fetch(`${stack.api}/api/auth/session/refresh`, {
    method: 'POST',
    headers: { rid: 'session', 'st-auth-mode': 'header', authorization: `Bearer ${refreshToken}` },
  });
}

function cookieFrom(res: Response, name: string): string | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0];
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

function withAccessCookie(accessToken: string, method: string, path: string) {
  return fetch(`${stack.api}${path}`, { method, headers: { origin: stack.web, rid: 'anti-csrf', cookie: `sAccessToken=${accessToken}` }, redirect: 'manual' });
}

/** The browser's desktop consent, with the app's challenge; answers the code and the verifier that redeems it. */
async function desktopCode(browser: AuthApi): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const consent = await browser.call('POST', '/api/auth/desktop/consent', { redirect_url: LOOPBACK, code_challenge: challenge, code_challenge_method: 'S256' });
  expect(consent.status).toBe(200);
  return { code: new URL(((await consent.json()) as { redirectUrl: string }).redirectUrl).searchParams.get('code')!, verifier };
}

/** The consent sent with only an access token in the cookie, as a browser that kept an old one would send it. */
function consentWithAccessCookie(accessToken: string) {
  return fetch(`${stack.api}/api/auth/desktop/consent`, {
    method: 'POST',
    headers: { origin: stack.web, rid: 'anti-csrf', 'content-type': 'application/json', cookie: `sAccessToken=${accessToken}` },
    body: JSON.stringify({ redirect_url: LOOPBACK, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }),
  });
}

function exchange(code: string, verifier: string) {
  return fetch(`${stack.api}/api/auth/desktop/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, code_verifier: verifier }) });
}

async function desktopSession(browser: AuthApi): Promise<DesktopSession> {
  const { code, verifier } = await desktopCode(browser);
  const exchanged = await exchange(code, verifier);
  expect(exchanged.status).toBe(200);
  return (await exchanged.json()) as DesktopSession;
}

describe('token theft detection', () => {
  it('detects a replayed refresh token after the refreshed access token was used on a product route, and ends the session', async () => {
    const { browser } = await signedUp();
    const r0 = browser.jar.get('sRefreshToken')!;

    const refreshed = await refreshWithCookie(r0);
    expect(refreshed.status).toBe(200);
    const a1 = cookieFrom(refreshed, 'sAccessToken')!;
    const r1 = cookieFrom(refreshed, 'sRefreshToken')!;
    expect(claimsOf(a1).parentRefreshTokenHash1).toEqual(expect.any(String));

    // The product Lambda confirms the refresh with the core, as verifySession would, and hands back
    // the token the core issued in its place (no parent any more), with the SDK's front token.
    const used = await withAccessCookie(a1, 'POST', '/api/ensure-user-exists');
    expect([200, 201]).toContain(used.status);
    const a2 = cookieFrom(used, 'sAccessToken');
    expect(a2).toBeDefined();
    expect(claimsOf(a2!).parentRefreshTokenHash1).toBeNull();
    expect(used.headers.get('front-token')).toBeTruthy();
    // Once confirmed, the new token is an ordinary one: no second trip to the core, no new token.
    const again = await withAccessCookie(a2!, 'GET', '/api/user-profile');
    expect(again.status).toBe(200);
    expect(cookieFrom(again, 'sAccessToken')).toBeUndefined();

    // The thief replays the old refresh token: refused, and the whole session is revoked.
    const replay = await refreshWithCookie(r0);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ message: 'token theft detected' });
    expect(cookieFrom(replay, 'sAccessToken')).toBeFalsy();
    expect((await refreshWithCookie(r1)).status).toBe(401);
  });

  it('does the same for the desktop app in header mode', async () => {
    const { browser } = await signedUp();
    const desktop = await desktopSession(browser);

    const refreshed = await refreshWithHeader(desktop.refreshToken);
    expect(refreshed.status).toBe(200);
    const a1 = refreshed.headers.get('st-access-token')!;
    const r1 = refreshed.headers.get('st-refresh-token')!;

    const used = await fetch(`${stack.api}/api/usage`, { headers: { authorization: `Bearer ${a1}` } });
    expect(used.status).toBe(200);
    const a2 = used.headers.get('st-access-token');
    expect(a2).toBeTruthy();
    expect(claimsOf(a2!).parentRefreshTokenHash1).toBeNull();
    expect(used.headers.getSetCookie()).toEqual([]);

    expect((await refreshWithHeader(desktop.refreshToken)).status).toBe(401);
    expect((await refreshWithHeader(r1)).status).toBe(401);
  });

  it('still lets a client that lost a refresh answer refresh again with the same token', async () => {
    const { browser } = await signedUp();
    const r0 = browser.jar.get('sRefreshToken')!;
    expect((await refreshWithCookie(r0)).status).toBe(200);
    const retried = await refreshWithCookie(r0);
    expect(retried.status).toBe(200);
    const used = await withAccessCookie(cookieFrom(retried, 'sAccessToken')!, 'GET', '/api/user-profile');
    expect(used.status).not.toBe(401);
  });
});

describe('a signed-out browser', () => {
  it('cannot start a desktop sign-in with its old access token', async () => {
    const { browser } = await signedUp();
    const oldAccessToken = browser.jar.get('sAccessToken')!;
    expect((await browser.signOut()).status).toBe('OK');

    const res = await consentWithAccessCookie(oldAccessToken);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: texts.desktop.signInFirst });
  });

  it('makes a code issued before the sign-out worthless', async () => {
    const { browser } = await signedUp();
    const { code, verifier } = await desktopCode(browser);
    expect((await browser.signOut()).status).toBe('OK');

    const exchanged = await exchange(code, verifier);
    expect(exchanged.status).toBe(400);
    expect(await exchanged.json()).toEqual({ message: texts.desktop.invalidCode });
  });

  it.each([
    ['POST', '/api/create-checkout-session', { priceId: 'pro-monthly' }],
    ['GET', '/api/manage-subscription', undefined],
    ['POST', '/api/users', { name: 'Mallory' }],
  ])('cannot use its old access token on %s %s, which changes the account', async (method, path, body) => {
    const { browser, email, userId } = await signedUp();
    const oldAccessToken = browser.jar.get('sAccessToken')!;
    expect((await browser.signOut()).status).toBe('OK');

    const sent = body && { ...body, ...(path === '/api/users' ? { email, supertokensUserId: userId } : {}) };
    const res = await fetch(`${stack.api}${path}`, {
      method,
      headers: { origin: stack.web, rid: 'anti-csrf', cookie: `sAccessToken=${oldAccessToken}`, 'content-type': 'application/json' },
      body: sent && JSON.stringify(sent),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'unauthorised' });
  });

  it('cannot count a login with its old access token: POST /api/track-login, a write, asks the core (401)', async () => {
    const { browser, userId } = await signedUp();
    expect((await browser.post('/api/ensure-user-exists')).status).toBe(200); // the record was made at sign-up
    expect((await browser.post('/api/track-login', { userId })).status).toBe(200);
    const oldAccessToken = browser.jar.get('sAccessToken')!;
    expect((await browser.signOut()).status).toBe('OK');

    const res = await fetch(`${stack.api}/api/track-login`, {
      method: 'POST',
      headers: { origin: stack.web, rid: 'anti-csrf', cookie: `sAccessToken=${oldAccessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'unauthorised' });
  });

  it('keeps ordinary reads stateless: the old access token reads until it expires, without asking the core', async () => {
    const { browser } = await signedUp();
    const oldAccessToken = browser.jar.get('sAccessToken')!;
    expect((await browser.signOut()).status).toBe('OK');
    expect((await withAccessCookie(oldAccessToken, 'GET', '/api/user-profile')).status).not.toBe(401);
  });
});

describe('access token lifetime', () => {
  it('gives a new access token 15 minutes, at sign-up and after a refresh, so a revoked one reads for 15 minutes at most', async () => {
    // The expiry is measured from the moment of the request, not from `iat`: a token whose claims are rewritten
    // (the sign-up adds its own) is minted again with a new `iat` and the same `exp`, as the real core does.
    const fifteenMinutesFrom = async <T>(request: () => Promise<T>) => {
      const before = Math.floor(Date.now() / 1000);
      const result = await request();
      return { result, window: [before + 900, Math.ceil(Date.now() / 1000) + 900] as const };
    };
    const browser = new AuthApi(stack.api, stack.web);
    const email = `lifetime-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await fifteenMinutesFrom(() => browser.signUp(email, PASSWORD));
    expect(signUp.result.status).toBe('OK');
    const issued = claimsOf(browser.jar.get('sAccessToken')!);
    expect(Number(issued.exp)).toBeGreaterThanOrEqual(signUp.window[0]);
    expect(Number(issued.exp)).toBeLessThanOrEqual(signUp.window[1]);
    await verifyThroughOutbox(browser, stack.outboxDir, email);
    const refresh = await fifteenMinutesFrom(() => refreshWithCookie(browser.jar.get('sRefreshToken')!));
    expect(refresh.result.status).toBe(200);
    const renewed = claimsOf(cookieFrom(refresh.result, 'sAccessToken')!);
    expect(Number(renewed.exp)).toBeGreaterThanOrEqual(refresh.window[0]);
    expect(Number(renewed.exp)).toBeLessThanOrEqual(refresh.window[1]);
    // A refresh mints a new token in one moment: its own `iat` says 15 minutes too.
    expect(Number(renewed.exp) - Number(renewed.iat)).toBe(900);
  });
});

describe('a password reset', () => {
  it('ends every session of the account, browser and desktop, and the new password signs in', async () => {
    const { browser, email } = await signedUp();
    const desktop = await desktopSession(browser);
    const browserRefresh = browser.jar.get('sRefreshToken')!;
    const browserAccess = browser.jar.get('sAccessToken')!;

    const visitor = new AuthApi(stack.api, stack.web);
    expect((await visitor.requestPasswordReset(email)).status).toBe('OK');
    const token = linkIn(await latestMailTo(stack.outboxDir, email, 5000, 'password-reset')).searchParams.get('token')!;
    expect((await visitor.resetPassword(token, 'newengine7')).status).toBe('OK');

    expect((await refreshWithCookie(browserRefresh)).status).toBe(401);
    expect((await refreshWithHeader(desktop.refreshToken)).status).toBe(401);
    // Routes that ask the core refuse the old browser token at once.
    expect((await consentWithAccessCookie(browserAccess)).status).toBe(401);

    const again = new AuthApi(stack.api, stack.web);
    expect((await again.signIn(email, 'newengine7')).status).toBe('OK');
    expect((await again.signIn(email, PASSWORD)).status).toBe('WRONG_CREDENTIALS_ERROR');
  });
});
