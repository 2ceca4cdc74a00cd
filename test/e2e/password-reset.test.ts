/**
 * Password reset in Chromium against the whole local stack: the site's own pages, the mail
 * read from the outbox, a used link, the limits' sentence, and the prebuilt pages' old addresses.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { texts } from '../../shared/texts';
import { resetTexts as t } from '../../frontend/src/pages/auth/reset/reset-texts';
import { axeFindings, screenshotPath } from '../support/browser';
import { useJourney } from '../support/journey';
import { latestMailTo, linkIn, outboxMessages } from '../support/outbox';
import { newMember } from '../support/sessions';

const journey = useJourney();
const PASSWORD = 'engine42';
const NEW_PASSWORD = 'newengine7';
const DESK = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: DESK })).newPage();
}

/**
 * The state on screen at a desk's width and a phone's: one h1 (`heading`), the tab's own title, nothing
 * for axe, no sideways scrolling; a screenshot of each (`<name>-1280`, `<name>-390`).
 */
async function look(page: Page, name: string, heading: string) {
  for (const viewport of [DESK, PHONE]) {
    await page.setViewportSize(viewport);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await page.locator('h1').count(), `${name}: one h1`).toBe(1);
    expect(await page.title()).toBe(`${heading} | Voxpen`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
    expect(await axeFindings(page), `${name} at ${viewport.width} px`).toEqual([]);
    await page.screenshot({ path: screenshotPath(`${name}-${viewport.width}`), fullPage: true });
  }
  await page.setViewportSize(DESK);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${journey.stack.web}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function setNewPassword(page: Page, password: string) {
  await page.getByLabel(t.newPassword.password, { exact: true }).fill(password);
  await page.getByLabel(t.newPassword.confirm, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.newPassword.submit }).click();
}

const mailsTo = (email: string) => outboxMessages(journey.stack.outboxDir).filter((m) => m.to === email && m.kind === 'password-reset');

describe('password reset in Chromium', () => {
  it('asks for a link from /signin, sets a new password from the emailed link, and signs in with it', async () => {
    const { email } = await newMember(journey.stack, 'reset', PASSWORD);
    const page = await newPage(journey.browser);
    await page.goto(`${journey.stack.web}/signin`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${journey.stack.web}/auth/reset-password`);
    await look(page, 'auth-reset-request', t.request.title);

    // By keyboard: the field takes the address, Enter sends it.
    await page.getByLabel(t.email).focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    // The page answers once the API has, and the API answers after the mail is written.
    await page.getByRole('heading', { name: t.sent.heading }).waitFor();
    await page.getByRole('status').getByText(t.sent.line(email)).waitFor();
    await look(page, 'auth-reset-sent', t.request.title);

    const link = linkIn(await latestMailTo(journey.stack.outboxDir, email, 5000, 'password-reset'));
    expect(link.pathname).toBe('/auth/reset-password');
    expect(link.searchParams.get('token')).toBeTruthy();
    await page.goto(link.toString());
    // The form comes once the link is known to work.
    await page.getByLabel(t.newPassword.password, { exact: true }).waitFor();
    await look(page, 'auth-reset-new-password', t.newPassword.title);
    await setNewPassword(page, NEW_PASSWORD);
    // The success view says what a reset did: every device that was signed in is signed out.
    await page.getByRole('status').getByText(texts.auth.passwordResetDone).waitFor();
    await look(page, 'auth-reset-done', t.done.title);

    await page.getByRole('link', { name: t.done.signIn }).click();
    await page.waitForURL(`${journey.stack.web}/signin`);
    await signIn(page, email, PASSWORD);
    await page.getByRole('alert').getByText(texts.auth.signIn.wrongCredentials).waitFor();
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.context().close();

    // The same link again: it says so at once, before anything is typed (no password form), and a new
    // link is sent from right there.
    const again = await newPage(journey.browser);
    await again.goto(link.toString());
    await again.getByRole('heading', { level: 1, name: t.expired.title }).waitFor();
    await again.getByText(t.expired.lead).waitFor();
    expect(await again.getByLabel(t.newPassword.password, { exact: true }).count()).toBe(0);
    await look(again, 'auth-reset-expired', t.expired.title);

    expect(mailsTo(email)).toHaveLength(1);
    await again.getByLabel(t.email).fill(email);
    await again.getByRole('button', { name: t.expired.submit }).click();
    await again.getByRole('status').getByText(t.sent.line(email)).waitFor();
    await expect.poll(() => mailsTo(email).length).toBe(2);
    const fresh = linkIn(mailsTo(email).at(-1)!);
    expect(fresh.searchParams.get('token')).not.toBe(link.searchParams.get('token'));

    // The new link works, and is the one that changed the password.
    await again.goto(fresh.toString());
    await setNewPassword(again, 'fourth4engine');
    await again.getByRole('status').getByText(texts.auth.passwordResetDone).waitFor();
    await signIn(again, email, NEW_PASSWORD);
    await again.getByRole('alert').getByText(texts.auth.signIn.wrongCredentials).waitFor();
    await again.context().close();
    // Five states, each with axe at two widths: about a minute on a busy machine.
  }, 180_000);

  it('sends the prebuilt pages’ addresses to the site’s own: /auth to /signin, ?show=signup to /signup; /auth/mfa, the second step, to /signin when nobody is signed in', async () => {
    const page = await newPage(journey.browser);
    await page.goto(`${journey.stack.web}/auth?show=signup`);
    await page.waitForURL(`${journey.stack.web}/signup`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();

    await page.goto(`${journey.stack.web}/auth`);
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();

    // /auth/mfa is the second step of a sign-in now (docs/security.md#two-step-verification): with no
    // first step behind it, it asks for one.
    await page.goto(`${journey.stack.web}/auth/mfa`);
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();

    await page.goto(`${journey.stack.web}/auth/no-such-page`);
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.context().close();
  });

  it("shows the limits' sentence when this address has asked for too many links", async () => {
    const page = await newPage(journey.browser);
    await page.goto(`${journey.stack.web}/auth/reset-password`);
    const sentences = Array.from({ length: 60 }, (_, i) => texts.auth.tooManyAttempts(i + 1));
    // 10 requests an hour from one address (docs/security.md, limits): the earlier tests made some of them.
    for (let i = 0; i < 11; i++) {
      await page.getByLabel(t.email).fill('nobody@example.com');
      await page.getByRole('button', { name: t.request.submit }).click();
      const answer = page.getByRole('alert').or(page.getByRole('heading', { name: t.sent.heading }));
      await answer.first().waitFor();
      if (await page.getByRole('alert').count()) break;
      await page.getByRole('button', { name: t.sent.again }).click();
    }
    const alert = page.getByRole('alert');
    expect(sentences).toContain(await alert.textContent());
    await expect.poll(() => alert.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.screenshot({ path: screenshotPath('auth-reset-limited-1280'), fullPage: true });
    await page.context().close();
  });
});
