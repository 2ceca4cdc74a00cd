/**
 * Billing and the desktop handoff in Chromium against the whole local stack: a subscriber upgrades
 * from the pricing page through the Stripe stand-in's checkout, sees Pro on the dashboard, cancels in
 * the portal (after a cancellation scheduled for a date shows on the dashboard); a desktop app's sign-in (PKCE, through the reference client of infra/scripts/desktop-client.ts)
 * comes back to its loopback address with a code and its state, which it exchanges with its verifier.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatEpochDate } from '../../shared/format';
import { PRICE_IDS, PRO_TRIAL_DAYS } from '../../shared/plans';
import { texts } from '../../shared/texts';
import { desktopSignIn, pkcePair } from '../../infra/scripts/desktop-client';
import { AuthApi } from '../support/auth-api';
import { verifyThroughOutbox } from '../support/verification';
import { axeFindings, screenshotPath } from '../support/browser';
import { useJourney } from '../support/journey';
import { newMember } from '../support/sessions';
import { payCheckout, portalAction, standInSdk } from '../support/stripe-pages';
import { checkedAtBothWidths } from '../support/accessibility';
import { billingSectionTexts as billingSection } from '../../frontend/src/pages/account/billing-texts';

const journey = useJourney();
const PASSWORD = 'engine42';

/** An account made through the API and its address proven from the outbox, as its owner would in another browser. */
async function provenAccount(email: string): Promise<void> {
  const api = new AuthApi(journey.stack.api, journey.stack.web);
  expect((await api.signUp(email, PASSWORD)).status).toBe('OK');
  await verifyThroughOutbox(api, journey.stack.outboxDir, email);
}

async function signedInPage(name: string): Promise<{ page: Page; email: string }> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  await provenAccount(email);
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
    await pro.getByRole('button', { name: planButton.upgrade }).click();

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

    // The subscription is set to end on a date before its trial does (Stripe's cancel_at): the
    // dashboard says when, in place of the trial's end.
    await page.getByRole('button', { name: subscription.manage }).click();
    await page.waitForURL(`${journey.stack.stripe}/portal/**`);
    const subscriptionId = await page.locator('input[name="subscription"]').first().inputValue();
    const cancelAt = Math.floor(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 7, 12) / 1000);
    await standInSdk(journey.stack.stripe).subscriptions.update(subscriptionId, { cancel_at: cancelAt });
    await page.getByRole('link', { name: /Return to Voxpen/ }).click();
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.getByText(subscription.cancelsOn(formatEpochDate(cancelAt))).waitFor();
    expect(await page.getByText(/Trial ends/).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('dashboard-pro-cancels-on-1280'), fullPage: true });

    await page.getByRole('button', { name: subscription.manage }).click();
    await page.waitForURL(`${journey.stack.stripe}/portal/**`);
    await page.getByRole('button', { name: 'Cancel now' }).click();
    await page.getByText(/Canceled/).first().waitFor();
    await page.getByRole('link', { name: /Return to Voxpen/ }).click();
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.getByText(subscription.freePlan).waitFor();

    // The trial is once per account: back on /pricing, Pro no longer promises it.
    await page.goto(`${journey.stack.web}/pricing`);
    await free.getByRole('button', { name: planButton.current }).waitFor();
    expect(await pro.getByText(/free trial/).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('pricing-after-trial-1280'), fullPage: true });
  });
});

/** Every session refresh the page asks for, as `method status` once answered. */
function recordRefreshes(page: Page): string[] {
  const refreshes: string[] = [];
  // Recorded as each answer arrives, with nothing awaited: a listener that awaited the response
  // could push after the test had already read the list.
  page.on('response', (r) => {
    if (r.url().includes('/api/auth/session/refresh')) refreshes.push(`${r.request().method()} ${r.status()}`);
  });
  return refreshes;
}

/** Spoils a session cookie as its expiry (or the session's end) would: the API no longer takes it. */
async function spoilCookie(page: Page, name: 'sAccessToken' | 'sRefreshToken'): Promise<void> {
  const context = page.context();
  const cookie = (await context.cookies()).find((c) => c.name === name)!;
  await context.addCookies([{ ...cookie, value: `${cookie.value.slice(0, -4)}AAAA` }]);
}

/**
 * A signed-in page whose own reads have all been answered: spoiling its cookies while the dashboard's
 * profile read is still out would let that late answer (200) pass for the one /pricing makes.
 */
async function settledSignedInPage(name: string): Promise<Page> {
  const { page } = await signedInPage(name);
  await page.waitForLoadState('networkidle');
  return page;
}

describe('/pricing refreshes a session once per 401', () => {
  it("/account's Billing: Free, then a trial without a card, a card added in the portal, and a switch to annual, at both widths in both schemes, axe clean", async () => {
    const { page } = await signedInPage('settings-billing');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const t = billingSection;
    const billing = page.getByRole('region', { name: t.title });
    await page.goto(`${journey.stack.web}/account/billing`);
    await billing.getByText(t.free).waitFor();
    await billing.getByRole('link', { name: t.seePro }).waitFor();
    await checkedAtBothWidths(page, 'account-billing-free');

    // The trial, started as /pricing starts it (its checkout through this browser's session), asks for no card.
    const api = page.context().request;
    const headers = { origin: journey.stack.web, rid: 'anti-csrf' };
    const checkout = await api.post(`${journey.stack.api}/api/create-checkout-session`, { data: { priceId: PRICE_IDS.monthly }, headers });
    await payCheckout(((await checkout.json()) as { url: string }).url);
    await page.reload();
    const trialEnd = billing.locator('dt', { hasText: t.trialLabel }).locator('xpath=following-sibling::dd');
    await trialEnd.getByText(/It then ends, and nothing is charged\./).waitFor();
    await billing.getByText(t.trialAddCard).waitFor();
    await billing.getByRole('list', { name: t.invoicesTitle }).getByRole('link', { name: /^Receipt for / }).waitFor();
    await checkedAtBothWidths(page, 'account-billing-trial');

    // A card added in Stripe's portal: the trial now says what follows it, and the card.
    const portal = (await (await api.get(`${journey.stack.api}/api/manage-subscription`, { headers })).json()) as { url: string };
    await portalAction(portal.url, 'add_card', '4242 4242 4242 4242');
    await page.reload();
    await trialEnd.getByText(/, then \$11\.00\/month on /).waitFor();
    await billing.getByText(/^Visa ending in 4242/).waitFor();

    // Monthly to annual, from the keyboard: the quiet button, the question with what it costs, the switch.
    await billing.getByRole('button', { name: t.switchTo('year') }).focus();
    await page.keyboard.press('Enter');
    const question = billing.getByRole('form', { name: t.switchTo('year') });
    await question.getByText(t.switchQuestion('year', true, '$121.00')).waitFor();
    await question.getByRole('button', { name: t.switchConfirm }).click();
    await billing.getByRole('status').getByText(texts.billing.switched('year', true)).waitFor();
    await billing.getByText('Pro Annual · $121.00 a year').waitFor();
    await trialEnd.getByText(/, then \$121\.00\/year on /).waitFor();
    await checkedAtBothWidths(page, 'account-billing-annual');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an access token the API no longer takes: one refresh, then the plan, then Checkout without another', async () => {
    const page = await settledSignedInPage('stale-token');
    await spoilCookie(page, 'sAccessToken');
    const refreshes = recordRefreshes(page);
    await page.goto(`${journey.stack.web}/pricing`);
    const pro = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Pro' }) });
    const free = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Free' }) });
    await free.getByRole('button', { name: planButton.current }).waitFor();
    await pro.getByRole('button', { name: planButton.upgrade }).click();
    await page.waitForURL(`${journey.stack.stripe}/checkout/**`);
    expect(refreshes).toEqual(['POST 200']);
    await page.context().close();
  });

  it('a session that has ended (its refresh refused): one refresh asked for, not a second, and the visitor\'s buttons', async () => {
    const page = await settledSignedInPage('ended-session');
    await spoilCookie(page, 'sAccessToken');
    await spoilCookie(page, 'sRefreshToken');
    const refreshes = recordRefreshes(page);
    const profileRead = page.waitForResponse((r) => r.url().includes('/api/user-profile'));
    await page.goto(`${journey.stack.web}/pricing`);
    expect((await profileRead).status()).toBe(401);
    // Whatever else the page would ask for after the refused read has gone out by the time the network is idle.
    await page.waitForLoadState('networkidle');
    expect(refreshes).toEqual(['POST 401']);
    // The page could not learn the plan: every button still leads a visitor to sign in.
    const pro = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Pro' }) });
    await expect(pro.getByRole('link', { name: planButton.getStarted }).getAttribute('href')).resolves.toBe('/signin');
    await page.context().close();
  });
});

describe('/pricing in Chromium at phone and desktop widths', () => {
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    it(`shows every plan's column of the compare table with its row labels, nothing scrolling sideways, and axe finds nothing, at ${width} px`, async () => {
      const page = await (await journey.browser.newContext({ viewport: { width, height } })).newPage();
      await page.goto(`${journey.stack.web}/pricing`);
      const table = page.getByRole('table', { name: 'Compare plans' });
      await table.scrollIntoViewIfNeeded();
      const boxes = [
        ...['Feature', 'Free', 'Pro', 'Enterprise'].map((name) => table.getByRole('columnheader', { name, exact: true })),
        table.getByRole('rowheader', { name: 'Custom vocabulary' }),
        table.getByRole('row', { name: /^Support/ }).getByRole('cell').last(),
      ];
      for (const cell of boxes) {
        const box = (await cell.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      expect(await page.locator('.table-wrap').evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBe(0);
      // Readable, too: no word split across two lines to make a column fit.
      const splitWords = await table.evaluate((element) => {
        const split: string[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of node.textContent!.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            if (range.getClientRects().length > 1) split.push(word[0]);
          }
        }
        return split;
      });
      expect(splitWords).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`pricing-${width}`), fullPage: true });
      await table.screenshot({ path: screenshotPath(`pricing-compare-${width}`) });
    });
  }
});

describe('/checkout/success in Chromium', () => {
  /** An account that has completed a checkout (through the API and the stand-in's page), and the session_id Stripe sent back. */
  async function paidCheckout(name: string) {
    const owner = await newMember(journey.stack, name, PASSWORD);
    const url = (await owner.who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string;
    const { location } = await payCheckout(url, owner.email);
    return { ...owner, path: `/checkout/success?session_id=${new URL(location).searchParams.get('session_id')}` };
  }

  it('sends a signed-out visitor to sign in first, then back, and confirms their own checkout', async () => {
    const owner = await paidCheckout('returning-owner');
    const page = await (await journey.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${journey.stack.web}${owner.path}`);
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await page.waitForURL(`${journey.stack.web}${owner.path}`);
    await page.getByRole('heading', { name: checkoutSuccess.confirmed }).waitFor();
    await page.screenshot({ path: screenshotPath('checkout-success-confirmed-390') });
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.getByText(subscription.proPlan).waitFor();
  });

  it("says something went wrong, never confirmed, for another account's checkout and a made-up one, then goes to the dashboard", async () => {
    const owner = await paidCheckout('first-owner');
    const { page } = await signedInPage('someone-else');

    for (const [path, shot] of [
      [owner.path, 'checkout-success-foreign-1280'],
      ['/checkout/success?session_id=anything', 'checkout-success-bogus-1280'],
    ] as const) {
      await page.goto(`${journey.stack.web}${path}`);
      await page.getByRole('alert').filter({ hasText: checkoutSuccess.failed }).waitFor();
      expect(await page.getByText(checkoutSuccess.confirmed).count()).toBe(0);
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(shot) });
      await page.waitForURL(`${journey.stack.web}/dashboard`);
      await page.getByText(subscription.freePlan).waitFor();
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${journey.stack.web}/checkout/success?session_id=cs_test_madeup`);
    await page.getByRole('alert').filter({ hasText: checkoutSuccess.failed }).waitFor();
    await page.screenshot({ path: screenshotPath('checkout-success-bogus-390') });
  });
});

describe('desktop sign-in handoff in Chromium', () => {
  it('signs in for the desktop app with PKCE: the reference client gets the code and its state back on its loopback address and exchanges it for its own session', async () => {
    const email = `desktop-${randomUUID().slice(0, 8)}@example.com`;
    await provenAccount(email);
    const page = await (await journey.browser.newContext()).newPage();

    const session = await desktopSignIn(journey.stack.web, journey.stack.api, async (url) => {
      const opened = new URL(url);
      expect(opened.searchParams.get('code_challenge_method')).toBe('S256');
      await page.goto(url);
      // The desktop parameters leave the address bar, kept in session storage.
      await page.waitForURL(`${journey.stack.web}/signin`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${journey.stack.web}/launch?**`);
      const launch = new URL(page.url()).searchParams;
      for (const name of ['redirect_url', 'code_challenge', 'code_challenge_method', 'state']) expect(launch.get(name)).toBe(opened.searchParams.get(name));

      // It asks: which app (headless Chromium runs on Linux), which account, and waits for the click.
      const asked = page.getByRole('region', { name: texts.desktop.confirmTitle });
      await asked.waitFor();
      await asked.getByText(texts.desktop.confirmApp('Linux')).waitFor();
      await asked.getByText(email).waitFor();
      const handoffs: string[] = [];
      page.on('request', (request) => request.url().includes('/api/auth/desktop/consent') && handoffs.push(request.url()));
      const launchUrl = page.url();
      await page.waitForTimeout(5000);
      expect(page.url()).toBe(launchUrl);
      expect(handoffs).toEqual([]);
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('launch-confirm-1280') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: screenshotPath('launch-confirm-390') });
      // Both choices fit the phone's width, one above the other.
      for (const name of [texts.desktop.continue, texts.desktop.cancel]) {
        const box = (await page.getByRole('button', { name }).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await page.setViewportSize({ width: 1280, height: 720 });

      // By keyboard: the focus starts on the question; Tab reaches "Continue to the app", Enter approves.
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(texts.desktop.continue);
      await page.keyboard.press('Enter');
      await page.getByText(texts.desktop.allSet).waitFor();
      await page.screenshot({ path: screenshotPath('launch-1280') });
    });

    // The browser lands on the app's listener, with the code and the app's state and nothing else.
    // (The listener answers as soon as the request arrives, before Chromium commits the navigation.)
    await page.waitForURL((url) => url.pathname === '/callback');
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/callback');
    expect([...landed.searchParams.keys()].sort()).toEqual(['code', 'state']);
    const usage = await fetch(`${journey.stack.api}/api/usage`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(usage.status).toBe(200);
    expect(await usage.json()).toMatchObject({ plan: 'free', wordsTranscribed: 0 });

    // The code the browser carried is spent, whatever verifier comes with it.
    const replayed = await fetch(`${journey.stack.api}/api/auth/desktop/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: landed.searchParams.get('code'), code_verifier: pkcePair().verifier }),
    });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toEqual({ message: texts.desktop.invalidCode });
  });
});
