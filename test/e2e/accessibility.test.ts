/**
 * Every route in the router, as a visitor and as a member, on a desk and on a phone, in the light
 * and the dark scheme: axe at WCAG 2.2 AA with its best practices finds nothing (contrast included),
 * and every page names itself in the tab. The theme toggle beats the OS's scheme and is kept.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../frontend/src/routes';
import { texts } from '../../shared/texts';
import { axeFindings, COLOUR_RULES, screenshotPath } from '../support/browser';
import { signUpInBrowser, useJourney } from '../support/journey';
import { passkeyTexts } from '../../shared/texts/passkeys';
import { virtualAuthenticator } from '../support/virtual-authenticator';

const journey = useJourney();

/**
 * The address visited for each path pattern in the router. A route added without an entry here fails
 * the first test, so no page escapes the check.
 */
const VISITS: Record<string, string[]> = {
  '/': ['/'],
  '/pricing': ['/pricing'],
  '/features': ['/features'],
  '/download': ['/download'],
  '/download/releases': ['/download/releases'],
  '/about': ['/about'],
  '/careers': ['/careers'],
  '/contact': ['/contact'],
  '/privacy': ['/privacy'],
  '/terms': ['/terms'],
  '/security': ['/security'],
  '/signin': ['/signin'],
  '/signup': ['/signup'],
  '/auth/callback': ['/auth/callback'],
  '/launch': ['/launch'],
  // The second step: signed out it sends to /signin, signed in without it on to the dashboard; its own
  // states (the chooser, each factor's form) are checked at both widths in two-step.test.ts.
  '/auth/mfa': ['/auth/mfa'],
  '/auth/reset-password': ['/auth/reset-password', '/auth/reset-password?token=not-a-real-token'],
  '/check-inbox': ['/check-inbox'],
  '/verify-email': ['/verify-email?token=not-a-real-token'],
  // The prebuilt pages' old addresses: they lead to the site's own pages.
  '/auth': ['/auth?show=signup'],
  '/auth/*': ['/auth/mfa/totp'],
  '/checkout/success': ['/checkout/success?session_id=cs_not_a_real_session'],
  '*': ['/no-such-page'],
  '/dashboard': ['/dashboard'],
  '/account': ['/account'],
};

function routePaths(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path ? [r.path] : r.index ? ['/'] : []), ...routePaths(r.children ?? [])]);
}

/** The routes a signed-out visit never shows: signed in, they are pages of their own. */
const MEMBER_PAGES = ['/dashboard', '/account', '/checkout/success', '/launch'];

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** The page once it has stopped moving: loaded, its data in, and past any redirect it makes on arrival. */
async function settle(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

async function findingsOn(page: Page, url: string): Promise<string[]> {
  try {
    await settle(page, url);
  } catch {
    return [`no heading one on ${page.url()} within 15 s`];
  }
  try {
    return await axeFindings(page);
  } catch {
    // A page that moves on by itself (a status view's timed redirect) changed under axe: check where it went.
    await page.waitForLoadState('networkidle');
    return axeFindings(page);
  }
}

/**
 * The page as the OS's `scheme` shows it, once the colours have finished moving (a button's
 * background eases between schemes). The same visit is checked in both schemes: no second load, and
 * in the second only the rules that read colours, since nothing else on the page differs.
 */
async function inScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
}

async function darkFindingsOn(page: Page): Promise<string[]> {
  await inScheme(page, 'dark');
  try {
    return await axeFindings(page, COLOUR_RULES);
  } catch {
    await page.waitForLoadState('networkidle');
    return axeFindings(page, COLOUR_RULES);
  }
}

/** The page background of each scheme (styles.css `--bg`). */
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
const DARK_BACKGROUND = 'rgb(15, 17, 23)';

const slug = (url: string) => url.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || 'home';

describe('accessibility of every route', () => {
  let member: BrowserContext;

  beforeAll(async () => {
    const page = await signUpInBrowser(journey, { name: 'Ada Axe', email: `axe-${Date.now()}@example.com`, password: 'correct-horse-9' });
    member = page.context();
  });

  it('visits every path the router knows', () => {
    expect(routePaths(routes).sort()).toEqual(Object.keys(VISITS).sort());
  });

  // Before the long axe runs: the member's own session is read here while its first access token
  // holds, before the copies of it the signed-in runs use have refreshed it.
  it('gives every route its own tab title', async () => {
    const context = await journey.browser.newContext();
    const visitor = await context.newPage();
    const memberPage = await member.newPage();
    const titles = new Map<string, string>();
    for (const [pattern, urls] of Object.entries(VISITS)) {
      // The old /auth addresses are redirects, not pages of their own.
      if (pattern === '/auth' || pattern === '/auth/*') continue;
      // Check your inbox is a page only for a session whose address is not proven yet: signed out it
      // sends to /signin, and this journey's member is proven, so it moves on; neither visit is its own page.
      if (pattern === '/check-inbox') continue;
      // The second step likewise: a page only for a sign-in that owes it (its title is read in two-step.test.ts).
      if (pattern === '/auth/mfa') continue;
      // Signed out, these send to /signin: their own titles are read signed in.
      const page = ['/dashboard', '/account', '/checkout/success'].includes(pattern) ? memberPage : visitor;
      await page.goto(`${journey.stack.web}${urls[0]}`);
      await page.locator('h1').first().waitFor();
      titles.set(pattern, await page.title());
    }
    const byTitle = new Map<string, string[]>();
    for (const [pattern, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), pattern]);
    expect([...byTitle].filter(([, patterns]) => patterns.length > 1)).toEqual([]);
    await context.close();
  }, 300_000);

  for (const signedIn of [false, true]) {
    for (const size of WIDTHS) {
      it(`has no axe finding on any route ${signedIn ? 'signed in' : 'signed out'} at ${size.width} px, light and dark`, async () => {
        const context = signedIn
          ? await journey.browser.newContext({ viewport: size, storageState: await member.storageState() })
          : await journey.browser.newContext({ viewport: size });
        const page = await context.newPage();
        const found: Record<string, string[]> = {};
        for (const [pattern, urls] of Object.entries(VISITS)) {
          for (const url of urls) {
            await inScheme(page, 'light');
            const findings = await findingsOn(page, `${journey.stack.web}${url}`);
            if (findings.length) found[url] = findings;
            await page.screenshot({ path: screenshotPath(`a11y-${signedIn ? 'in' : 'out'}-${slug(url)}-${size.width}`) });
            // Dark too, on the same visit: every page signed out, and signed in the pages only a member
            // sees (a member's view of any other page is the visitor's with another button of the same look).
            if (signedIn && !MEMBER_PAGES.includes(pattern)) continue;
            const dark = await darkFindingsOn(page);
            if (dark.length) found[`${url} (dark)`] = dark;
          }
        }
        expect(found).toEqual({});
        await context.close();
      }, 600_000);
    }
  }

  it('has no axe finding on the passkey states: /account with a passkey listed, /signin refusing an unknown passkey, at 1280 and 390 px', async () => {
    const context = await journey.browser.newContext({ viewport: WIDTHS[0], storageState: await member.storageState() });
    const page = await context.newPage();
    await virtualAuthenticator(page);
    await page.goto(`${journey.stack.web}/account`);
    const section = page.getByRole('region', { name: passkeyTexts.heading });
    await section.getByLabel(passkeyTexts.nameLabel).fill('Axe key');
    await section.getByRole('button', { name: passkeyTexts.add }).click();
    await section.getByRole('status').getByText(passkeyTexts.added('Axe key')).waitFor();
    const visitor = await (await journey.browser.newContext({ viewport: WIDTHS[0] })).newPage();
    await (await virtualAuthenticator(visitor)).addStrangerPasskey('localhost');
    await visitor.goto(`${journey.stack.web}/signin`);
    await visitor.getByRole('button', { name: passkeyTexts.signIn }).click();
    await visitor.getByRole('alert').getByText(passkeyTexts.signInFailed).waitFor();
    const found: Record<string, string[]> = {};
    for (const size of WIDTHS) {
      for (const [name, p] of [['account-passkey-listed', page], ['signin-passkey-refused', visitor]] as const) {
        await p.setViewportSize(size);
        const findings = await axeFindings(p);
        if (findings.length) found[`${name}-${size.width}`] = findings;
        await p.screenshot({ path: screenshotPath(`a11y-${name}-${size.width}`) });
      }
    }
    expect(found).toEqual({});
    await visitor.context().close();
    await context.close();
  }, 300_000);

  it('follows the OS scheme until the header toggle picks one, which a reload keeps over the OS and paints before any script of the app', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const page = await context.newPage();
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const toggle = page.getByRole('button', { name: texts.layout.darkTheme });
    await page.goto(`${journey.stack.web}/pricing`);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await background()).toBe(DARK_BACKGROUND);
    await page.screenshot({ path: screenshotPath('theme-dark-pricing-390'), fullPage: true });

    // By keyboard: Tab reaches the toggle (its focus ring shows), Enter picks the light scheme.
    for (let i = 0; i < 10 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await toggle.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await background()).toBe(LIGHT_BACKGROUND);

    // Kept across a reload while the OS still prefers dark, on another page too.
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await background()).toBe(LIGHT_BACKGROUND);
    // Painted so before the app's scripts run: with them refused, the prerendered page is light all the same.
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.goto(`${journey.stack.web}/features`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await background()).toBe(LIGHT_BACKGROUND);
    await page.unroute(/\/assets\/.+\.js$/);

    // The other way round: the OS light, dark picked, and kept.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${journey.stack.web}/`);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await background()).toBe(DARK_BACKGROUND);
    await context.close();
  }, 120_000);
});
