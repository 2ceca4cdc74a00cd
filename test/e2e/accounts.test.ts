/** Accounts in Chromium against the whole local stack: sign-up, sign-out, sign-in, Google (reset: password-reset.test.ts). */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { verifyThroughOutbox } from '../support/verification';
import { screenshotPath } from '../support/browser';
import { openVerificationLink, submitSignUpForm, useJourney } from '../support/journey';

const journey = useJourney();
const PASSWORD = 'engine42';

/** An account made through the API and its address proven from the outbox, as its owner would in another browser. */
async function provenAccount(email: string): Promise<void> {
  const api = new AuthApi(journey.stack.api, journey.stack.web);
  expect((await api.signUp(email, PASSWORD)).status).toBe('OK');
  await verifyThroughOutbox(api, journey.stack.outboxDir, email);
}
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

async function newPage(): Promise<Page> {
  const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** An account made through the API, as another browser would have. */
async function existingAccount(name: string): Promise<string> {
  const email = uniqueEmail(name);
  await provenAccount(email);
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${journey.stack.web}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('accounts in Chromium', () => {
  it('signs up to the dashboard, and signs out to /signin', async () => {
    const page = await newPage();
    await page.goto(`${journey.stack.web}/signup`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.screenshot({ path: screenshotPath('signup-1280'), fullPage: true });

    const email = uniqueEmail('ada');
    await submitSignUpForm(page, { name: 'Ada Lovelace', email: email, password: PASSWORD });
    await page.waitForURL(`${journey.stack.web}/check-inbox`);
    await openVerificationLink(journey, page, email);

    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('Manage your account and subscription').waitFor();
    await page.getByText(email).waitFor();
    await page.screenshot({ path: screenshotPath('dashboard-1280'), fullPage: true });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.goto(`${journey.stack.web}/dashboard`);
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.context().close();
  });

  it("shows 'Invalid email or password.' for a wrong password, then signs in with the right one", async () => {
    const email = await existingAccount('bo');
    const page = await newPage();
    await signIn(page, email, 'wrong-password1');
    await page.getByRole('alert').getByText(texts.auth.signIn.wrongCredentials).waitFor();
    await page.screenshot({ path: screenshotPath('signin-error-1280'), fullPage: true });

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: texts.auth.signIn.success }).waitFor();
    await page.getByText(texts.auth.signIn.redirecting).waitFor();
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.context().close();
  });

  it('sends the signed-out from /dashboard to /signin, and the signed-in from /signin and /signup to /dashboard', async () => {
    const page = await newPage();
    await page.goto(`${journey.stack.web}/dashboard`);
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.screenshot({ path: screenshotPath('signin-1280'), fullPage: true });

    await signIn(page, await existingAccount('cy'), PASSWORD);
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    // The marketing pages (no auth code) now offer Dashboard instead of Login.
    await page.goto(`${journey.stack.web}/pricing`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.goto(`${journey.stack.web}/signin`);
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.goto(`${journey.stack.web}/signup`);
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.context().close();
  });

  it('continues with Google through the local provider and /auth/callback to the dashboard, greeting the new account as new', async () => {
    const page = await newPage();
    await page.goto(`${journey.stack.web}/signin`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${journey.stack.google}/interaction/**`);
    await page.screenshot({ path: screenshotPath('google-stand-in-1280'), fullPage: true });
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(`${journey.stack.web}/auth/callback?**`);
    await page.getByRole('heading', { name: texts.auth.intent.welcomeNew }).waitFor();
    expect(await page.getByText(texts.auth.signIn.success).count()).toBe(0);
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.getByText('grace@example.com').waitFor();
    await page.context().close();
  });

  it('shows the callback error with a way back when the callback is opened without a Google sign-in', async () => {
    const page = await newPage();
    await page.goto(`${journey.stack.web}/auth/callback?code=made-up&state=made-up`);
    await page.getByRole('heading', { name: texts.auth.callback.errorTitle }).waitFor();
    await page.screenshot({ path: screenshotPath('auth-callback-error-1280'), fullPage: true });
    await page.getByRole('link', { name: texts.auth.callback.backToSignIn }).click();
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.context().close();
  });

  it("confirms a refreshed session on the dashboard's first call, so a replayed old refresh token is caught", async () => {
    const email = await existingAccount('refresh');
    const page = await newPage();
    await signIn(page, email, PASSWORD);
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.getByText(email).waitFor();
    const cookie = async (name: string) => (await page.context().cookies(journey.stack.api)).find((c) => c.name === name)?.value;
    const oldRefreshToken = (await cookie('sRefreshToken'))!;

    // The refresh the web SDK makes when the access token expires, from the page itself.
    const refreshed = await page.evaluate(
      (api) => fetch(`${api}/api/auth/session/refresh`, { method: 'POST', credentials: 'include', headers: { rid: 'session', 'st-auth-mode': 'cookie' } }).then((r) => r.status),
      journey.stack.api,
    );
    expect(refreshed).toBe(200);
    const claims = async () => JSON.parse(Buffer.from((await cookie('sAccessToken'))!.split('.')[1]!, 'base64url').toString()) as { parentRefreshTokenHash1: string | null };
    expect((await claims()).parentRefreshTokenHash1).toEqual(expect.any(String));

    await page.reload();
    await page.getByText(email).waitFor();
    // The dashboard's own calls went to the core once and the browser took the token it issued.
    await expect.poll(async () => (await claims()).parentRefreshTokenHash1).toBeNull();

    const replay = await fetch(`${journey.stack.api}/api/auth/session/refresh`, {
      method: 'POST',
      headers: { origin: journey.stack.web, rid: 'session', 'st-auth-mode': 'cookie', cookie: `sRefreshToken=${oldRefreshToken}` },
    });
    expect(replay.status).toBe(401);
    await page.context().close();
  });

  it('fits the sign-in and sign-up pages on a 390 px phone without sideways scrolling', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const path of ['signin', 'signup']) {
      await page.goto(`${journey.stack.web}/${path}`);
      await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: screenshotPath(`${path}-390`), fullPage: true });
    }
    await context.close();
  });
});
