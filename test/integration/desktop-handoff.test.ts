/**
 * The desktop sign-in handoff (docs/decisions.md#4, docs/desktop-api.md) through the local stack: a
 * signed-in browser's consent, a same-origin POST from /launch, is answered with the desktop app's
 * loopback address, a one-time code and the app's state, and only the app holding the PKCE verifier
 * (RFC 7636 S256) exchanges the code, once, for a header-mode session of its own. Nothing else (a
 * navigation from another site, a POST from another origin or without the custom header) gets a code.
 */
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { DesktopSession } from '../../shared/api-types';
import { localTableName } from '../../shared/tables';
import { texts } from '../../shared/texts';
import { hashHandoffCode } from '../../functions/auth/handoff-codes';
import { desktopSignIn, pkcePair } from '../../infra/scripts/desktop-client';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { verifyThroughOutbox } from '../support/verification';

const stack = useTestStack();

const t = texts.desktop;
const PASSWORD = 'engine42';
const LOOPBACK = 'http://127.0.0.1:53123/cb';

async function signedIn() {
  const browser = new AuthApi(stack.api, stack.web);
  const email = `desk-${randomUUID().slice(0, 8)}@example.com`;
  const res = await browser.signUp(email, PASSWORD);
  expect(res.status).toBe('OK');
  await verifyThroughOutbox(browser, stack.outboxDir, email);
  return { browser, email, userId: (res.user as { id: string }).id };
}

/** The sign-in's parameters as /launch sends them: redirect, S256 challenge, state; `overrides` change or (undefined) drop one. */
function signInParams(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const all: Record<string, string | undefined> = { redirect_url: LOOPBACK, code_challenge_method: 'S256', ...overrides };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** /launch's "Continue to the app": the consent POST from the site's origin, with the API client's custom header. */
function consent(browser: AuthApi, overrides: Record<string, string | undefined> = {}, headers: Record<string, string> = {}) {
  return browser.call('POST', '/api/auth/desktop/consent', signInParams(overrides), headers);
}

/** The reference client's sign-in address, answered as /launch answers it for a signed-in browser: the consent, then the loopback address opened. */
async function consentTo(browser: AuthApi, signInUrl: string, change: (params: URLSearchParams) => void = () => {}) {
  const params = new URL(signInUrl).searchParams;
  params.delete('origin');
  change(params);
  const res = await browser.call('POST', '/api/auth/desktop/consent', Object.fromEntries(params));
  expect(res.status).toBe(200);
  return fetch(((await res.json()) as { redirectUrl: string }).redirectUrl);
}

/** A signed-in browser's consent for a fresh PKCE pair: the code, the verifier, and where it sends the browser. */
async function issued(browser: AuthApi, overrides: Record<string, string | undefined> = {}) {
  const { verifier, challenge } = pkcePair();
  const res = await consent(browser, { code_challenge: challenge, ...overrides });
  expect(res.status).toBe(200);
  const location = new URL(((await res.clone().json()) as { redirectUrl: string }).redirectUrl);
  return { res, location, code: location.searchParams.get('code')!, verifier };
}

/** How many one-time codes are waiting to be exchanged. */
async function codesIssued(): Promise<number> {
  return (await stack.db.send(new ScanCommand({ TableName: localTableName('handoffCodes'), Select: 'COUNT', ConsistentRead: true }))).Count ?? 0;
}

/** What the desktop app sends: no cookies, JSON. */
function exchange(body: string | Record<string, unknown>) {
  return fetch(`${stack.api}/api/auth/desktop/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('desktop sign-in handoff', () => {
  it("keeps the account's first desktop sign-in on its record, for the dashboard's first-run checklist: the profile says when, and a later sign-in keeps the first time", async () => {
    const { browser } = await signedIn();
    // The browser's consent, as /launch's button sends it (POST /api/auth/desktop/consent).
    const consent = async () => {
      const { verifier, challenge } = pkcePair();
      const res = await browser.call('POST', '/api/auth/desktop/consent', { redirect_url: LOOPBACK, code_challenge: challenge, code_challenge_method: 'S256' });
      expect(res.status).toBe(200);
      const code = new URL(((await res.json()) as { redirectUrl: string }).redirectUrl).searchParams.get('code')!;
      return { code, code_verifier: verifier };
    };
    await browser.post('/api/ensure-user-exists');
    expect((await browser.get('/api/user-profile')).body.desktopSignedInAt).toBeUndefined();
    const before = Date.now();
    expect((await exchange(await consent())).status).toBe(200);
    const first = (await browser.get('/api/user-profile')).body.desktopSignedInAt as string;
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(first)).toBeLessThanOrEqual(Date.now());
    expect((await exchange(await consent())).status).toBe(200);
    expect((await browser.get('/api/user-profile')).body.desktopSignedInAt).toBe(first);
  });

  it("answers a signed-in browser's consent with the loopback address, a code and the state, which the app with the verifier exchanges once for its own session", async () => {
    const { browser, email, userId } = await signedIn();
    const browserToken = browser.jar.get('sAccessToken');

    const { res, location, code, verifier } = await issued(browser, { state: 'st-42 & more' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('location')).toBeNull();
    expect(`${location.origin}${location.pathname}`).toBe(LOOPBACK);
    expect([...location.searchParams.keys()].sort()).toEqual(['code', 'state']);
    expect(location.searchParams.get('state')).toBe('st-42 & more');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No token in the address (nor the verifier, which never left the app), and the browser keeps its own session.
    expect(location.href).not.toContain(browserToken!);
    expect(location.href).not.toContain(verifier);
    expect(browser.jar.get('sAccessToken')).toBe(browserToken);

    const exchanged = await exchange({ code, code_verifier: verifier });
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

    // Replayed, code and verifier both right: the code is gone.
    const again = await exchange({ code, code_verifier: verifier });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: t.invalidCode });
  });

  it('signs in through the reference desktop client (docs/desktop-api.md), the browser played by the consent', async () => {
    const { browser, userId } = await signedIn();
    // What /signin and /launch do with a signed-in browser: the desktop parameters in the consent, then its answer opened.
    const session = await desktopSignIn(stack.web, stack.api, async (url) => void (await consentTo(browser, url)));
    expect(session.userId).toBe(userId);
    const usage = await fetch(`${stack.api}/api/usage`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(usage.status).toBe(200);
  });

  it('signs in with `npm run desktop:sign-in`: it prints the address to open, then the user id', async () => {
    const { browser, userId } = await signedIn();
    // No --api: on a localhost site the command finds the API as the pages do, at VOXPEN_API_PORT.
    const command = spawn('node', ['node_modules/.bin/tsx', 'infra/scripts/desktop-sign-in.ts', '--site', stack.web], {
      env: { ...process.env, VOXPEN_API_PORT: new URL(stack.api).port },
    });
    let output = '';
    command.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    command.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = once(command, 'exit');
    try {
      await vi.waitFor(() => expect(output).toMatch(/http:\S+\/signin\?\S+/), { timeout: 15_000 });
      const params = new URL(/http:\S+\/signin\?\S+/.exec(output)![0]).searchParams;
      expect(params.get('origin')).toBe('desktop');
      expect((await consentTo(browser, `${stack.web}/signin?${params}`)).status).toBe(200);
      const [code] = await exited;
      expect(output).toContain(`Signed in as user ${userId}.`);
      expect(code).toBe(0);
    } finally {
      command.kill();
    }
  });

  it('has the reference client refuse a sign-in that comes back with another state', async () => {
    const { browser } = await signedIn();
    const signIn = desktopSignIn(stack.web, stack.api, async (url) => void (await consentTo(browser, url, (params) => params.set('state', 'planted-by-someone-else'))));
    await expect(signIn).rejects.toThrow('not the one this app started');
  });

  it('keeps the loopback query, replaces a code already in it, and lets the state parameter win over one in the redirect', async () => {
    const { browser } = await signedIn();
    const kept = await issued(browser, { redirect_url: 'http://127.0.0.1:4567/done?state=a%20b&code=planted&x=1' });
    expect(kept.location.searchParams.get('state')).toBe('a b');
    expect(kept.location.searchParams.get('x')).toBe('1');
    expect(kept.location.searchParams.getAll('code')).toHaveLength(1);
    expect(kept.code).not.toBe('planted');

    const replaced = await issued(browser, { redirect_url: 'http://[::1]:4567/done?state=old', state: 'new' });
    expect(replaced.location.searchParams.getAll('state')).toEqual(['new']);
  });

  it('answers 400 to the consent, issuing nothing, without a challenge, with plain, without a method, or with a malformed challenge', async () => {
    const { browser } = await signedIn();
    const { verifier, challenge } = pkcePair();
    const cases: [Record<string, string | undefined>, string][] = [
      [{ code_challenge: undefined }, t.challengeMissing],
      [{ code_challenge: verifier, code_challenge_method: 'plain' }, t.challengeMethodUnsupported],
      [{ code_challenge: challenge, code_challenge_method: undefined }, t.challengeMethodUnsupported],
      [{ code_challenge: `${challenge}=` }, t.challengeMalformed],
    ];
    for (const [overrides, message] of cases) {
      const res = await consent(browser, overrides);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
  });

  it('spends a code tried with the wrong verifier: the right one then comes too late', async () => {
    const { browser } = await signedIn();
    const { code, verifier } = await issued(browser);

    const wrong = await exchange({ code, code_verifier: pkcePair().verifier });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: t.verifierMismatch });

    const right = await exchange({ code, code_verifier: verifier });
    expect(right.status).toBe(400);
    expect(await right.json()).toEqual({ message: t.invalidCode });
  });

  it("refuses another sign-in's verifier, even one that worked before", async () => {
    const { browser } = await signedIn();
    const first = await issued(browser);
    expect((await exchange({ code: first.code, code_verifier: first.verifier })).status).toBe(200);

    const second = await issued(browser);
    const replayed = await exchange({ code: second.code, code_verifier: first.verifier });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toEqual({ message: t.verifierMismatch });
  });

  it('answers 400 to a missing or malformed verifier before looking at the code, so the app can still exchange it', async () => {
    const { browser } = await signedIn();
    const { code, verifier } = await issued(browser);
    for (const body of [{ code }, { code, code_verifier: '' }, { code, code_verifier: verifier.slice(1) }, { code, code_verifier: `${verifier}+` }]) {
      const res = await exchange(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: `Invalid request: code_verifier: ${t.verifierInvalid}`, fields: { code_verifier: t.verifierInvalid } });
    }
    expect((await exchange({ code, code_verifier: verifier })).status).toBe(200);
  });

  it('refuses an unknown code and an expired one', async () => {
    const { verifier, challenge } = pkcePair();
    const unknown = await exchange({ code: 'x'.repeat(43), code_verifier: verifier });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: t.invalidCode });

    const { userId } = await signedIn();
    const code = `expired-${randomUUID()}`;
    await stack.db.send(
      new PutCommand({
        TableName: localTableName('handoffCodes'),
        Item: { codeHash: hashHandoffCode(code), userId, recipeUserId: userId, codeChallenge: challenge, codeChallengeMethod: 'S256', expiresAt: Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const expired = await exchange({ code, code_verifier: verifier });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ message: t.invalidCode });
  });

  it('answers 401 without a browser session and issues nothing', async () => {
    const visitor = new AuthApi(stack.api, stack.web);
    const res = await consent(visitor, { code_challenge: pkcePair().challenge });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: t.signInFirst });
  });

  it('hands nothing to a navigation: the GET callback a page on any site could send a signed-in browser to gives no code', async () => {
    const { browser } = await signedIn();
    const before = await codesIssued();
    const query = new URLSearchParams(signInParams({ code_challenge: pkcePair().challenge }));
    // A cross-site top-level navigation: SameSite=Lax cookies go with it.
    const res = await browser.call('GET', `/api/auth/desktop-callback?${query}`, undefined, { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', origin: 'https://evil.example' });
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).not.toContain('code=');
    expect(await codesIssued()).toBe(before);
  });

  it.each([
    ['from another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['from a same-site origin that is not the site (the Stripe stand-in)', { origin: 'http://localhost:12111', 'sec-fetch-site': 'same-site' }],
    ['same-site without an Origin', { origin: '', 'sec-fetch-site': 'same-site' }],
    ['without the custom header', { rid: '' }],
  ])('refuses a consent POST %s with 403, issuing nothing', async (_, headers) => {
    const { browser } = await signedIn();
    const before = await codesIssued();
    const res = await consent(browser, { code_challenge: pkcePair().challenge }, headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: texts.api.notFromTheSite });
    expect(await codesIssued()).toBe(before);
  });

  it.each([
    'https://evil.example/?localhost',
    'http://localhost.evil.example/cb',
    'https://localhost:4567/cb',
    'not a url',
    // RFC 8252 §8.3: IP literals and a real port only.
    'http://localhost:4567/cb',
    'http://127.0.0.1:0/cb',
    'http://127.0.0.1/cb',
  ])("answers 400 'Invalid redirect URL' for %s", async (redirectUrl) => {
    const { browser } = await signedIn();
    const res = await consent(browser, { redirect_url: redirectUrl, code_challenge: pkcePair().challenge });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: t.invalidRedirect });
  });

  it('answers 400 without a redirect_url', async () => {
    const { browser } = await signedIn();
    const res = await browser.call('POST', '/api/auth/desktop/consent', {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: t.invalidRedirect });
  });

  it('answers 400 to a malformed or shapeless body and 413 to a huge one', async () => {
    const { verifier } = pkcePair();
    const malformed = await exchange('{"code":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: texts.api.malformedJson });
    expect((await exchange('{}')).status).toBe(400);
    expect((await exchange({ code: 42, code_verifier: verifier })).status).toBe(400);
    expect((await exchange({ code: 'x', code_verifier: 42 })).status).toBe(400);
    expect((await exchange({ code: 'x'.repeat(200_000), code_verifier: verifier })).status).toBe(413);
  });
});
