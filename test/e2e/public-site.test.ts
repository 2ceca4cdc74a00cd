import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/lib/dynamo';
import { listContactMessages, monthOf } from '../../functions/contact/messages';
import { installerFileName, PLACEHOLDER_FILE_NAME } from '../../shared/product';
import { NOT_FOUND_TITLE, SITE_PAGES } from '../../shared/site-pages';
import { FUNCTION_CODE_LIMIT_BYTES, notFoundHtml, rewriteFunctionCode } from '../../infra/site/rewrite-function';
import {
  accountTexts,
  apiTexts,
  authTexts,
  billingTexts,
  billingUiTexts,
  contactTexts,
  desktopTexts,
  downloadTexts,
  homeTexts,
  routerTexts,
  texts,
  usageTexts,
  usersTexts,
} from '../../shared/texts';
import { SAMPLE_RELEASE } from '../../infra/local/seed';
import { axeFindings, downloadedText, screenshotPath } from '../support/browser';
import { chunkSources, PRIVATE_CODE, useBuiltSite } from '../support/built-site';

const built = useBuiltSite();

/** Each public page's one h1, by its accessible name. */
const HEADINGS: Record<string, string> = {
  '/': 'Speak, write and think naturally',
  '/pricing': 'Simple, transparent pricing',
  '/features': 'Everything a writer needs to dictate',
  '/download': 'Download for Windows',
  '/download/releases': 'Release notes',
  '/about': 'Our Story',
  '/careers': 'Help the world write with its voice',
  '/contact': 'Get in touch',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/security': 'Security',
};

let withJs: BrowserContext;

const slug = (path: string) => (path === '/' ? 'home' : path.slice(1));

beforeAll(async () => {
  withJs = await built.browser.newContext({ viewport: { width: 1280, height: 800 } });
});

/** The scripts a page loads until it has hydrated and the network is quiet, by URL. */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  const onResponse = (r: { url(): string; request(): { resourceType(): string } }) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  };
  page.on('response', onResponse);
  await page.goto(built.url(path), { waitUntil: 'networkidle' });
  await expect.poll(() => isHydrated(page)).toBe(true);
  page.off('response', onResponse);
  return scripts;
}

function sentences(value: unknown): string[] {
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(sentences);
  return typeof value === 'string' ? [value] : [];
}

/**
 * Texts only the signed-in, auth and desktop pages or the API use: the plain sentences among them
 * (long enough not to occur by chance; no quotes or escapes a minifier could rewrite), less those a
 * public page's own texts say too. Each is looked for as a whole string literal.
 */
const PRIVATE_TEXTS = (() => {
  const publicOnes = new Set(sentences([billingTexts, billingUiTexts, contactTexts, downloadTexts, homeTexts, routerTexts]));
  return sentences([authTexts, accountTexts, desktopTexts, usageTexts, usersTexts, apiTexts]).filter(
    (text) => text.length >= 24 && /^[\x20-\x7e]+$/.test(text) && !/["'`\\]/.test(text) && !publicOnes.has(text),
  );
})();

async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
}

describe('the public site as the CDN serves it', () => {
  it('serves every public page as real HTML with its own head, with JavaScript disabled', async () => {
    const context = await built.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    for (const { path, title, description } of SITE_PAGES) {
      const answer = await page.goto(built.url(path));
      expect(answer?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: HEADINGS[path] }).isVisible(), path).resolves.toBe(true);
      expect(await page.title()).toBe(title);
      const head = await page.evaluate(() => ({
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
        ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
      }));
      const canonical = `https://voxpen.app${path}`;
      expect(head, path).toEqual({ description, canonical, ogTitle: title, ogUrl: canonical });
      expect(await isHydrated(page)).toBe(false);
    }
    // Without JavaScript the home page's Download Now still leads somewhere useful.
    await page.goto(built.url('/'));
    await page.getByRole('link', { name: 'Download Now' }).click();
    await page.getByRole('heading', { level: 1, name: 'Download for Windows' }).waitFor();
    await context.close();
  });

  it('answers a path that is neither a page nor a client route 404 with the not-found page and its title', async () => {
    for (const path of ['/no-such-page', '/pricing/nope', '/dashboard/more']) {
      const answer = await fetch(built.url(path), { headers: { cookie: 'sFrontToken=x' } });
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).toContain(`<title>${NOT_FOUND_TITLE}</title>`);
    }
    for (const path of ['/launch', '/signup', '/auth/reset-password', '/pricing']) expect((await fetch(built.url(path))).status, path).toBe(200);
    const page = await withJs.newPage();
    expect((await page.goto(built.url('/pricing/nope')))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe(NOT_FOUND_TITLE);
    await page.close();
    // The CDN carries this very page in its function, whose code CloudFront caps.
    expect(Buffer.byteLength(rewriteFunctionCode({ notFoundPage: notFoundHtml(built.siteDir) }))).toBeLessThan(FUNCTION_CODE_LIMIT_BYTES);
  });

  it('serves /favicon.ico, a touch icon and a manifest whose icons are there, each named in every page', async () => {
    const icon = await fetch(built.url('/favicon.ico'));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect([...new Uint8Array((await icon.arrayBuffer()).slice(0, 4))]).toEqual([0, 0, 1, 0]);
    const manifest = await fetch(built.url('/manifest.webmanifest'));
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    const { icons } = (await manifest.json()) as { icons: { src: string }[] };
    for (const { src } of [...icons, { src: '/apple-touch-icon.png' }]) expect((await fetch(built.url(src))).status, src).toBe(200);
    for (const path of ['/', '/pricing', '/signin', '/no-such-page']) {
      const html = await (await fetch(built.url(path))).text();
      for (const link of ['<link rel="icon" href="/favicon.ico"', '<link rel="apple-touch-icon" href="/apple-touch-icon.png"', '<link rel="manifest" href="/manifest.webmanifest"']) expect(html, path).toContain(link);
    }
  });

  it('lists every public page in sitemap.xml and points robots.txt at it', async () => {
    const sitemap = await (await fetch(built.url('/sitemap.xml'))).text();
    for (const { path } of SITE_PAGES) expect(sitemap).toContain(`<loc>https://voxpen.app${path}</loc>`);
    expect(await (await fetch(built.url('/robots.txt'))).text()).toContain('Sitemap: https://voxpen.app/sitemap.xml');
  });

  it('hydrates every public page without errors, with no axe finding at 1280 px, and nothing scrolling sideways at 360 px', async () => {
    const page = await withJs.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    for (const { path } of SITE_PAGES) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(built.url(path), { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: HEADINGS[path] }).waitFor();
      await expect.poll(() => isHydrated(page), { message: path }).toBe(true);

      expect(await axeFindings(page), path).toEqual([]);
      await page.screenshot({ path: screenshotPath(`public-${slug(path)}-1280`), fullPage: true });

      await page.setViewportSize({ width: 375, height: 740 });
      await page.screenshot({ path: screenshotPath(`public-${slug(path)}-375`), fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(built.url('/'), { waitUntil: 'networkidle' });
    await page.screenshot({ path: screenshotPath('public-home-1920') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads no auth, dashboard or billing code on a marketing page', async () => {
    const page = await withJs.newPage();
    for (const { path } of SITE_PAGES) {
      const sources = (await Promise.all((await scriptsOf(page, path)).map(chunkSources))).flat();
      expect(sources.length, path).toBeGreaterThan(0);
      expect(sources.filter((s) => PRIVATE_CODE.test(s)), path).toEqual([]);
    }
    await page.close();
  });

  it('loads no HTTP client on a marketing page: axios waits for a form to be sent', async () => {
    const page = await withJs.newPage();
    for (const { path } of SITE_PAGES) {
      const sources = (await Promise.all((await scriptsOf(page, path)).map(chunkSources))).flat();
      expect(sources.filter((s) => s.includes('node_modules/axios/')), path).toEqual([]);
    }
    await page.close();
  });

  it('carries none of the sign-in, account, desktop or API texts on a marketing page', async () => {
    const page = await withJs.newPage();
    for (const { path } of SITE_PAGES) {
      const code = (await Promise.all((await scriptsOf(page, path)).map(async (url) => (await fetch(url)).text()))).join('\n');
      expect(PRIVATE_TEXTS.filter((text) => ['"', "'", '`'].some((q) => code.includes(`${q}${text}${q}`))), path).toEqual([]);
    }
    await page.close();
  });

  it('fetches its scripts at low priority, as its content paints without them, and still hydrates', async () => {
    const page = await withJs.newPage();
    const cdp = await withJs.newCDPSession(page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', ({ request, type }) => type === 'Script' && priorities.set(request.url, request.initialPriority));
    for (const { path } of SITE_PAGES) {
      priorities.clear();
      await page.goto(built.url(path), { waitUntil: 'networkidle' });
      await expect.poll(() => isHydrated(page), { message: path }).toBe(true);
      expect(priorities.size, path).toBeGreaterThan(0);
      // One script blocks on purpose: /theme.js puts the visitor's theme on <html> before the first
      // paint (docs/architecture.md, light and dark), a few hundred bytes from our own origin.
      // Every script of the app itself waits.
      const urgent = [...priorities].filter(([, priority]) => priority !== 'Low').map(([url]) => new URL(url).pathname);
      expect(urgent, path).toEqual(['/theme.js']);
    }
    await page.close();
  });

  it('carries its stylesheet in its HTML, linking none, and is styled with JavaScript off', async () => {
    const context = await built.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    for (const { path } of SITE_PAGES) {
      await page.goto(built.url(path));
      const head = await page.evaluate(() => ({
        links: document.querySelectorAll('link[rel="stylesheet"]').length,
        styles: document.querySelectorAll('head style').length,
        // The main menu's bar is a flex row only when the site's stylesheet applies.
        navbar: getComputedStyle(document.querySelector('.navbar-inner')!).display,
      }));
      expect(head, path).toEqual({ links: 0, styles: 1, navbar: 'flex' });
    }
    await context.close();
    // The app shell still links the file, so the signed-in pages' visits keep it cached.
    expect(await (await fetch(built.url('/no-such-page'))).text()).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css">/);
  });

  it('home: Download Now saves the newest installer under its product file name', async () => {
    const page = await withJs.newPage();
    // The seeded release points at the web origin's /downloads/, which the static build does not serve.
    await page.route('**/downloads/**', (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: 'installer' }));
    await page.goto(built.url('/'), { waitUntil: 'networkidle' });
    await expect.poll(() => isHydrated(page)).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Now' }).click()]);
    expect(download.suggestedFilename()).toBe(installerFileName(SAMPLE_RELEASE.version));
    expect(page.url()).toBe(built.url('/'));
    await page.close();
  });

  it('home: when the latest release cannot be had, Download Now saves the placeholder text file', async () => {
    const page = await withJs.newPage();
    page.on('console', () => {}); // the failure is logged on purpose (spec §8)
    await page.route('**/api/latest-version', (route) => route.abort());
    await page.goto(built.url('/'), { waitUntil: 'networkidle' });
    await expect.poll(() => isHydrated(page)).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Now' }).click()]);
    expect(download.suggestedFilename()).toBe(PLACEHOLDER_FILE_NAME);
    expect(await downloadedText(download)).toContain('could not be downloaded');
    await page.close();
  });

  it('contact: names a bad field without sending, then sends a message that is stored', async () => {
    const page = await withJs.newPage();
    await page.goto(built.url('/contact'), { waitUntil: 'networkidle' });
    await expect.poll(() => isHydrated(page)).toBe(true);
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace@');
    await page.getByLabel('Message', { exact: true }).fill('Could we get Voxpen for our newsroom of forty?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(texts.contact.emailInvalid).waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('email');

    await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(texts.contact.sent).waitFor();
    // Focus moves to the success message, which is scrolled clear of the sticky navigation bar.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    await expect.poll(() => page.getByRole('status').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeGreaterThanOrEqual(64);
    await page.screenshot({ path: screenshotPath('public-contact-sent-1280') });

    const db = createDocumentClient(built.stack.env.DYNAMODB_ENDPOINT);
    const stored = await listContactMessages(db, { since: monthOf(new Date()), limit: 10 });
    db.destroy();
    expect(stored).toContainEqual(expect.objectContaining({ name: 'Grace Hopper', email: 'grace@example.com', message: 'Could we get Voxpen for our newsroom of forty?' }));
    await page.close();
  });

  it('mobile menu: opens from the toggle, closes on Escape and on navigation', async () => {
    const context = await built.browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(built.url('/'), { waitUntil: 'networkidle' });
    await expect.poll(() => isHydrated(page)).toBe(true);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menuPricing = page.locator('.nav-mobile').getByRole('link', { name: 'Pricing' });
    await menuPricing.waitFor();
    await page.keyboard.press('Escape');
    await menuPricing.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Open menu');

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: HEADINGS['/pricing'] }).waitFor();
    await menuPricing.waitFor({ state: 'hidden' });
    await context.close();
  });
});
