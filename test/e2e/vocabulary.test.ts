/**
 * The vocabulary in Chromium against the whole local stack (docs/desktop-api.md#vocabulary): a new Pro
 * user (a trial, through the Stripe stand-in) adds words on /account from the keyboard, one of them
 * imported from a file after its preview, reloads and sees them, and a desktop session of the same
 * account reads the same list through the reference client; the sections are axe-clean in light and
 * dark, at a desktop's width and a phone's.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { vocabularyPageTexts as t } from '../../frontend/src/pages/account/vocabulary-texts';
import { pull } from '../../infra/scripts/desktop-vocabulary';
import { PRICE_IDS } from '../../shared/plans';
import { inScheme } from '../support/accessibility';
import { axeFindings, COLOUR_RULES, downloadedText, screenshotPath } from '../support/browser';
import { useJourney } from '../support/journey';
import { desktopSession, newMember } from '../support/sessions';
import { payCheckout } from '../support/stripe-pages';

const journey = useJourney();
const PASSWORD = 'engine42';

/** axe on the page as it stands: everything in light, the colour rules again in dark, back to light. */
async function axeInBothSchemes(page: Page): Promise<void> {
  await inScheme(page, 'light');
  expect(await axeFindings(page)).toEqual([]);
  await inScheme(page, 'dark');
  expect(await axeFindings(page, COLOUR_RULES)).toEqual([]);
  await inScheme(page, 'light');
}

describe('the vocabulary on /account', () => {
  it('a new Pro user adds three words, one imported from a file, reloads and sees them, and the desktop app reads the same list', async () => {
    const { who, email } = await newMember(journey.stack, `vocab-${randomUUID().slice(0, 4)}`, PASSWORD);
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);

    const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
    await page.goto(`${journey.stack.web}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.goto(`${journey.stack.web}/account/dictation`);
    const section = page.getByRole('region', { name: t.title });

    // Two words typed, each sent with Enter from the keyboard.
    const phrase = section.getByLabel(t.phraseLabel, { exact: true });
    await phrase.fill('Zebediah');
    await section.getByLabel(t.soundsLikeLabel).fill('zeb a dye a, zebedee');
    await section.getByLabel(t.soundsLikeLabel).press('Enter');
    await section.getByRole('status').getByText(t.added('Zebediah')).waitFor();
    await phrase.fill('Quillon');
    await phrase.press('Enter');
    await section.getByRole('status').getByText(t.added('Quillon')).waitFor();

    // The third from a file: the preview first (axe-clean while it is open), then the import.
    await section.getByLabel(t.importLabel).setInputFiles({ name: 'names.csv', mimeType: 'text/csv', buffer: Buffer.from('phrase,sounds like\nAshgrove,ash grove\nquillon\n') });
    const preview = section.getByRole('group', { name: t.previewTitle('names.csv') });
    await preview.getByText(t.previewSummary(1, 0, 1, 0)).waitFor();
    await axeInBothSchemes(page);
    await preview.getByRole('button', { name: t.importConfirm(1) }).click();
    await section.getByRole('status').getByText(t.imported(1, 0)).waitFor();

    const expected = [
      { phrase: 'Zebediah', soundsLike: ['zeb a dye a', 'zebedee'] },
      { phrase: 'Quillon', soundsLike: [] },
      { phrase: 'Ashgrove', soundsLike: ['ash grove'] },
    ];
    await page.reload();
    const list = page.getByRole('region', { name: t.title }).getByRole('list', { name: t.listLabel });
    await expect.poll(() => list.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Zebediah'),
      expect.stringContaining('Quillon'),
      expect.stringContaining('Ashgrove'),
    ]);
    await axeInBothSchemes(page);
    await page.evaluate(() => document.getElementById('vocabulary-title')?.scrollIntoView());
    await page.screenshot({ path: screenshotPath('account-vocabulary-1280') });

    // A phone's width: nothing scrolls sideways, and axe finds nothing.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), '/account scrolls sideways at 390 px').toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('account-vocabulary-390') });

    // Exported as CSV: the three, as a spreadsheet opens them.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.exportCsv }).click()]);
    expect(await downloadedText(download)).toBe('phrase,sounds like\r\nZebediah,zeb a dye a; zebedee\r\nQuillon,\r\nAshgrove,ash grove\r\n');

    // The desktop app, signed in to the same account through the handoff, reads the same list.
    const desktop = await desktopSession(journey.stack.api, who);
    expect(await pull(journey.stack.api, desktop.accessToken)).toEqual({ version: 3, entries: expected, editable: true });
  });
});
