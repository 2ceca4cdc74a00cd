/**
 * Email verification in Chromium against the whole local stack: a new account waits on "Check your
 * inbox" until the link from the outbox is opened, then reaches the dashboard; a desktop sign-in
 * started before the sign-up continues to the app once the address is proven.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { desktopSignIn } from '../../infra/scripts/desktop-client';
import { texts } from '../../shared/texts';
import { screenshotPath } from '../support/browser';
import { openVerificationLink, submitSignUpForm, useJourney } from '../support/journey';

const journey = useJourney();
const PASSWORD = 'engine42';
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

describe('email verification in Chromium', () => {
  it('signs up, waits on "Check your inbox" (the dashboard sends it back there), and reaches the dashboard from the mailed link', async () => {
    const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const email = uniqueEmail('journey');
    await page.goto(`${journey.stack.web}/signup`);
    await submitSignUpForm(page, { name: 'Ada', email, password: PASSWORD });
    await page.waitForURL(`${journey.stack.web}/check-inbox`);
    await page.getByRole('heading', { level: 1, name: texts.verify.checkInbox.title }).waitFor();
    expect(await page.getByText(texts.verify.checkInbox.sentTo(email)).first().isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('check-inbox-1280') });
    // An unproven session cannot reach the dashboard: it is sent back.
    await page.goto(`${journey.stack.web}/dashboard`);
    await page.waitForURL(`${journey.stack.web}/check-inbox`);

    await openVerificationLink(journey, page, email);
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // The record made at sign-up: the name typed on the form, the address now proven.
    await page.getByText(email).first().waitFor();

    // The same link again: it says so, with a way to a new one.
    await openVerificationLink(journey, page, email);
    await page.getByRole('heading', { name: texts.verify.verifyEmail.invalidTitle }).waitFor();
    expect(await page.getByRole('button', { name: texts.verify.verifyEmail.sendNew }).isVisible()).toBe(true);
  });

  it('continues a desktop sign-in that waited for the address to be proven: the app gets its code', async () => {
    const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // The desktop app as it runs: its own loopback listener, the PKCE exchange, the state it sent checked.
    const session = await desktopSignIn(journey.stack.web, journey.stack.api, async (url) => {
      await page.goto(url);
      await page.getByRole('link', { name: 'Sign up' }).click();
      const email = uniqueEmail('desk-journey');
      await submitSignUpForm(page, { name: 'Desk', email, password: PASSWORD });
      await page.waitForURL(`${journey.stack.web}/check-inbox`);

      await openVerificationLink(journey, page, email);
      // /launch asks before it hands the session over.
      await page.getByRole('button', { name: texts.desktop.continue }).click();
    });
    // The app's own session reads the new account.
    const usage = await fetch(`${journey.stack.api}/api/usage`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(usage.status).toBe(200);
    await page.context().close();
  });
});
