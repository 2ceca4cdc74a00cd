/**
 * When the service is away (docs/decisions.md#24), on the site as the CDN serves it: the API refused
 * or frozen from the browser's side (the page's requests to the API origin intercepted), the
 * dashboard, /account and /signin say "We can't reach Voxpen right now" within the time limit and
 * offer Retry, which works once the API is back; a page chunk that no longer exists (an older build's,
 * after a deploy) reloads the page once, then says so inside the site's layout.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS } from '../../frontend/src/api/unreachable';
import { authTexts } from '../../shared/texts/auth';
import { reachTexts } from '../../shared/texts/reach';
import { checkedAtBothWidths } from '../support/accessibility';
import { useBuiltSite } from '../support/built-site';
import { signedInState, type StorageState } from '../support/signed-in';

const built = useBuiltSite();
let signedIn: StorageState;

beforeAll(async () => {
  signedIn = await signedInState(built.browser, built.stack, 'waits');
});

type Away = 'refused' | 'frozen';

/** A context whose calls to the API are refused or never answered until `back()`; when the first was asked. */
async function withApiAway(browser: Browser, away: Away, storageState?: StorageState) {
  const context = await browser.newContext({ storageState });
  // The page calls its own origin, which the CDN sends on to the API (as deployed).
  const api = `${built.web.url}/api/**`;
  let firstAsked: number | undefined;
  await context.route(api, async (route) => {
    firstAsked ??= Date.now();
    // Frozen: left unanswered (the page's own time limit must end the wait).
    if (away === 'refused') await route.abort('connectionrefused');
  });
  return { context, firstAsked: () => firstAsked, back: () => context.unroute(api) };
}

/** How long after the first API call the sentence showed; throws if it never did within twice the limit. */
async function sentenceShownAfter(page: Page, firstAsked: () => number | undefined): Promise<number> {
  await page.getByText(reachTexts.cantReach).first().waitFor({ timeout: 2 * API_TIMEOUT_MS });
  const shown = Date.now();
  return shown - (firstAsked() ?? shown);
}

interface Visit {
  path: string;
  /** What the page does to call the API (the dashboard and /account call on load). */
  act?: (page: Page) => Promise<void>;
  /** What shows once Retry reached the API again. */
  after: (page: Page) => Promise<unknown>;
}

const VISITS: Visit[] = [
  { path: '/dashboard', after: (page) => page.getByRole('article', { name: 'Your account' }).getByText(/^Signed in as/).waitFor() },
  { path: '/account', after: (page) => page.getByRole('region', { name: 'Profile' }).waitFor() },
  {
    path: '/signin',
    act: async (page) => {
      await page.getByLabel('Email').fill('nobody-here@example.com');
      await page.getByLabel('Password').fill('not-the-password-1');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    },
    // The API's own answer to the same form sent again.
    after: (page) => page.getByText(authTexts.signIn.wrongCredentials).waitFor(),
  },
];

async function walk(browser: Browser, visit: Visit, away: Away): Promise<{ context: BrowserContext; page: Page; waited: number }> {
  const { context, firstAsked, back } = await withApiAway(browser, away, visit.path === '/signin' ? undefined : signedIn);
  const page = await context.newPage();
  await page.goto(built.url(visit.path));
  if (visit.act) {
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await visit.act(page);
  }
  const waited = await sentenceShownAfter(page, firstAsked);
  // Every notice has its Retry; nothing still says it is loading.
  const retries = page.getByRole('button', { name: reachTexts.retry });
  expect(await retries.count(), `${visit.path} ${away}`).toBeGreaterThan(0);
  expect(await page.getByText(/Loading your account|reload the page/i).count(), `${visit.path} ${away}`).toBe(0);
  await back();
  await retries.first().click();
  await visit.after(page);
  return { context, page, waited };
}

describe('the API away', () => {
  it('refused: the dashboard, /account and /signin say so at once, with Retry that works once it is back', async () => {
    const walks = await Promise.all(VISITS.map((visit) => walk(built.browser, visit, 'refused')));
    for (const [i, { waited, context }] of walks.entries()) {
      expect(waited, VISITS[i]!.path).toBeLessThan(2_000);
      await context.close();
    }
  });

  it(`frozen: each says so once its call has waited the time limit (${API_TIMEOUT_MS} ms, under 10 s), and Retry works once it answers`, async () => {
    // The three at once: each waits out the limit on its own clock.
    const walks = await Promise.all(VISITS.map((visit) => walk(built.browser, visit, 'frozen')));
    for (const [i, { waited, context }] of walks.entries()) {
      expect(waited, VISITS[i]!.path).toBeGreaterThanOrEqual(API_TIMEOUT_MS - 100);
      expect(waited, VISITS[i]!.path).toBeLessThan(10_000);
      await context.close();
    }
  });

  it('as it looks: the notices at both widths, in both schemes, axe clean', async () => {
    for (const visit of VISITS) {
      const { context } = await withApiAway(built.browser, 'refused', visit.path === '/signin' ? undefined : signedIn);
      const page = await context.newPage();
      await page.goto(built.url(visit.path));
      await visit.act?.(page);
      await page.getByText(reachTexts.cantReach).first().waitFor();
      await checkedAtBothWidths(page, `honest-waits-${visit.path.slice(1)}`);
      await context.close();
    }
  });
});

describe('a page chunk that is no longer there', () => {
  it('reloads the page once, then says so inside the site layout, with Reload', async () => {
    const context = await built.browser.newContext({ storageState: signedIn });
    // The dashboard's chunk, as an older build named it, is gone from the CDN.
    await context.route('**/assets/DashboardPage-*.js', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    const page = await context.newPage();
    let documents = 0;
    page.on('domcontentloaded', () => documents++);
    await page.goto(built.url('/account'));
    await page.getByRole('region', { name: 'Profile' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: reachTexts.pageNotLoaded }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // /account, then /dashboard loaded once more for its chunk: no loop.
    expect(documents).toBe(2);
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('contentinfo').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Unexpected Application Error!').count()).resolves.toBe(0);
    await checkedAtBothWidths(page, 'honest-waits-stale-chunk');

    // Once the chunk is there (a reload fetches the new build's names), Reload brings the page.
    await context.unroute('**/assets/DashboardPage-*.js');
    await page.getByRole('button', { name: reachTexts.reload }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await context.close();
  });
});
