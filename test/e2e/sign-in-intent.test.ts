/**
 * Journeys that keep what the visitor came for, in Chromium against the whole local stack: a desktop
 * app's sign-in that turns into a sign-up still reaches the app's loopback listener, and one opened in
 * a browser already signed in goes from the CDN straight to /launch; Pro chosen on
 * /pricing (Annually) survives sign-up, and sign-in, to Stripe Checkout for the annual price; the
 * sign-in and sign-up pages say what the visitor came for.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktopSignIn } from '../../infra/scripts/desktop-client';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { screenshotPath } from '../support/browser';
import { openVerificationLink, submitSignUpForm, useJourney } from '../support/journey';
import { verifyThroughOutbox } from '../support/verification';

const journey = useJourney();
const PASSWORD = 'engine42';
const newEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;
const newPage = async (): Promise<Page> => (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();

/** Fails instead of waiting for ever when the listener never hears back. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing in ${ms} ms`)), ms))]);
}

/** /pricing signed out: Annually, then Pro's button, which leads to sign-in. */
async function choosePro(page: Page, interval: 'Monthly' | 'Annually'): Promise<void> {
  await page.goto(`${journey.stack.web}/pricing`);
  await page.getByRole('button', { name: interval }).click();
  const pro = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Pro' }) });
  await pro.getByRole('link').click();
  await page.waitForURL(`${journey.stack.web}/signin`);
}

describe('what the visitor came for survives sign-in and sign-up', () => {
  it('desktop app → Sign up: the new account is signed in to the app, its loopback listener gets the code', async () => {
    const page = await newPage();
    const session = await within(
      60_000,
      'the loopback listener',
      desktopSignIn(journey.stack.web, journey.stack.api, async (url) => {
        await page.goto(url);
        await page.getByRole('heading', { level: 1, name: texts.auth.intent.signInForDesktop }).waitFor();
        await page.getByRole('link', { name: 'Sign up' }).click();
        await page.waitForURL(`${journey.stack.web}/signup`);
        await page.getByRole('heading', { level: 1, name: texts.auth.intent.signUpForDesktop }).waitFor();
        await page.screenshot({ path: screenshotPath('signup-for-desktop-1280') });
        const email = newEmail('desktop-new');
        await submitSignUpForm(page, { name: 'Dee Sktop', email, password: PASSWORD });
        // The address is proven first, as its owner does from the mail; the desktop sign-in waits for it.
        await page.waitForURL(`${journey.stack.web}/check-inbox`);
        await openVerificationLink(journey, page, email);
        await page.waitForURL(`${journey.stack.web}/launch?**`);
        // /launch asks which app and which account before it hands anything over: the new one.
        await page.getByRole('region', { name: texts.desktop.confirmTitle }).waitFor();
        await page.getByRole('button', { name: texts.desktop.continue }).click();
      }),
    );
    // The app holds a session of its own for the new account.
    const usage = await fetch(`${journey.stack.api}/api/usage`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(usage.status).toBe(200);
    expect(await usage.json()).toMatchObject({ plan: 'free', wordsTranscribed: 0 });
    await page.context().close();
  });

  it('desktop app → a browser already signed in: the CDN sends /signin on to /launch, no form shown, and the listener gets the code', async () => {
    const email = newEmail('desktop-signed-in');
    const api = new AuthApi(journey.stack.api, journey.stack.web);
    expect((await api.signUp(email, PASSWORD)).status).toBe('OK');
    await verifyThroughOutbox(api, journey.stack.outboxDir, email);
    const page = await newPage();
    await page.goto(`${journey.stack.web}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    // Every document the browser is sent, in order: /signin must answer with a redirect, never its form.
    const documents: { url: string; status: number }[] = [];
    page.on('response', (answer) => void (answer.request().resourceType() === 'document' && documents.push({ url: answer.url(), status: answer.status() })));
    const session = await within(
      60_000,
      'the loopback listener',
      desktopSignIn(journey.stack.web, journey.stack.api, async (url) => {
        await page.goto(url);
        await page.waitForURL(`${journey.stack.web}/launch?**`);
        await page.getByRole('region', { name: texts.desktop.confirmTitle }).waitFor();
        await page.getByRole('button', { name: texts.desktop.continue }).click();
      }),
    );
    expect(documents.slice(0, 2).map((d) => [new URL(d.url).pathname, d.status])).toEqual([
      ['/signin', 302],
      ['/launch', 200],
    ]);
    const usage = await fetch(`${journey.stack.api}/api/usage`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(usage.status).toBe(200);
    await page.context().close();
  });

  it('Pricing → Pro (Annually) → Sign up → Stripe Checkout for the annual price', async () => {
    const page = await newPage();
    await choosePro(page, 'Annually');
    await page.getByRole('heading', { level: 1, name: 'Sign in to continue to Pro (annual)' }).waitFor();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account to continue to Pro (annual)' }).waitFor();
    const email = newEmail('annual-new');
    await submitSignUpForm(page, { name: 'Anna Yearly', email, password: PASSWORD });
    // The chosen plan and period survive the proof of the address.
    await page.waitForURL(`${journey.stack.web}/check-inbox`);
    await openVerificationLink(journey, page, email);
    await page.waitForURL(`${journey.stack.stripe}/checkout/**`);
    await page.getByText(/per year/).first().waitFor();
    expect(await page.getByText(/per month/).count()).toBe(0);
    await page.context().close();
  });

  it('Pro (Annually) → Sign in → Stripe Checkout for the same plan and period; cancelled there, /pricing says so', async () => {
    const email = newEmail('annual-returning');
    const owner = new AuthApi(journey.stack.api, journey.stack.web);
    expect((await owner.signUp(email, PASSWORD)).status).toBe('OK');
    await verifyThroughOutbox(owner, journey.stack.outboxDir, email);
    const page = await newPage();
    await choosePro(page, 'Annually');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Taking you to checkout for Pro (annual)...').waitFor();
    await page.waitForURL(`${journey.stack.stripe}/checkout/**`);
    await page.getByText(/per year/).first().waitFor();

    // Cancelled on Stripe's page: /pricing says nothing was bought, and nothing chosen earlier starts
    // another checkout.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(`${journey.stack.web}/pricing`);
    await page.getByRole('status').filter({ hasText: texts.billingUi.checkoutCancelled }).waitFor();
    // Set to the period that was being bought.
    await page.getByRole('button', { name: 'Annually', pressed: true }).waitFor();
    expect(page.url()).toBe(`${journey.stack.web}/pricing`);
    // Back on the site later, this browser has signed in before: /signin welcomes it back.
    const other = await page.context().newPage();
    await page.context().clearCookies();
    await other.goto(`${journey.stack.web}/signin`);
    await other.getByRole('heading', { level: 1, name: texts.auth.intent.welcomeBack }).waitFor();
    await page.context().close();
  });

  it('greets a first visit to /signin as new, not as returning', async () => {
    const page = await newPage();
    await page.goto(`${journey.stack.web}/signin`);
    await page.getByRole('heading', { level: 1, name: texts.auth.intent.signIn }).waitFor();
    expect(await page.getByText(/Welcome back/).count()).toBe(0);
    await page.context().close();
  });
});
