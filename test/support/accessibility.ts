/**
 * What the accessibility journeys share: the address visited for each route of the router, the two
 * widths, and one pass of axe over every route in one context, light then dark on the same visit.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { expect } from 'vitest';
import { axeFindings, COLOUR_RULES, screenshotPath } from './browser';
import { SETTINGS_SECTIONS, settingsPath } from '../../shared/site-pages';

/**
 * The address visited for each path pattern in the router. A route added without an entry here fails
 * the first test, so no page escapes the check.
 */
export const VISITS: Record<string, string[]> = {
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
  // states (the chooser, each factor's form) are checked at both widths in two-step.test.ts and
  // passkey-second-step.test.ts.
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
  // Each settings section's page (Billing, for this journey's Free member, its Free view).
  ...Object.fromEntries(SETTINGS_SECTIONS.map((s) => [settingsPath(s), [settingsPath(s)]])),
};

/** Every path the router names; an index route is its parent's path, named once. */
export function routePaths(list: RouteObject[], parent = '/'): string[] {
  return list.flatMap((r) => [...(r.path ? [r.path] : r.index && parent === '/' ? ['/'] : []), ...routePaths(r.children ?? [], r.path ?? parent)]);
}

/** The routes a signed-out visit never shows: signed in, they are pages of their own. */
export const MEMBER_PAGES = ['/dashboard', '/account', ...SETTINGS_SECTIONS.map(settingsPath), '/checkout/success', '/launch'];

export const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/**
 * Whether the page moves from now on (a request, a response, a change to its document, another
 * document): asked once, after which it stops watching.
 */
async function watchForMoves(page: Page): Promise<() => Promise<boolean>> {
  let traffic = false;
  const onTraffic = () => {
    traffic = true;
  };
  page.on('request', onTraffic).on('response', onTraffic).on('requestfinished', onTraffic).on('requestfailed', onTraffic);
  type Watched = { documentMoved?: boolean; documentWatch?: MutationObserver };
  const watching = page
    .evaluate(() => {
      const w = window as unknown as Watched;
      w.documentMoved = false;
      w.documentWatch = new MutationObserver(() => (w.documentMoved = true));
      w.documentWatch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    })
    .then(() => true, () => false);
  const watched = await watching;
  return async () => {
    page.off('request', onTraffic).off('response', onTraffic).off('requestfinished', onTraffic).off('requestfailed', onTraffic);
    const documentMoved = await page
      .evaluate(() => {
        const w = window as unknown as Watched;
        w.documentWatch?.disconnect();
        return w.documentMoved !== false;
      })
      .catch(() => true);
    return !watched || traffic || documentMoved;
  };
}

/**
 * axe's findings on `url` once the page has stopped moving: loaded, its data in (the network quiet for
 * half a second: Playwright's networkidle) and past any redirect it makes on arrival. axe first runs
 * during that half second, and again on the settled page if anything moved meanwhile (a request, a
 * response, a change to the document, a redirect), so the findings are the settled page's either way;
 * when nothing moves, which is most visits, they come half a second sooner.
 */
async function findingsOn(page: Page, url: string): Promise<string[]> {
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('h1').first().waitFor({ timeout: 15_000 });
  } catch {
    return [`no heading one on ${page.url()} within 15 s`];
  }
  const moved = await watchForMoves(page);
  // A page that moves on by itself (a status view's timed redirect) may change under axe: then it is
  // checked where it went, once settled.
  const early = await axeFindings(page).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  return (await moved()) || !early ? axeFindings(page) : early;
}

/**
 * The page as the OS's `scheme` shows it, once the colours have finished moving (a button's
 * background eases between schemes). The same visit is checked in both schemes: no second load, and
 * in the second only the rules that read colours, since nothing else on the page differs.
 */
export async function inScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
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
export const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
export const DARK_BACKGROUND = 'rgb(15, 17, 23)';

const slug = (url: string) => url.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || 'home';

/**
 * axe on every route in `context` at its viewport, each visit in the light scheme with every rule and
 * then, on the same visit, in the dark with the colour rules: every page signed out, and signed in the
 * pages only a member sees (a member's view of any other page is the visitor's with another button of
 * the same look). Answers the findings by address, empty when there are none.
 */
export async function axeEveryRoute(context: BrowserContext, web: string, who: 'in' | 'out'): Promise<Record<string, string[]>> {
  const page = await context.newPage();
  const width = page.viewportSize()!.width;
  const found: Record<string, string[]> = {};
  for (const [pattern, urls] of Object.entries(VISITS)) {
    for (const url of urls) {
      // Back to light before the next load, which paints in it from the start: no transition to wait
      // for (inScheme would wait on the page being left).
      await page.emulateMedia({ colorScheme: 'light' });
      const findings = await findingsOn(page, `${web}${url}`);
      if (findings.length) found[url] = findings;
      await page.screenshot({ path: screenshotPath(`a11y-${who}-${slug(url)}-${width}`) });
      if (who === 'in' && !MEMBER_PAGES.includes(pattern)) continue;
      const dark = await darkFindingsOn(page);
      if (dark.length) found[`${url} (dark)`] = dark;
    }
  }
  return found;
}

/** A context at `size`, signed out, or signed in as the member whose state `member` holds. */
export async function contextAt(browser: Browser, size: { width: number; height: number }, member?: BrowserContext): Promise<BrowserContext> {
  return browser.newContext({ viewport: size, ...(member ? { storageState: await member.storageState() } : {}) });
}

/**
 * A page state as it must look at both WIDTHS in both schemes: nothing for axe (in the dark, the
 * colour rules: nothing else differs), nothing scrolling sideways, and a full-page screenshot of each
 * (`<name>-1280`, `<name>-390`, `<name>-1280-dark`, `<name>-390-dark`). Leaves the page at the desk's
 * width in the light scheme.
 */
export async function checkedAtBothWidths(page: Page, name: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(await axeFindings(page), `${name} at ${size.width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath(`${name}-${size.width}`), fullPage: true });
    await inScheme(page, 'dark');
    expect(await axeFindings(page, COLOUR_RULES), `${name} at ${size.width} px (dark)`).toEqual([]);
    await page.screenshot({ path: screenshotPath(`${name}-${size.width}-dark`), fullPage: true });
    await inScheme(page, 'light');
  }
  await page.setViewportSize(WIDTHS[0]!);
}
