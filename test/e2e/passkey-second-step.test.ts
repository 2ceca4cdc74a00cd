/**
 * A passkey as the second step, in Chromium against the whole local stack with a virtual
 * authenticator (test/support/virtual-authenticator.ts): an account adds a passkey and turns on
 * two-step verification on /account; a password sign-in then stops at /auth/mfa, which opens on one
 * factor (the last used, else the app) with the others a click away, a passkey's dialog opening with
 * that click (each completes it), while a passkey sign-in owes no step.
 * The bar offers the step, not the dashboard, until it is done. axe finds nothing on the new page
 * states at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { layoutTexts } from '../../shared/texts/layout';
import { passkeyTexts } from '../../shared/texts/passkeys';
import { stepUpTexts } from '../../shared/texts/step-up';
import type { SecondFactorId } from '../../shared/second-factors';
import { twoStepTexts } from '../../shared/texts/two-step';
import { checkedAtBothWidths } from '../support/accessibility';
import { signUpInBrowser, useJourney } from '../support/journey';
import { codeAt, freshCodeAfter } from '../support/two-step';
import { virtualAuthenticator } from '../support/virtual-authenticator';

const journey = useJourney();
const PASSWORD = 'engine42';
const t = twoStepTexts;
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const switchTo = (page: Page, factor: SecondFactorId) => page.getByRole('button', { name: t.mfa.switchTo[factor] });

/**
 * A new account, in a browser with a virtual authenticator, that has added a passkey and turned on
 * two-step verification with an app on /account, then logged out: the page, its email, the app's
 * secret and when its first code was used.
 */
async function memberWithPasskeyAndApp(name: string) {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const page = await signUpInBrowser(journey, { name: 'Ada Passkey', email, password: PASSWORD });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await virtualAuthenticator(page);
  await page.goto(`${journey.stack.web}/account/security`);

  const keys = page.getByRole('region', { name: passkeyTexts.heading });
  await keys.getByLabel(passkeyTexts.nameLabel).fill('This laptop');
  await keys.getByLabel(stepUpTexts.passwordLabel).fill(PASSWORD);
  await keys.getByRole('button', { name: passkeyTexts.add }).click();
  await keys.getByRole('status').getByText(passkeyTexts.added('This laptop')).waitFor({ timeout: 60_000 });

  const section = page.getByRole('region', { name: t.section.title });
  await section.getByLabel(stepUpTexts.passwordLabel).fill(PASSWORD);
  await section.getByRole('button', { name: t.section.setUp }).click();
  await section.getByRole('img', { name: t.section.qrAlt }).waitFor();
  const secret = (await section.locator('.two-step-secret').textContent())!.replace(/\s/g, '');
  const setupAt = Date.now();
  await section.getByLabel(t.section.codeLabel).fill(codeAt(secret, setupAt));
  await section.getByRole('button', { name: t.section.confirm }).click();
  await section.getByRole('button', { name: t.section.codesDone }).click();
  await section.getByText(t.section.codesLeft(10)).waitFor();

  await mainNav(page).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${journey.stack.web}/signin`);
  return { page, email, secret, setupAt, errors };
}

/** The password at /signin, which stops at /auth/mfa. */
async function signInWithPassword(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${journey.stack.web}/auth/mfa`, { timeout: 20_000 });
}

describe('a passkey as the second step in Chromium', () => {
  it('a password sign-in completes its second step with the passkey; a passkey sign-in owes none', async () => {
    const { page, email, errors } = await memberWithPasskeyAndApp('passkey-step');

    await signInWithPassword(page, email);
    // Until the step is done the bar offers the step, not the dashboard, and the dashboard's address leads back.
    await mainNav(page).getByRole('link', { name: layoutTexts.finishSignIn }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    await page.goto(`${journey.stack.web}/dashboard`);
    await page.waitForURL(`${journey.stack.web}/auth/mfa`);
    // On the step's own page the bar's button is the current page, and still reads as a button: its text
    // is not the colour of its background (axe leaves a 1:1 ratio for review rather than report it).
    const finish = mainNav(page).getByRole('link', { name: layoutTexts.finishSignIn });
    await expect(finish.getAttribute('aria-current')).resolves.toBe('page');
    const colours = await finish.evaluate((a) => [getComputedStyle(a).color, getComputedStyle(a).backgroundColor]);
    expect(colours[0], `text ${colours[0]} on ${colours[1]}`).not.toBe(colours[1]);

    // The page opened on the app; the passkey is one click: its link opens the dialog.
    await page.getByRole('textbox', { name: t.mfa.codeLabel }).waitFor();
    await switchTo(page, 'webauthn').click();
    await page.waitForURL(`${journey.stack.web}/dashboard`, { timeout: 60_000 });
    await mainNav(page).getByRole('link', { name: 'Account' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: layoutTexts.finishSignIn }).count()).toBe(0);

    // The next password sign-in in this browser opens on the passkey, the factor it used last.
    await mainNav(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${journey.stack.web}/signin`);
    await signInWithPassword(page, email);
    await page.getByRole('button', { name: t.mfa.usePasskey }).waitFor();
    await checkedAtBothWidths(page, 'passkey-second-step-passkey');
    await page.getByRole('button', { name: t.mfa.usePasskey }).click();
    await page.waitForURL(`${journey.stack.web}/dashboard`, { timeout: 60_000 });
    await mainNav(page).getByRole('link', { name: 'Account' }).waitFor();

    // "Sign in with a passkey": possession and the device's check of its owner in one, so no second step.
    await mainNav(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.getByRole('button', { name: passkeyTexts.signIn }).click();
    await page.waitForURL(`${journey.stack.web}/dashboard`, { timeout: 60_000 });
    // The dashboard read its data (a session owing a step would have been sent to /auth/mfa instead).
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(page.url()).toBe(`${journey.stack.web}/dashboard`);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('with a passkey and an app, it opens on the app with the passkey and the recovery code as links; the app works too, and a link leads back to it', async () => {
    const { page, email, secret, setupAt, errors } = await memberWithPasskeyAndApp('passkey-chooser');

    await signInWithPassword(page, email);
    await page.getByRole('textbox', { name: t.mfa.codeLabel }).waitFor();
    // The app's form shows before the factors are read (as prerendered); the other ways once they are.
    await page.locator('.other-ways').waitFor();
    const offered = await page.locator('.other-ways button').allTextContents();
    expect(offered).toEqual([t.mfa.switchTo.webauthn, t.mfa.switchTo['recovery-code']]);
    await checkedAtBothWidths(page, 'passkey-second-step-opening');
    // The page keeps its space under the header at both widths (the shell's stylesheet once took it).
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const gap = await page.evaluate(() => Math.min(...[...document.querySelectorAll('.auth-split h1, .auth-card')].map((el) => el.getBoundingClientRect().top)) - document.querySelector('.navbar')!.getBoundingClientRect().bottom);
      expect(gap, `space under the header at ${width} px`).toBeGreaterThanOrEqual(24);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The recovery code's view, then back to the app's code by its link.
    await switchTo(page, 'recovery-code').click();
    await page.getByRole('textbox', { name: t.mfa.recoveryLabel }).waitFor();
    await switchTo(page, 'totp').click();
    await page.getByRole('textbox', { name: t.mfa.codeLabel }).fill(freshCodeAfter(secret, setupAt));
    await page.getByRole('button', { name: t.mfa.verify }).click();
    await page.waitForURL(`${journey.stack.web}/dashboard`, { timeout: 60_000 });
    await mainNav(page).getByRole('link', { name: 'Account' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 300_000);
});
