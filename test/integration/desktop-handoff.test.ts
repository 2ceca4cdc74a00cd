/**
 * The desktop sign-in handoff (DECISIONS.md) through the local stack: a signed-in browser is sent back
 * to the desktop app's loopback address with a one-time code, which the app exchanges, once, for a
 * header-mode session of its own.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopSession } from '../../shared/api-types';
import { localTableName } from '../../shared/tables';
import { texts } from '../../shared/texts';
import { hashHandoffCode } from '../../functions/auth/handoff-codes';
import { AuthApi } from '../support/auth-api';
import { startTestStack, type TestStack } from '../support/local-stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

const PASSWORD = 'engine42';
const LOOPBACK = 'http://127.0.0.1:53123/cb?state=x';

async function signedIn() {
  const browser = new AuthApi(stack.api, stack.web);
  const email = `desk-${randomUUID().slice(0, 8)}@example.com`;
  const res = await browser.signUp(email, PASSWORD);
  expect(res.status).toBe('OK');
  return { browser, email, userId: (res.user as { id: string }).id };
}

function callback(browser: AuthApi, redirectUrl: string) {
  return browser.call('GET', `/api/auth/desktop-callback?redirect_url=${encodeURIComponent(redirectUrl)}`);
}

/** What the desktop app sends: no cookies, JSON. */
function exchange(body: string) {
  return fetch(`${stack.api}/api/auth/desktop/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

describe('desktop sign-in handoff', () => {
  it('redirects a signed-in browser to the loopback address with a code, which the app exchanges once for its own session', async () => {
    const { browser, email, userId } = await signedIn();
    const browserToken = browser.jar.get('sAccessToken');

    const res = await callback(browser, LOOPBACK);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:53123/cb');
    expect(location.searchParams.get('state')).toBe('x');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No token in the address, and the browser keeps its own session.
    expect(location.href).not.toContain(browserToken!);
    expect(browser.jar.get('sAccessToken')).toBe(browserToken);

    const exchanged = await exchange(JSON.stringify({ code }));
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers.getSetCookie()).toEqual([]);
    const session = (await exchanged.json()) as DesktopSession;
    expect(session).toEqual({ userId, accessToken: expect.any(String), refreshToken: expect.any(String), accessTokenExpiry: expect.any(Number) });
    expect(session.accessToken).not.toBe(browserToken);
    expect(session.accessTokenExpiry).toBeGreaterThan(Date.now());
    const claims = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: userId, email, exp: session.accessTokenExpiry / 1000 });

    const ensured = await fetch(`${stack.api}/api/ensure-user-exists`, { method: 'POST', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect([200, 201]).toContain(ensured.status);
    expect(((await ensured.json()) as { userId: string; email: string })).toMatchObject({ userId, email });

    // The app refreshes its session the SDK's header way.
    const refreshed = await fetch(`${stack.api}/api/auth/session/refresh`, {
      method: 'POST',
      headers: { rid: 'session', 'st-auth-mode': 'header', authorization: `Bearer ${session.refreshToken}` },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('st-access-token')).toBeTruthy();

    const again = await exchange(JSON.stringify({ code }));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: texts.desktop.invalidCode });
  });

  it('keeps the loopback query and replaces a code already in it', async () => {
    const { browser } = await signedIn();
    const res = await callback(browser, 'http://localhost:4567/done?state=a%20b&code=planted');
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('a b');
    expect(location.searchParams.getAll('code')).toHaveLength(1);
    expect(location.searchParams.get('code')).not.toBe('planted');
  });

  it('refuses an unknown code and an expired one', async () => {
    const unknown = await exchange(JSON.stringify({ code: 'x'.repeat(43) }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: texts.desktop.invalidCode });

    const { userId } = await signedIn();
    const code = `expired-${randomUUID()}`;
    await stack.db.send(
      new PutCommand({
        TableName: localTableName('handoffCodes'),
        Item: { codeHash: hashHandoffCode(code), userId, recipeUserId: userId, expiresAt: Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const expired = await exchange(JSON.stringify({ code }));
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ message: texts.desktop.invalidCode });
  });

  it('answers 401 without a browser session and issues nothing', async () => {
    const visitor = new AuthApi(stack.api, stack.web);
    const res = await callback(visitor, LOOPBACK);
    expect(res.status).toBe(401);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.json()).toEqual({ message: texts.desktop.signInFirst });
  });

  it.each(['https://evil.example/?localhost', 'http://localhost.evil.example/cb', 'https://localhost:4567/cb', 'not a url'])(
    "answers 400 'Invalid redirect URL' for %s",
    async (redirectUrl) => {
      const { browser } = await signedIn();
      const res = await callback(browser, redirectUrl);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.json()).toEqual({ message: texts.desktop.invalidRedirect });
    },
  );

  it('answers 400 without a redirect_url', async () => {
    const { browser } = await signedIn();
    const res = await browser.call('GET', '/api/auth/desktop-callback');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: texts.desktop.invalidRedirect });
  });

  it('answers 400 to a malformed or shapeless body and 413 to a huge one', async () => {
    const malformed = await exchange('{"code":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: texts.api.malformedJson });
    expect((await exchange('{}')).status).toBe(400);
    expect((await exchange(JSON.stringify({ code: 42 }))).status).toBe(400);
    expect((await exchange(JSON.stringify({ code: 'x'.repeat(200_000) }))).status).toBe(413);
  });
});
