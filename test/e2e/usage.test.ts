/**
 * The dashboard's usage in Chromium against the whole local stack: a new Free account
 * reports dictation through the API as the desktop app does (a bearer access token, a fresh
 * Idempotency-Key per report), and on reload the Free card's meter and the 12-month chart show it:
 * 84% with its warning, then the whole allowance. Screenshots at 1280 and 390 px; axe finds nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { UsageSummary } from '../../shared/api-types';
import { FREE_WORDS_PER_MONTH } from '../../shared/plans';
import { billingUiTexts } from '../../shared/texts/plans-ui';
import { usageTexts as t } from '../../frontend/src/pages/dashboard/usage-texts';
import { axeFindings, screenshotPath } from '../support/browser';
import { checkedAtBothWidths } from '../support/accessibility';
import { pkcePair } from '../../infra/scripts/desktop-client';
import { signUpInBrowser, useJourney } from '../support/journey';

const journey = useJourney();
const PASSWORD = 'engine42';

const signUp = (name: string, email: string): Promise<Page> => signUpInBrowser(journey, { name, email, password: PASSWORD });

/** A report as the desktop app sends it: the session's access token as a bearer, and a key of its own. */
async function report(page: Page, words: number, seconds: number): Promise<UsageSummary> {
  const token = (await page.context().cookies(journey.stack.api)).find((c) => c.name === 'sAccessToken')?.value;
  expect(token, 'the session has an access token').toBeTruthy();
  const res = await fetch(`${journey.stack.api}/api/usage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ words, seconds }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as UsageSummary;
}

/** What the page's layout shifts so far moved (not after input), as 'TAG.class' of each element. */
function shiftedElements(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
            if (!e.hadRecentInput) moved.push(...e.sources.map((s) => `${s.node?.nodeName}.${s.node instanceof Element ? s.node.className : ''}`));
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Buffered entries come in the observer's first call; none may come at all.
        setTimeout(() => resolve(moved), 300);
      }),
  );
}

const thisMonthName = () => new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('usage on the dashboard in Chromium', () => {
  it("shows reported words on the Free card's meter and in the chart, warns at 80% and at the limit, and reads well at 1280 and 390 px", async () => {
    const page = await signUp('Ada Lovelace', `usage-${randomUUID().slice(0, 8)}@example.com`);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const meter = page.getByRole('meter', { name: t.meterLabel });
    const chart = page.getByRole('region', { name: t.chartTitle });
    const table = chart.getByRole('table', { name: t.caption });
    const rows = table.getByRole('row');
    const currentRow = rows.filter({ hasText: `${thisMonthName()} (${t.thisMonth})` });

    // A new account: nothing used, and in the chart's place what it will show (no empty months).
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('0');
    expect(await meter.getAttribute('aria-valuemax')).toBe(String(FREE_WORDS_PER_MONTH));
    await page.getByText(`${FREE_WORDS_PER_MONTH} words left`, { exact: false }).waitFor();
    await chart.getByText(billingUiTexts.firstRun.chartFirstRun).waitFor();
    expect(await table.count()).toBe(0);


    // The desktop app reports 420 words in two reports; on reload the card warns at 84%.
    expect(await report(page, 300, 90)).toMatchObject({ wordsTranscribed: 300, wordsRemaining: 200 });
    expect(await report(page, 120, 60)).toMatchObject({ wordsTranscribed: 420, recordingTime: 150, wordsRemaining: 80 });
    await page.reload();
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('420');
    expect(await meter.getAttribute('aria-valuetext')).toBe(t.used(420, FREE_WORDS_PER_MONTH));
    await page.getByText(t.left(80), { exact: false }).waitFor();
    await page.getByText(t.nearLimit(84)).waitFor();
    await expect.poll(() => currentRow.getByRole('cell').allTextContents()).toEqual(['420', '3 min']);
    expect(await rows.count()).toBe(13);
    await chart.getByText('420 this month').waitFor();
    // Its frame was there while loading: neither the chart nor the cards above it moved when the figures came.
    expect((await shiftedElements(page)).filter((moved) => /usage-history|metric/.test(moved))).toEqual([]);

    // Its look, at a desktop's width and a phone's: nothing for axe, nothing scrolls sideways.
    expect(await axeFindings(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('dashboard-usage-1280'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await meter.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), '/dashboard scrolls sideways at 390 px').toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('dashboard-usage-390'), fullPage: true });
    await chart.screenshot({ path: screenshotPath('dashboard-usage-chart-390') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The rest of the month's words: the meter is full and says when they come back.
    expect(await report(page, 80, 30)).toMatchObject({ wordsTranscribed: 500, wordsRemaining: 0 });
    await page.reload();
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('500');
    await page.getByText(/^You have used all of this month's free words\. They come back \w+ 1, 00:00 UTC( \([^)]+ your time\))?, or upgrade to Pro/).waitFor();
    await expect.poll(() => currentRow.getByRole('cell').allTextContents()).toEqual(['500', '3 min']);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('dashboard-usage-full-1280'), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("names the month's reset in the reader's own time, and dates the account by it, in Los Angeles and in Kiritimati", async () => {
    const page = await signUpInBrowser(journey, { name: 'Ada West', email: `west-${randomUUID().slice(0, 8)}@example.com`, password: PASSWORD }, { timezoneId: 'America/Los_Angeles' });
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const monthName = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
    const lastDay = new Date(next.getTime() - 86_400_000);
    // 00:00 UTC on the 1st is the afternoon before in Los Angeles (4 PM in winter, 5 PM in summer time).
    await page.getByText(new RegExp(`Resets ${monthName(next)} 1, 00:00 UTC \\(${monthName(lastDay)} ${lastDay.getUTCDate()}, [45]:00 PM your time\\)`)).waitFor();

    const state = await page.context().storageState();
    await page.context().close();

    // The same account read at UTC+14, where the 1st has already begun.
    const east = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Pacific/Kiritimati', storageState: state })).newPage();
    await east.goto(`${journey.stack.web}/dashboard`);
    await east.getByText(`Resets ${monthName(next)} 1, 00:00 UTC (${monthName(next)} 1, 2:00 PM your time)`, { exact: false }).waitFor();
    const createdAt = (await (await east.request.get(`${journey.stack.api}/api/account`)).json()) as { createdAt: string };
    const kiritimatiDate = new Date(Date.parse(createdAt.createdAt) + 14 * 3_600_000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    await east.goto(`${journey.stack.web}/account`);
    await east.getByRole('definition').filter({ hasText: kiritimatiDate }).waitFor();
    await east.context().close();
  });

  it("leads a new account with a checklist above the metrics, ticked as the desktop hand-off and the first report happen, gone when done; on a phone the plan and its meter still come before the chart", async () => {
    const page = await signUp('Ada First', `first-${randomUUID().slice(0, 8)}@example.com`);
    const checklist = page.getByRole('region', { name: 'Get started with Voxpen' });
    const marks = () => checklist.getByRole('listitem').evaluateAll((items) => items.map((item) => item.querySelector('strong')!.parentElement!.textContent));
    await checklist.getByRole('link', { name: /^Download for (Windows|Mac)$/ }).waitFor();
    expect(await marks()).toEqual(['Install Voxpen (To do)', 'Sign in from the app (To do)', 'Dictate your first words (To do)']);
    const top = async (name: string, role: 'meter' | 'region') => (await page.getByRole(role, { name }).boundingBox())!.y;
    expect(await top('Get started with Voxpen', 'region')).toBeLessThan(await top('Usage', 'region'));
    expect(await page.getByText('+0 this month').count()).toBe(0);
    await checkedAtBothWidths(page, 'dashboard-first-run');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await top(t.meterLabel, 'meter')).toBeLessThan(await top(t.chartTitle, 'region'));
    // The plan card holds its content, not a reserved row's empty space under it.
    const emptyUnder = await page.getByRole('article', { name: 'Subscription' }).evaluate((card) => {
      const last = card.lastElementChild!.getBoundingClientRect().bottom;
      return card.getBoundingClientRect().bottom - parseFloat(getComputedStyle(card).paddingBottom) - last;
    });
    expect(emptyUnder).toBeLessThan(8);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The desktop hand-off, as /launch's button and the app make it: the browser's consent, the app's exchange.
    const { verifier, challenge } = pkcePair();
    const consent = await page.request.post(`${journey.stack.api}/api/auth/desktop/consent`, {
      headers: { origin: journey.stack.web, rid: 'anti-csrf' },
      data: { redirect_url: 'http://127.0.0.1:53123/cb', code_challenge: challenge, code_challenge_method: 'S256' },
    });
    expect(consent.status(), await consent.text()).toBe(200);
    const code = new URL(((await consent.json()) as { redirectUrl: string }).redirectUrl).searchParams.get('code');
    const exchanged = await fetch(`${journey.stack.api}/api/auth/desktop/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, code_verifier: verifier }) });
    expect(exchanged.status).toBe(200);
    await page.reload();
    await expect.poll(marks).toEqual(['Install Voxpen (Done)', 'Sign in from the app (Done)', 'Dictate your first words (To do)']);
    await checkedAtBothWidths(page, 'dashboard-first-run-signed-in');

    // The first report: on this load, every step ticked (its room was kept: nothing moves); on the next, gone.
    await report(page, 120, 60);
    await page.reload();
    const allSet = page.getByRole('region', { name: billingUiTexts.firstRun.allSet });
    await expect
      .poll(() => allSet.getByRole('listitem').evaluateAll((items) => items.map((item) => item.querySelector('strong')!.parentElement!.textContent)))
      .toEqual(['Install Voxpen (Done)', 'Sign in from the app (Done)', 'Dictate your first words (Done)']);
    await page.screenshot({ path: screenshotPath('dashboard-first-run-all-set-1280'), fullPage: true });
    expect((await shiftedElements(page)).filter((moved) => /usage-history|metric|first-run/.test(moved))).toEqual([]);
    await page.reload();
    await page.getByRole('region', { name: t.chartTitle }).getByRole('table', { name: t.caption }).waitFor({ state: 'attached' });
    expect(await checklist.count()).toBe(0);
    expect(await allSet.count()).toBe(0);
    expect((await shiftedElements(page)).filter((moved) => /usage-history|metric/.test(moved))).toEqual([]);
    await page.screenshot({ path: screenshotPath('dashboard-first-run-done-1280'), fullPage: true });
    await page.context().close();
  });
});
