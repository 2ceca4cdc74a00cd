/**
 * The signed-in shell as the CDN serves it: "is there a session?" is answered from the web
 * SDK's front-token cookie before any auth code loads, by the CDN itself for a signed-in route's
 * address, so a signed-out visit to a signed-in page is redirected to /signin before its shell, and
 * no signed-out page asks the API for a session refresh (each one used to log a 401).
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FRONT_TOKEN_COOKIE, SITE_PAGES } from '../../shared/site-pages';
import { RETURN_TO_KEY } from '../../frontend/src/return-to';
import { chunkSources, useBuiltSite } from '../support/built-site';
import { signUpInBrowser } from '../support/journey';

const built = useBuiltSite();

/** The auth SDK (supertokens-web-js and what it is built on) and the HTTP client. */
const AUTH_OR_HTTP_CODE = /node_modules\/(supertokens-[a-z-]+|axios)\//;

/** Every script the page requests from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  return scripts;
}

/** The original modules behind the scripts, for what must not be among them. */
async function sourcesOf(scripts: string[]): Promise<string[]> {
  return (await Promise.all(scripts.map(chunkSources))).flat();
}

/** What the scripts weigh compressed (gzip -9), as the benchmark counts: for the figures this test prints. */
async function gzipKb(scripts: string[]): Promise<number> {
  const sizes = await Promise.all([...new Set(scripts)].map(async (url) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length));
  return Math.round(sizes.reduce((a, b) => a + b, 0) / 102.4) / 10;
}

/** Console errors, page errors and every answer or failure of the API's auth routes. */
function recordTrouble(page: Page): { errors: string[]; authCalls: string[] } {
  const errors: string[] = [];
  const authCalls: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('response', (r) => r.url().includes('/api/auth/session/refresh') && authCalls.push(`${r.status()} ${r.url()}`));
  page.on('requestfailed', (r) => r.url().includes('/api/auth/') && authCalls.push(`failed ${r.url()}`));
  return { errors, authCalls };
}

/** Every page the tab loads (not client-side navigations), as `status path`: a redirect is a hop of its own. */
function recordDocuments(page: Page): string[] {
  const documents: string[] = [];
  page.on('response', (r) => r.request().resourceType() === 'document' && documents.push(`${r.status()} ${new URL(r.url()).pathname}`));
  return documents;
}

/** Code of the signed-in routes: their layout, pages and skeleton. */
const SIGNED_IN_ROUTE_CODE = /\/src\/pages\/(dashboard|account)\//;

const returnPath = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), RETURN_TO_KEY);

describe('the signed-in shell', () => {
  it.each([
    // Where each route's own loader sends the signed-out: /account keeps itself as the return path.
    { path: '/dashboard', location: '/signin', documents: ['302 /dashboard', '200 /signin'], returnTo: null },
    { path: '/account', location: '/signin?redirectToPath=%2Faccount', documents: ['302 /account', '200 /signin'], returnTo: '/account' },
    // A settings section's own page, back to itself.
    { path: '/account/billing', location: '/signin?redirectToPath=%2Faccount%2Fbilling', documents: ['302 /account/billing', '200 /signin'], returnTo: '/account/billing' },
  ])('redirects a signed-out visit to $path at the CDN: to /signin with none of its shell, chunks or skeleton, the auth SDK or axios', async ({ path, location, documents, returnTo }) => {
    const context = await built.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    const pages = recordDocuments(page);
    const { authCalls } = recordTrouble(page);
    const answer = await page.goto(built.url(path));
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.waitForLoadState('networkidle');

    // The first answer is the redirect, which no one may keep: the shell's HTML never came.
    const redirect = await answer!.request().redirectedFrom()!.response();
    expect([redirect!.status(), redirect!.headers().location, redirect!.headers()['cache-control']]).toEqual([302, location, 'no-store']);
    expect(pages).toEqual(documents);
    console.log(`signed-out ${path} → /signin: ${new Set(scripts).size} scripts, ${await gzipKb(scripts)} KB gzip`);
    const sources = await sourcesOf(scripts);
    expect(sources.filter((s) => SIGNED_IN_ROUTE_CODE.test(s) || AUTH_OR_HTTP_CODE.test(s))).toEqual([]);
    expect(authCalls).toEqual([]);
    await expect(returnPath(page)).resolves.toBe(returnTo);
    await context.close();
  });

  it('serves the shell to a visit with a front-token cookie, whose loader sends it to /signin when the cookie is stale', async () => {
    const context = await built.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // A front token no session stands behind: the CDN cannot tell, so the route's loader decides, as before the edge did.
    await context.addCookies([{ name: FRONT_TOKEN_COOKIE, value: 'stale', url: built.url('/') }]);
    const page = await context.newPage();
    const pages = recordDocuments(page);
    await page.goto(built.url('/account'));
    await page.waitForURL(built.url('/signin'));
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(pages).toEqual(['200 /account']);
    await expect(returnPath(page)).resolves.toBe('/account');
    await context.close();
  });

  it('paints a signed-in dashboard without the SDK while the access token holds, and signs out through it', async () => {
    const password = 'engine42!';
    const page = await signUpInBrowser({ stack: built.stack, browser: built.browser }, { name: 'Ada Lovelace', email: `shell-${randomUUID().slice(0, 8)}@example.com`, password });
    await page.getByText('Signed in as').waitFor();

    const scripts = recordScripts(page);
    const { errors, authCalls } = recordTrouble(page);
    await page.reload();
    await page.getByText('Signed in as').waitFor();
    await page.waitForLoadState('networkidle');
    console.log(`signed-in /dashboard: ${new Set(scripts).size} scripts, ${await gzipKb(scripts)} KB gzip`);
    const sources = await sourcesOf(scripts);
    expect(sources.filter((s) => /node_modules\/supertokens-/.test(s))).toEqual([]);
    expect(sources.some((s) => s.includes('node_modules/axios/'))).toBe(true);

    // Logout loads the SDK, which ends the session: the dashboard then sends to /signin.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(built.url('/signin'));
    expect((await sourcesOf(scripts)).some((s) => s.includes('node_modules/supertokens-web-js/'))).toBe(true);
    await page.goto(built.url('/dashboard'));
    await page.waitForURL(built.url('/signin'));
    expect(errors).toEqual([]);
    expect(authCalls).toEqual([]);
    await page.context().close();
  });

  it('loads the SDK when the API answers 401, which refreshes the session, and the page gets its data', async () => {
    const email = `shell-${randomUUID().slice(0, 8)}@example.com`;
    const page = await signUpInBrowser({ stack: built.stack, browser: built.browser }, { name: 'Grace Hopper', email, password: 'engine42!' });
    await page.getByText('Signed in as').waitFor();
    // An access token the API no longer takes (as after its expiry) while the front token still says it holds.
    const context = page.context();
    const access = (await context.cookies()).find((c) => c.name === 'sAccessToken')!;
    await context.addCookies([{ ...access, value: `${access.value.slice(0, -4)}AAAA` }]);

    const { errors, authCalls } = recordTrouble(page);
    await page.reload();
    // The email comes from the API's answer: the retried call went through.
    await page.getByText(email).waitFor();
    expect(authCalls).toEqual([expect.stringMatching(/^200 /)]);
    // Chromium logs each refused call (the page's first two, before the refresh); nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  it('asks for no session refresh and logs no error on any signed-out page', async () => {
    const context = await built.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { errors, authCalls } = recordTrouble(page);
    const paths = [...SITE_PAGES.map((p) => p.path), '/signin', '/signup', '/launch', '/auth/callback'];
    for (const path of paths) {
      // Idle: the SDK's refresh, if any, went out as the page hydrated.
      await page.goto(built.url(path), { waitUntil: 'networkidle' });
    }
    // Stripe's return address moves on to the dashboard after its notice, which sends the signed-out on to /signin.
    await page.goto(built.url('/checkout/success'));
    await page.waitForURL(built.url('/signin'));
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(authCalls).toEqual([]);
    await context.close();
  });
});
