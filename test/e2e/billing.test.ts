/**
 * Billing and the desktop handoff in Chromium against the whole local stack: a subscriber upgrades
 * from the pricing page through the Stripe stand-in's checkout, sees Pro on the dashboard, cancels in
 * the portal; a desktop app's sign-in comes back to its loopback address with a code it exchanges.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopSession } from '../../shared/api-types';
import { PRO_TRIAL_DAYS } from '../../shared/plans';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { screenshotPath } from '../support/browser';
import { useJourney } from '../support/journey';

const journey = useJourney();
const PASSWORD = 'engine42';

async function signedInPage(name: string): Promise<{ page: Page; email: string }> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  expect((await new AuthApi(journey.stack.api, journey.stack.web).signUp(email, PASSWORD)).status).toBe('OK');
  const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${journey.stack.web}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${journey.stack.web}/dashboard`);
  return { page, email };
}

const { subscription, checkoutSuccess, planButton } = texts.billingUi;

describe('billing in Chromium', () => {
  it('upgrades to the Pro trial from /pricing, sees it on the dashboard, and cancels it in the portal', async () => {
    const { page } = await signedInPage('upgrader');
    await page.getByText(subscription.freePlan).waitFor();
    await page.screenshot({ path: screenshotPath('dashboard-free-1280'), fullPage: true });

    await page.goto(`${journey.stack.web}/pricing`);
    const pro = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Pro' }) });
    const free = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Free' }) });
    // Signed in on Free: the Free card says so, once the profile has loaded after hydration.
    await free.getByRole('button', { name: planButton.current }).waitFor();
    await pro.getByRole('button', { name: planButton.getStarted }).click();

    await page.waitForURL(`${journey.stack.stripe}/checkout/**`);
    await page.getByText(`${PRO_TRIAL_DAYS}-day free trial`).waitFor();
    await page.screenshot({ path: screenshotPath('stripe-stand-in-checkout-1280'), fullPage: true });
    await page.getByRole('button', { name: 'Start trial' }).click();

    await page.waitForURL(`${journey.stack.web}/checkout/success?session_id=cs_*`);
    await page.getByText(checkoutSuccess.confirmed).waitFor();
    await page.screenshot({ path: screenshotPath('checkout-success-1280') });
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.getByText(subscription.proPlan).waitFor();
    await expect(page.getByText(/Trial ends/).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('dashboard-pro-1280'), fullPage: true });

    await page.getByRole('button', { name: subscription.manage }).click();
    await page.waitForURL(`${journey.stack.stripe}/portal/**`);
    await page.getByRole('button', { name: 'Cancel now' }).click();
    await page.getByText(/Canceled/).first().waitFor();
    await page.getByRole('link', { name: /Return to Voxpen/ }).click();
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.getByText(subscription.freePlan).waitFor();
  });
});

describe('desktop sign-in handoff in Chromium', () => {
  let desktop: Server;
  let received: Promise<URL>;

  beforeAll(async () => {
    // The desktop app's loopback listener.
    let deliver: (url: URL) => void;
    received = new Promise((resolve) => (deliver = resolve));
    desktop = createServer((req, res) => {
      deliver(new URL(req.url!, 'http://127.0.0.1'));
      res.end('You can close this window.');
    });
    await new Promise<void>((resolve) => desktop.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => desktop.close(() => resolve())));

  it('signs in for the desktop app, hands a single-use code to its loopback address, and the app gets its own session', async () => {
    const email = `desktop-${randomUUID().slice(0, 8)}@example.com`;
    expect((await new AuthApi(journey.stack.api, journey.stack.web).signUp(email, PASSWORD)).status).toBe('OK');
    const port = (desktop.address() as { port: number }).port;
    const redirect = `http://127.0.0.1:${port}/callback?state=abc`;

    const page = await (await journey.browser.newContext()).newPage();
    await page.goto(`${journey.stack.web}/signin?origin=desktop&redirect_url=${encodeURIComponent(redirect)}`);
    // The desktop parameters leave the address bar, kept in session storage.
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${journey.stack.web}/launch?**`);
    await page.getByText(texts.desktop.allSet).waitFor();
    await page.screenshot({ path: screenshotPath('launch-1280') });

    const callback = await received;
    expect(callback.pathname).toBe('/callback');
    expect(callback.searchParams.get('state')).toBe('abc');
    const code = callback.searchParams.get('code')!;
    expect(code).toMatch(/^[\w-]{40,}$/);

    const exchange = async () =>
      fetch(`${journey.stack.api}/api/auth/desktop/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    const first = await exchange();
    expect(first.status).toBe(200);
    const session = (await first.json()) as DesktopSession;
    const usage = await fetch(`${journey.stack.api}/api/usage`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(usage.status).toBe(200);
    expect(await usage.json()).toMatchObject({ plan: 'free', wordsTranscribed: 0 });
    expect((await exchange()).status).toBe(400);
  });
});
