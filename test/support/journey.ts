/** A browser journey file's setup: the whole local stack serving the built app, with seed data, and Debian's Chromium. */
import type { Browser, Page } from 'playwright-core';
import { useBuiltSite } from './built-site';
import type { TestStack } from './local-stack';
import { verificationTokenFor } from './outbox';

export interface Journey {
  stack: TestStack;
  browser: Browser;
}

/**
 * Starts both before the file's tests and stops them after; read the fields inside tests. The site is
 * the run's production build (test/support/built-site.ts), as the CDN serves it: the dev server
 * transforms each module on request and put a second into every page load of every journey.
 */
export function useJourney(): Journey {
  return useBuiltSite();
}

/**
 * Signs a new account up through /signup in a fresh browser context, as a person would: "Check your
 * inbox", then the link from the outbox opened in the same tab; answers the page once it is on the
 * dashboard.
 */
export async function signUpInBrowser(journey: Journey, who: { name: string; email: string; password: string }, context: { acceptDownloads?: boolean; timezoneId?: string } = {}): Promise<Page> {
  const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, ...context })).newPage();
  await page.goto(`${journey.stack.web}/signup`);
  await submitSignUpForm(page, who);
  await page.waitForURL(`${journey.stack.web}/check-inbox`);
  await openVerificationLink(journey, page, who.email);
  await page.waitForURL(`${journey.stack.web}/dashboard`);
  return page;
}

/** Opens the newest verification link mailed to `email` in `page`, as its owner would from the mail. */
export async function openVerificationLink(journey: Journey, page: Page, email: string): Promise<void> {
  const token = await verificationTokenFor(journey.stack.outboxDir, email);
  await page.goto(`${journey.stack.web}/verify-email?token=${encodeURIComponent(token)}`);
}

/** Fills /signup's form as a person would (terms accepted) and presses Create Account. */
export async function submitSignUpForm(page: Page, who: { name: string; email: string; password: string }): Promise<void> {
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password').fill(who.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}
