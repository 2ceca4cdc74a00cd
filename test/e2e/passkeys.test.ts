/**
 * Passkeys in Chromium against the whole local stack, with a virtual authenticator (the DevTools
 * protocol's WebAuthn domain: an internal, user-verifying authenticator that keeps resident keys):
 * add a named passkey on /account (its form asks for the current password in place), log out, "Sign in with a passkey" on /signin with no email typed
 * (back to the page the visit was for), then remove it, after which it no longer signs in. axe finds
 * nothing on the listed passkey at 1280 and 390 px (the accessibility journey checks the other states).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { passkeyTexts } from '../../shared/texts/passkeys';
import { stepUpTexts } from '../../shared/texts/step-up';
import { checkedAtBothWidths } from '../support/accessibility';
import { signUpInBrowser, useJourney } from '../support/journey';
import { virtualAuthenticator } from '../support/virtual-authenticator';

const journey = useJourney();
const t = passkeyTexts;
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });


describe('passkeys in Chromium', () => {
  it('adds a passkey on /account, signs in with it after logging out (no email typed), then removes it', async () => {
    const email = `keys-${randomUUID().slice(0, 8)}@example.com`;
    const page = await signUpInBrowser(journey, { name: 'Pat Key', email, password: 'engine42' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const authenticator = await virtualAuthenticator(page);

    await page.goto(`${journey.stack.web}/account/security`);
    const section = page.getByRole('region', { name: t.heading });
    await section.getByText(t.none).waitFor();

    // The current password is asked for in the form itself (the name may stay blank); the keyboard adds it.
    await section.getByRole('button', { name: t.add }).click();
    await section.getByText(stepUpTexts.passwordRequired).waitFor();
    expect(await section.getByText(t.nameRequired).count()).toBe(0);
    await section.getByLabel(t.nameLabel).fill('This laptop');
    // A wrong password is refused beside its field before the browser's dialog: no credential is made.
    await section.getByLabel(stepUpTexts.passwordLabel).fill('not-it-9');
    await section.getByLabel(stepUpTexts.passwordLabel).press('Enter');
    await section.getByText(stepUpTexts.wrongPassword).waitFor({ timeout: 60_000 });
    expect(await authenticator.credentials()).toHaveLength(0);
    await section.getByLabel(stepUpTexts.passwordLabel).fill('engine42');
    await section.getByLabel(stepUpTexts.passwordLabel).press('Enter');
    // The browser's dialog, the core's checks and the mail: generous on a busy machine.
    await section.getByRole('status').getByText(t.added('This laptop')).waitFor({ timeout: 60_000 });
    const item = section.getByRole('listitem').filter({ hasText: 'This laptop' });
    await item.getByText(t.neverUsed).waitFor();
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await checkedAtBothWidths(page, 'account-passkeys');

    // Logged out, /account/security sends to /signin; the passkey signs in and the visit goes on to it.
    await mainNav(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.goto(`${journey.stack.web}/account/security`);
    await page.waitForURL(`${journey.stack.web}/signin**`);
    await page.getByRole('button', { name: t.signIn }).click();
    await page.waitForURL(`${journey.stack.web}/account/security`, { timeout: 60_000 });
    await section.getByText('This laptop').waitFor();
    await section.getByText(t.lastUsed, { exact: false }).waitFor();
    await page.goto(`${journey.stack.web}/account/profile`);
    await page.getByRole('region', { name: 'Profile' }).getByText(email).waitFor();
    await page.goBack();

    // Removed: the list says so, focus is on the section's heading, and the passkey no longer signs in.
    await section.getByRole('button', { name: t.removeLabel('This laptop') }).click();
    await section.getByRole('status').getByText(t.removed('This laptop')).waitFor();
    await section.getByText(t.none).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('passkeys-title');

    await mainNav(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${journey.stack.web}/signin`);
    await page.getByRole('button', { name: t.signIn }).click();
    await page.getByRole('alert').getByText(t.signInFailed).waitFor();
    expect(page.url()).toBe(`${journey.stack.web}/signin`);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);
});
