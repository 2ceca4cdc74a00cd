/** /account in Chromium against the whole local stack: rename, download my data, delete; where you are signed in; sign out of all devices. */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '../../shared/api-types';
import { SIGNED_OUT_TO } from '../../shared/site-pages';
import { texts } from '../../shared/texts';
import { accountTexts } from '../../frontend/src/pages/account/account-texts';
import { pkcePair } from '../../infra/scripts/desktop-client';
import { axeFindings, downloadedText, screenshotPath } from '../support/browser';
import { signUpInBrowser, useJourney } from '../support/journey';
import { checkedAtBothWidths } from '../support/accessibility';
import { latestMailTo, linkIn } from '../support/outbox';

const journey = useJourney();
const PASSWORD = 'engine42';
const t = accountTexts;
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

const signUp = (name: string, email: string): Promise<Page> => signUpInBrowser(journey, { name, email, password: PASSWORD }, { acceptDownloads: true });

const section = (page: Page, name: string) => page.getByRole('region', { name });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const settingsNav = (page: Page) => page.getByRole('navigation', { name: t.sectionsLabel });

describe('/account in Chromium', () => {
  it('signs up, renames, downloads the data (the file arrives, with the new name), then deletes the account and goes home signed out', async () => {
    const email = uniqueEmail('ada');
    const page = await signUp('Ada Lovelace', email);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // From the dashboard's account card.
    await page.getByRole('link', { name: 'Manage your account' }).click();
    await page.waitForURL(`${journey.stack.web}/account`);
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    const profile = section(page, 'Profile');
    await profile.getByText(email).waitFor();
    await profile.getByText(t.signInMethods.password).waitFor();
    await expect.poll(() => mainNav(page).getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');

    // Rename.
    await profile.getByLabel('Name', { exact: true }).fill('  Ada King  ');
    await profile.getByRole('button', { name: t.saveName }).click();
    await profile.getByRole('status').getByText(texts.account.renamed).waitFor();

    // The settings' nav leads to Data, at its own address.
    await settingsNav(page).getByRole('link', { name: new RegExp(t.sections.data.name) }).click();
    await page.waitForURL(`${journey.stack.web}/account/data`);
    // Download my data: the browser saves a file, and it is the account's data with the new name.
    const data = section(page, t.download);
    const [download] = await Promise.all([page.waitForEvent('download'), data.getByRole('button', { name: t.download }).click()]);
    expect(download.suggestedFilename()).toMatch(/^voxpen-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await downloadedText(download)) as AccountExport;
    // Named for the day of its export by the stack's clock (the test's could be past midnight already).
    expect(download.suggestedFilename()).toBe(`voxpen-data-${exported.exportedAt.slice(0, 10)}.json`);
    expect(exported.profile).toMatchObject({ name: 'Ada King', email, signInMethods: ['password'] });
    expect(exported.plan).toBe('free');
    await data.getByRole('status').getByText(t.downloaded(download.suggestedFilename())).waitFor();

    // Its look, at a desktop's width and a phone's: nothing for axe, nothing scrolls sideways.
    expect(await axeFindings(page)).toEqual([]);
    // From the top, so the sticky bar is drawn where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('account-data-1280'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    // On a phone a section's page is the section alone, with the way back to the list.
    expect(await settingsNav(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), '/account scrolls sideways at 390 px').toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('account-data-390'), fullPage: true });
    // The list: each section with what it holds, nothing else.
    await page.getByRole('link', { name: t.allSettings }).click();
    await page.waitForURL(`${journey.stack.web}/account`);
    await settingsNav(page).getByText(t.sections.billing.about).waitFor();
    expect(await section(page, 'Profile').isVisible()).toBe(false);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('account-list-390'), fullPage: true });
    // Back, as the browser's own button goes: the section's page again.
    await page.goBack();
    await page.waitForURL(`${journey.stack.web}/account/data`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Delete: the button waits for the phrase; then the password; goodbye, then home, signed out.
    const danger = section(page, t.deleteTitle);
    const submit = danger.getByRole('button', { name: t.deleteSubmit });
    expect(await submit.isDisabled()).toBe(true);
    await danger.getByLabel(t.deleteConfirmLabel).fill('delete my account');
    await danger.getByLabel(t.deletePasswordLabel).fill(PASSWORD);
    await submit.click();
    await page.getByRole('heading', { level: 1, name: t.goodbye }).waitFor();
    await page.getByText(texts.account.deleted).waitFor();
    await page.screenshot({ path: screenshotPath('account-deleted-1280'), fullPage: true });
    await page.waitForURL(`${journey.stack.web}/`);
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();

    // Gone: /account asks for a sign-in (the CDN's redirect, keeping /account as the way back), and
    // the old password no longer signs in.
    await page.goto(`${journey.stack.web}/account`);
    await page.waitForURL((url) => url.href === `${journey.stack.web}${SIGNED_OUT_TO['/account']}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').getByText(texts.auth.signIn.wrongCredentials).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("changes the address from the quiet 'Change email': the link mailed to the new one lands on /account, which says the address is now the new one", async () => {
    const page = await signUp('Eve Moved', uniqueEmail('eve'));
    await page.goto(`${journey.stack.web}/account`);
    const email = section(page, t.emailTitle);
    await email.getByRole('button', { name: t.openEmailForm }).click();
    await expect.poll(() => email.getByLabel(t.newEmailLabel).evaluate((input) => input === document.activeElement)).toBe(true);
    const next = uniqueEmail('eve-new');
    await email.getByLabel(t.newEmailLabel).fill(next);
    await email.getByLabel(t.emailPasswordLabel).fill(PASSWORD);
    await email.getByRole('button', { name: t.changeEmail }).click();
    await email.getByRole('status').getByText(texts.account.emailChangeSent(next)).waitFor();

    // The link, opened in this browser: the new address confirmed, then /account says so.
    const link = linkIn(await latestMailTo(journey.stack.outboxDir, next, 5000, 'email-verification'));
    await page.goto(link.href);
    await page.getByRole('heading', { name: texts.verify.verifyEmail.changed }).waitFor();
    await page.waitForURL(`${journey.stack.web}/account`);
    await page.getByRole('status').filter({ hasText: t.emailChanged(next) }).waitFor();
    await section(page, 'Profile').getByText(next).waitFor();
    await checkedAtBothWidths(page, 'account-email-changed');
    await page.context().close();
  });

  it('a Google account: shown as signing in with Google, no password to change, deleted with the phrase alone (its sign-in is recent)', async () => {
    const email = uniqueEmail('grace');
    const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${journey.stack.web}/signin`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${journey.stack.google}/interaction/**`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${journey.stack.web}/dashboard`);

    await page.goto(`${journey.stack.web}/account`);
    const profile = section(page, 'Profile');
    await profile.getByText(email).waitFor();
    await profile.getByText(t.signInMethods.google, { exact: true }).waitFor();
    await page.goto(`${journey.stack.web}/account/security`);
    await section(page, 'Password').getByText(texts.account.noPassword).waitFor();
    expect(await page.getByLabel('Current password').count()).toBe(0);

    await page.goto(`${journey.stack.web}/account/data`);
    const danger = section(page, t.deleteTitle);
    await danger.getByText(t.deleteGoogleNote).waitFor();
    expect(await danger.getByLabel(t.deletePasswordLabel).count()).toBe(0);
    await danger.getByLabel(t.deleteConfirmLabel).fill('delete my account');
    await danger.getByRole('button', { name: t.deleteSubmit }).click();
    await page.getByRole('heading', { level: 1, name: t.goodbye }).waitFor();
    await page.waitForURL(`${journey.stack.web}/`);
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
    await page.context().close();
  });

  it('shows a wrong current password beside its field, and signs out of all devices (asked first) to /signin, signed out', async () => {
    const email = uniqueEmail('bo');
    const page = await signUp('Bo Diddley', email);
    await mainNav(page).getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${journey.stack.web}/account`);
    await settingsNav(page).getByRole('link', { name: new RegExp(t.sections.security.name) }).click();
    await page.waitForURL(`${journey.stack.web}/account/security`);

    const password = section(page, 'Password');
    // A quiet button opens the form, its first field focused.
    await password.getByRole('button', { name: t.openPasswordForm }).click();
    await expect.poll(() => password.getByLabel('Current password').evaluate((input) => input === document.activeElement)).toBe(true);
    await password.getByLabel('Current password').fill('not-it-42');
    await password.getByLabel('New password', { exact: true }).fill('brandnew42');
    await password.getByLabel('Confirm new password').fill('brandnew42');
    await password.getByRole('button', { name: t.changePassword }).click();
    await password.getByText(texts.account.wrongPassword).waitFor();
    await expect.poll(() => password.getByLabel('Current password').evaluate((input) => input === document.activeElement)).toBe(true);

    await settingsNav(page).getByRole('link', { name: new RegExp(t.sections.sessions.name) }).click();
    const sessions = section(page, t.signOutAll);
    await sessions.getByRole('button', { name: t.signOutAll }).click();
    await sessions.getByRole('button', { name: t.signOutConfirm }).click();
    await sessions.getByRole('status').getByText(texts.account.signedOutEverywhere).waitFor();
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    // Signed out here too: the bar says so, and the signed-in pages send back to /signin.
    await page.goto(`${journey.stack.web}/pricing`);
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
    await page.goto(`${journey.stack.web}/dashboard`);
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.context().close();
  });

  it('lists this browser and the desktop app it signed in, and signs the app out from the keyboard (its refresh then refused), at 1280 and 390 px', async () => {
    const page = await signUp('Cy Twombly', uniqueEmail('cy'));
    // The desktop app's hand-off, as /launch's button makes it: this browser's consent with the app's challenge, then the app's exchange.
    const { verifier, challenge } = pkcePair();
    const consent = await page.context().request.post(`${journey.stack.api}/api/auth/desktop/consent`, {
      data: { redirect_url: 'http://127.0.0.1:53125/cb', code_challenge: challenge, code_challenge_method: 'S256' },
      headers: { origin: journey.stack.web, rid: 'anti-csrf' },
    });
    expect(consent.status()).toBe(200);
    const code = new URL(((await consent.json()) as { redirectUrl: string }).redirectUrl).searchParams.get('code');
    const exchanged = await fetch(`${journey.stack.api}/api/auth/desktop/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, code_verifier: verifier }) });
    expect(exchanged.status).toBe(200);
    const app = (await exchanged.json()) as { refreshToken: string };

    await page.goto(`${journey.stack.web}/account/sessions`);
    const where = section(page, t.whereTitle);
    const items = where.getByRole('list', { name: t.whereTitle }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    // Headless Chromium on Linux: the browser's name from its user agent, the app named for the same computer.
    await items.filter({ hasText: t.thisDevice }).getByText(/Chrome on Linux/).waitFor();
    const appButton = where.getByRole('button', { name: /^Sign out Voxpen for Linux, last active / });
    await appButton.waitFor();
    // How and roughly where each signed in (locally, no CloudFront: this machine's own network).
    await expect.poll(() => items.locator('.removable-item-where').allTextContents()).toEqual(['Email and password · This network', 'Email and password · This network']);

    expect(await axeFindings(page)).toEqual([]);
    await where.scrollIntoViewIfNeeded();
    await where.screenshot({ path: screenshotPath('account-sessions-1280') });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), '/account scrolls sideways at 390 px').toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await where.screenshot({ path: screenshotPath('account-sessions-390') });

    // From the keyboard: focus the button, Enter.
    await appButton.focus();
    await page.keyboard.press('Enter');
    await where.getByRole('status').getByText(texts.account.sessionEnded('Voxpen for Linux')).waitFor();
    await expect.poll(() => items.count()).toBe(1);
    const refreshed = await fetch(`${journey.stack.api}/api/auth/session/refresh`, { method: 'POST', headers: { rid: 'session', 'st-auth-mode': 'header', authorization: `Bearer ${app.refreshToken}` } });
    expect(refreshed.status).toBe(401);
    // This browser stays signed in.
    await page.reload();
    await section(page, t.whereTitle).getByText(t.thisDevice).waitFor();
    await page.context().close();
  });
});
