/**
 * Every route in the router is visited by the accessibility journeys (axe on each, as a visitor in
 * accessibility-signed-out.test.ts and as a member in accessibility-signed-in.test.ts), every page
 * names itself in the tab, the passkey states pass axe, and the theme toggle beats the OS's scheme and
 * is kept.
 */
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../frontend/src/routes';
import { texts } from '../../shared/texts';
import { DARK_BACKGROUND, LIGHT_BACKGROUND, MEMBER_PAGES, routePaths, VISITS, WIDTHS } from '../support/accessibility';
import { axeFindings, screenshotPath } from '../support/browser';
import { signUpInBrowser, useJourney } from '../support/journey';
import { passkeyTexts } from '../../shared/texts/passkeys';
import { stepUpTexts } from '../../shared/texts/step-up';
import { virtualAuthenticator } from '../support/virtual-authenticator';

const journey = useJourney();

describe('accessibility of every route', () => {
  let member: BrowserContext;

  beforeAll(async () => {
    const page = await signUpInBrowser(journey, { name: 'Ada Axe', email: `axe-${Date.now()}@example.com`, password: 'correct-horse-9' });
    member = page.context();
  });

  it('visits every path the router knows', () => {
    expect(routePaths(routes).sort()).toEqual(Object.keys(VISITS).sort());
  });

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
      const page = MEMBER_PAGES.includes(pattern) && pattern !== '/launch' ? memberPage : visitor;
      await page.goto(`${journey.stack.web}${urls[0]}`);
      await page.locator('h1').first().waitFor();
      titles.set(pattern, await page.title());
    }
    const byTitle = new Map<string, string[]>();
    for (const [pattern, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), pattern]);
    expect([...byTitle].filter(([, patterns]) => patterns.length > 1)).toEqual([]);
    await context.close();
  }, 300_000);

  it('has no axe finding on the passkey states: /account with a passkey listed, /signin refusing an unknown passkey, at 1280 and 390 px', async () => {
    const context = await journey.browser.newContext({ viewport: WIDTHS[0], storageState: await member.storageState() });
    const page = await context.newPage();
    await virtualAuthenticator(page);
    await page.goto(`${journey.stack.web}/account/security`);
    const section = page.getByRole('region', { name: passkeyTexts.heading });
    await section.getByLabel(passkeyTexts.nameLabel).fill('Axe key');
    await section.getByLabel(stepUpTexts.passwordLabel).fill('correct-horse-9');
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
