/**
 * Two-step verification in Chromium against the whole local stack: set up on /account (the key read
 * off the page, codes computed from it as an app would), then signing in asks for the second step at
 * /auth/mfa (opening on the app's code, naming the account, a recovery code a link away), and goes on to
 * what the visitor came for.
 * Each new page state is checked with axe at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { twoStepTexts } from '../../shared/texts/two-step';
import { stepUpTexts } from '../../shared/texts/step-up';
import { checkedAtBothWidths } from '../support/accessibility';
import { downloadedText, screenshotPath } from '../support/browser';
import { signUpInBrowser, useJourney } from '../support/journey';
import { codeAt, freshCodeAfter } from '../support/two-step';

const journey = useJourney();
const PASSWORD = 'engine42';
const t = twoStepTexts;

/** A fresh browser signing in with the password at /signin, opened at `start` (a signed-out page that sends there). */
async function signInWithPassword(email: string, start = '/signin'): Promise<Page> {
  const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${journey.stack.web}${start}`);
  await page.waitForURL(/\/signin/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  try {
    await page.waitForURL(`${journey.stack.web}/auth/mfa`, { timeout: 20_000 });
  } catch (error) {
    await page.screenshot({ path: screenshotPath('two-step-sign-in-failed'), fullPage: true });
    throw new Error(`the sign-in did not reach /auth/mfa: at ${page.url()}`, { cause: error });
  }
  return page;
}

describe('two-step verification in Chromium', () => {
  it('set up on /account, then a sign-in completes with the app’s code, and another with a recovery code, landing where it was going', async () => {
    const email = `two-step-${randomUUID().slice(0, 8)}@example.com`;
    const page = await signUpInBrowser(journey, { name: 'Grace Hopper', email, password: PASSWORD }, { acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${journey.stack.web}/account/security`);
    const section = page.getByRole('region', { name: t.section.title });
    await section.getByLabel(stepUpTexts.passwordLabel).fill(PASSWORD);
    await section.getByRole('button', { name: t.section.setUp }).click();
    await section.getByRole('img', { name: t.section.qrAlt }).waitFor();
    const secret = (await section.locator('.two-step-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await checkedAtBothWidths(page, 'two-step-setup');

    // A wrong code first: refused in the words every failed check uses.
    await section.getByLabel(t.section.codeLabel).fill('000000');
    await section.getByRole('button', { name: t.section.confirm }).click();
    await section.getByRole('alert').getByText(t.wrongCode).waitFor();
    const setupAt = Date.now();
    await section.getByLabel(t.section.codeLabel).fill(codeAt(secret, setupAt));
    await section.getByRole('button', { name: t.section.confirm }).click();

    const list = section.getByRole('list', { name: t.section.codesTitle });
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: t.section.download }).click()]);
    expect(download.suggestedFilename()).toBe('voxpen-recovery-codes.txt');
    expect((await downloadedText(download)).trim().split('\n')).toEqual(codes);
    await checkedAtBothWidths(page, 'two-step-codes');
    await section.getByRole('button', { name: t.section.codesDone }).click();
    await section.getByText(t.section.codesLeft(10)).waitFor();

    // A new browser: the password is not the whole sign-in. It opens on the app's code, not a chooser
    // (the recovery codes are a link under it), and says which account is signing in.
    const second = await signInWithPassword(email);
    // The address changes as the navigation starts; the title once the page has rendered.
    await expect.poll(() => second.title()).toBe('Two-step verification | Voxpen');
    await second.getByRole('textbox', { name: t.mfa.codeLabel }).waitFor();
    await second.getByText(t.mfa.lead(email)).waitFor();
    await second.getByRole('button', { name: t.mfa.switchTo['recovery-code'] }).waitFor();
    // The dashboard is not reachable by typing its address.
    await second.goto(`${journey.stack.web}/dashboard`);
    await second.waitForURL(`${journey.stack.web}/auth/mfa`);
    await second.getByRole('textbox', { name: t.mfa.codeLabel }).waitFor();
    await checkedAtBothWidths(second, 'two-step-app-code');
    // The setup's code again, if still within its window, refused; a fresh one works.
    await second.getByRole('textbox', { name: t.mfa.codeLabel }).fill(codeAt(secret, setupAt));
    await second.getByRole('button', { name: t.mfa.verify }).click();
    await second.getByRole('alert').getByText(t.wrongCode).waitFor();
    await second.getByRole('textbox', { name: t.mfa.codeLabel }).fill(freshCodeAfter(secret, setupAt));
    await second.getByRole('button', { name: t.mfa.verify }).click();
    await second.waitForURL(`${journey.stack.web}/dashboard`);

    // Another browser, come for /account/security: a recovery code, and it lands there.
    const third = await signInWithPassword(email, '/account/security');
    await third.getByRole('button', { name: t.mfa.switchTo['recovery-code'] }).click();
    await third.getByRole('textbox', { name: t.mfa.recoveryLabel }).waitFor();
    await checkedAtBothWidths(third, 'two-step-recovery-code');
    await third.getByRole('textbox', { name: t.mfa.recoveryLabel }).fill(codes[0]!);
    await third.getByRole('button', { name: t.mfa.verify }).click();
    await third.waitForURL(`${journey.stack.web}/account/security`);
    await third.getByRole('region', { name: t.section.title }).getByText(t.section.codesLeft(9)).waitFor();

    // The same code in yet another browser: refused, and it stays on the step.
    const fourth = await signInWithPassword(email);
    await fourth.getByRole('button', { name: t.mfa.switchTo['recovery-code'] }).click();
    await fourth.getByRole('textbox', { name: t.mfa.recoveryLabel }).fill(codes[0]!);
    await fourth.getByRole('button', { name: t.mfa.verify }).click();
    await fourth.getByRole('alert').getByText(t.wrongCode).waitFor();
    expect(fourth.url()).toBe(`${journey.stack.web}/auth/mfa`);
    expect(errors).toEqual([]);
  }, 300_000);
});
