/**
 * How the signed-in pages load, on the site as the CDN serves it, with a real account on the
 * local stack. Their chunks come in at most two request rounds (each page's own shell names them as
 * modulepreload links), and the dashboard's loading view is its final layout (no shift), busy and
 * accessible, prerendered into its shell so it paints before the scripts arrive.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from '../support/browser';
import { useBuiltSite } from '../support/built-site';
import { jsRounds } from '../support/js-rounds';
import { isScript, measureLoad, SLOW_PHONE, UNTHROTTLED } from '../support/page-load';
import { signedInState, type StorageState } from '../support/signed-in';

const built = useBuiltSite();
let signedIn: StorageState;

beforeAll(async () => {
  signedIn = await signedInState(built.browser, built.stack, 'loading');
});

const dashboardReady = (page: import('playwright-core').Page) =>
  page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Dashboard' && !document.querySelector('[aria-busy="true"]'));

describe('the signed-in pages load their chunks in at most two rounds', () => {
  // A settings section's page has the shell /account has (shared/site-pages.ts SIGNED_OUT_TO).
  for (const path of ['/dashboard', '/account', '/account/billing']) {
    it(`${path}: every chunk arrives within two request rounds, its own in the first`, async () => {
      const load = await measureLoad(built.browser, built.url(path), { context: { storageState: signedIn } });
      expect(load.finalPath).toBe(path);
      const rounds = jsRounds(load.requests.filter(isScript));
      const late = [...rounds].filter(([, round]) => round > 2).map(([url, round]) => `${new URL(url).pathname} (round ${round})`);
      expect(late).toEqual([]);
      // The page's own chunks among them, in the first round with the entry.
      const own = [...rounds].filter(([url]) => new URL(url).pathname.includes(path === '/dashboard' ? 'DashboardPage' : 'AccountPage'));
      expect(own.map(([, round]) => round)).toEqual([1]);
    });
  }
});

describe('where a signed-out visit lands', () => {
  it('/signin: a signed-out /dashboard is redirected there, and every chunk of it comes with the entry, in one round', async () => {
    const load = await measureLoad(built.browser, built.url('/dashboard'), { ready: (page) => page.getByRole('heading', { name: 'Sign in to your account' }).waitFor() });
    expect(load.finalPath).toBe('/signin');
    const rounds = jsRounds(load.requests.filter(isScript));
    expect(rounds.size).toBeGreaterThan(3);
    expect([...rounds].filter(([, round]) => round > 1).map(([url, round]) => `${new URL(url).pathname} (round ${round})`)).toEqual([]);
  });

  it('/signin: its stylesheets are in its HTML, so it fetches none, before or after its page renders', async () => {
    const context = await built.browser.newContext();
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => r.resourceType() === 'stylesheet' && fetched.push(r.url()));
    await page.goto(built.url('/signin'), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await expect(page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"]:not([disabled])').length)).resolves.toBe(0);
    // The auth pages' own stylesheet applies (auth.css: the form is a grid).
    await expect(page.evaluate(() => getComputedStyle(document.querySelector('.auth-form')!).display)).resolves.toBe('grid');
    expect(fetched).toEqual([]);
    await context.close();
  });
});

describe('the signed-in shells carry their stylesheets', () => {
  // What shows that each of a shell's stylesheets applies: the entry's, the signed-in pages' (AuthShell)
  // and, for the dashboard, its page's own.
  const styled: Record<string, Record<string, string>> = {
    '/dashboard': { '.navbar-inner': 'flex', '.metrics': 'grid', '.usage-chart-head': 'flex' },
    '/account': { '.navbar-inner': 'flex', '.spinner-wrap': 'flex' },
  };
  const displays = (selectors: string[]) => Object.fromEntries(selectors.map((s) => [s, getComputedStyle(document.querySelector(s)!).display]));

  for (const [path, expected] of Object.entries(styled)) {
    it(`${path}: in its HTML, styled with JavaScript off, and fetches no stylesheet, hydrated either`, async () => {
      const noScript = await built.browser.newContext({ javaScriptEnabled: false, storageState: signedIn });
      const html = await noScript.newPage();
      const fetched: string[] = [];
      html.on('request', (r) => r.resourceType() === 'stylesheet' && fetched.push(r.url()));
      await html.goto(built.url(path));
      await expect(html.evaluate(displays, Object.keys(expected))).resolves.toEqual(expected);
      // Its stylesheets' links (kept for vite's preload helper) are disabled: nothing to wait for before the first paint.
      await expect(html.evaluate(() => document.querySelectorAll('link[rel="stylesheet"]:not([disabled])').length)).resolves.toBe(0);
      await noScript.close();

      const context = await built.browser.newContext({ storageState: signedIn });
      const page = await context.newPage();
      page.on('request', (r) => r.resourceType() === 'stylesheet' && fetched.push(r.url()));
      await page.goto(built.url(path), { waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).resolves.toBe(true);
      expect(fetched).toEqual([]);
      await context.close();
    });
  }
});

describe('the dashboard loads into its final layout', () => {
  for (const throttle of [UNTHROTTLED, SLOW_PHONE]) {
    it(`shifts nothing on a signed-in load (${throttle.name})`, async () => {
      const load = await measureLoad(built.browser, built.url('/dashboard'), { throttle, context: { storageState: signedIn }, ready: dashboardReady });
      expect(load.finalPath).toBe('/dashboard');
      expect(load.cls, load.shifts.join('\n')).toBeLessThan(0.01);
    });
  }

  it('on a phone, puts the chart where it ends while its HTML is still arriving (the plan card, after it in the HTML, not yet parsed)', async () => {
    // A slow phone paints a page whose HTML it has parsed only in part: here, up to the cards' grid.
    const context = await built.browser.newContext({ javaScriptEnabled: false, storageState: signedIn, viewport: SLOW_PHONE.viewport });
    const page = await context.newPage();
    const chartTop = () => page.getByRole('region', { name: 'Your last 12 months' }).evaluate((el) => el.getBoundingClientRect().top);
    await page.goto(built.url('/dashboard'));
    const whole = await chartTop();
    await page.route('**/dashboard', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const cut = html.indexOf('<div class="dashboard-grid"');
      expect(cut).toBeGreaterThan(0);
      await route.fulfill({ response, body: html.slice(0, cut) });
    });
    await page.goto(built.url('/dashboard'));
    await expect(page.getByRole('article', { name: 'Subscription' }).count()).resolves.toBe(0);
    expect(await chartTop()).toBe(whole);
    await context.close();
  });

  it('paints the skeleton from the HTML before any script runs, and hydrates it without a mismatch', async () => {
    const noScript = await built.browser.newContext({ javaScriptEnabled: false, storageState: signedIn });
    const html = await noScript.newPage();
    await html.goto(built.url('/dashboard'));
    await expect(html.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).resolves.toBe(true);
    await expect(html.getByRole('article', { name: 'Subscription' }).getAttribute('aria-busy')).resolves.toBe('true');
    await noScript.close();

    const context = await built.browser.newContext({ storageState: signedIn });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(built.url('/dashboard'));
    await dashboardReady(page);
    // The month names fill in once mounted (they come from the browser's clock, not the build's).
    await expect(page.locator('.usage-chart-month').first().textContent()).resolves.toMatch(/^[A-Z][a-z]{2}$/);
    expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a busy skeleton of the same cards while its data is on its way, with no accessibility findings', async () => {
    const context = await built.browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The account's first read is held back (then sent on, unchanged), so the skeleton stays long enough to look at.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ensure-user-exists', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(built.url('/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    for (const name of ['Time Saved', 'Words Transcribed', 'Recording Time', 'Subscription', 'Your account']) {
      await expect(page.getByRole('article', { name }).isVisible(), name).resolves.toBe(true);
    }
    expect(await page.locator('[aria-busy="true"]').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('status').count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
    release();
    await dashboardReady(page);
    await context.close();
  });
});
