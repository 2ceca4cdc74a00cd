/**
 * Download by platform in Chromium, on the built site as the CDN serves it (prerendered pages, then hydration):
 * home and /download as Mac visitors, with and without a published Mac build, and /download/releases.
 * Safari is Chromium with a Safari user agent and no client hints (Safari has none); Chrome on a Mac
 * gets its user agent and client hints (platform macOS, architecture arm or x86) through the DevTools
 * protocol. Each page's layout shift after load is measured: detection after hydration must move nothing.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishRelease } from '../../functions/releases/publish-release';
import { SAMPLE_RELEASE } from '../../infra/local/seed';
import { formatReleaseDate } from '../../shared/format';
import { installerFileName } from '../../shared/product';
import { texts } from '../../shared/texts';
import { platformTexts } from '../../frontend/src/home/download-texts';
import { releasesTexts } from '../../frontend/src/pages/releases-texts';
import { screenshotPath } from '../support/browser';
import { useBuiltSite } from '../support/built-site';

const built = useBuiltSite();

const MAC_SAFARI_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const MAC_CHROME_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const MAC_RELEASE = { version: '1.5.0', pubDate: '2026-12-01T09:00:00.000Z', notes: 'The first Mac release.\nSigned and notarized.' };

const OLDER_WINDOWS = { version: '1.3.0', pubDate: '2026-09-15T09:00:00.000Z', notes: 'Dictation in more apps.' };

type Visitor = 'mac-safari' | 'mac-chrome-arm' | 'mac-chrome-intel';



/** Adds up every layout shift not caused by input, from the first paint on. */
function countLayoutShifts() {
  type Shift = { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
  // No named inner function: the transform would wrap it in a naming helper the page does not have.
  const w = window as unknown as { __shift: number; __shifts: string[]; __moved: string[]; __count: (entries: Shift[]) => void; __takeShifts: () => void };
  w.__shift = 0;
  w.__shifts = [];
  w.__moved = [];
  w.__count = (entries) => {
    for (const entry of entries) {
      if (entry.hadRecentInput) continue;
      w.__shift += entry.value;
      for (const s of entry.sources) {
        const node = s.node instanceof Element ? s.node : s.node?.parentElement;
        const [a, b] = [s.previousRect, s.currentRect];
        if (a.x !== b.x || a.y !== b.y || a.width !== b.width || a.height !== b.height) w.__moved.push(node?.id || `${node?.tagName}.${node?.className}`);
        w.__shifts.push(`${node?.tagName}.${node?.className} "${node?.textContent?.slice(0, 30)}" ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`);
      }
    }
  };
  const observer = new PerformanceObserver((list) => w.__count(list.getEntries() as unknown as Shift[]));
  observer.observe({ type: 'layout-shift', buffered: true });
  // Entries reach the observer in a task after they happen: a read takes the ones still queued.
  w.__takeShifts = () => w.__count(observer.takeRecords() as unknown as Shift[]);
}

async function visit(visitor: Visitor, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const safari = visitor === 'mac-safari';
  // Reduced motion: the home headline does not type, so any shift measured is the download's.
  const context = await built.browser.newContext({ userAgent: safari ? MAC_SAFARI_UA : MAC_CHROME_UA, viewport: { width, height: 800 }, reducedMotion: 'reduce' });
  if (safari) await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined }));
  await context.addInitScript(countLayoutShifts);
  // The releases point at the web origin's /downloads/, which the static build does not serve.
  await context.route('**/downloads/**', (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: 'installer' }));
  const page = await context.newPage();
  if (!safari) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setUserAgentOverride', {
      userAgent: MAC_CHROME_UA,
      platform: 'MacIntel',
      userAgentMetadata: {
        brands: [{ brand: 'Google Chrome', version: '131' }],
        fullVersion: '131.0.0.0',
        platform: 'macOS',
        platformVersion: '14.5.0',
        architecture: visitor === 'mac-chrome-arm' ? 'arm' : 'x86',
        model: '',
        mobile: false,
      },
    });
  }
  return { context, page };
}

/**
 * The layout shift after load, naming what moved when anything did: read once the page's fonts are
 * in and two frames are laid out, with every shift queued until then counted, so the state measured
 * is the settled one whatever the timing.
 */
async function layoutShift(page: Page): Promise<number> {
  const { shift, shifts } = await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const w = window as unknown as { __shift: number; __shifts: string[]; __takeShifts: () => void };
    w.__takeShifts();
    return { shift: w.__shift, shifts: w.__shifts };
  });
  if (shift) console.log(`layout shift ${shift} on ${page.url()}:\n${shifts.join('\n')}`);
  return shift;
}
const offer = (page: Page) => page.locator('.hero-actions a.btn-primary').getAttribute('data-offer');
const icons = (page: Page, selector: string) => page.locator(`${selector} svg`).evaluateAll((svgs) => svgs.map((s) => s.getAttribute('data-icon')));

/**
 * The elements whose box moved after load. On /download the score is not 0 even for a Windows visitor:
 * replacing a centred line's text ('Loading version info...' by 'Version … | Released …', and for a
 * Mac 'Download for Windows' by 'Download for Mac') is reported as a shift of that text within an
 * unmoved box. Nothing's box may move.
 */
async function movedBoxes(page: Page): Promise<string[]> {
  await layoutShift(page);
  return page.evaluate(() => (window as unknown as { __moved: string[] }).__moved);
}

async function settle(page: Page, path: string): Promise<void> {
  await page.goto(built.url(path), { waitUntil: 'networkidle' });
  await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true);
}

describe('Mac visitors without a Mac build', () => {
  it.each([
    ['mac-safari', 1280],
    ['mac-chrome-arm', 390],
  ] as const)('home (%s, %i px): says Mac OS is coming, names the Windows build, never an Apple icon, moves nothing', async (visitor, width) => {
    const { context, page } = await visit(visitor, width);
    await settle(page, '/');
    await expect.poll(() => offer(page)).toBe('windows-for-mac');
    await page.getByText(platformTexts.availableWindowsOnly).waitFor();
    expect(await page.getByText(texts.home.available).count()).toBe(0);
    const button = page.getByRole('link', { name: platformTexts.downloadForWindows });
    expect(await icons(page, '.hero-actions a.btn-primary')).toEqual(['windows']);
    expect(await page.locator('svg[data-icon="apple"]').count()).toBe(0);
    expect(await layoutShift(page)).toBe(0);
    await page.screenshot({ path: screenshotPath(`home-mac-none-${width}`) });

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(installerFileName(SAMPLE_RELEASE.version));
    await context.close();
  });

  it.each([
    ['mac-safari', 1280],
    ['mac-chrome-intel', 390],
  ] as const)('/download (%s, %i px): the Mac version is coming, the Windows build by name', async (visitor, width) => {
    const { context, page } = await visit(visitor, width);
    await settle(page, '/download');
    // Visible (the Windows lead keeps its room, hidden).
    await page.getByText(platformTexts.macComingLead).waitFor();
    await page.getByText(/^Install the desktop app/).waitFor({ state: 'hidden' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Download for Windows');
    const link = page.getByRole('link', { name: platformTexts.windowsButton });
    expect(await link.getAttribute('download')).toBe(installerFileName(SAMPLE_RELEASE.version));
    await page.getByText(texts.download.versionLine(SAMPLE_RELEASE.version, formatReleaseDate(SAMPLE_RELEASE.pubDate))).waitFor();
    expect(await page.locator('svg[data-icon="apple"]').count()).toBe(0);
    expect(await movedBoxes(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`download-mac-none-${width}`), fullPage: true });
    await context.close();
  });
});

describe('Mac visitors with Mac builds', () => {
  beforeAll(async () => {
    for (const [platform, file] of [
      ['darwin-aarch64', 'Voxpen_1.5.0_aarch64.dmg'],
      ['darwin-x86_64', 'Voxpen_1.5.0_x64.dmg'],
    ] as const) {
      await publishRelease(built.stack.db, { platform, ...MAC_RELEASE, downloadUrl: `${built.web.url}/downloads/${file}`, updateUrl: `${built.web.url}/downloads/Voxpen_${platform}.app.tar.gz` });
    }
    // An older Windows release, so the notes page has versions to order.
    await publishRelease(built.stack.db, { platform: 'windows-x86_64', ...OLDER_WINDOWS, downloadUrl: `${built.web.url}/downloads/${installerFileName(OLDER_WINDOWS.version)}` });
  });

  it('home in Safari (which does not tell the processor): the Apple icon leads to /download, which offers both builds', async () => {
    const { context, page } = await visit('mac-safari', 1280);
    await settle(page, '/');
    await expect.poll(() => offer(page)).toBe('mac');
    expect(await icons(page, '.hero-actions a.btn-primary')).toEqual(['apple']);
    await page.getByText(texts.home.available).waitFor();
    expect(await layoutShift(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('home-mac-1280') });

    await page.getByRole('link', { name: 'Download Now' }).click();
    await page.getByRole('heading', { level: 1, name: platformTexts.headingMac }).waitFor();
    const arm = page.getByRole('link', { name: 'Apple silicon' });
    const intel = page.getByRole('link', { name: 'Intel' });
    expect(await arm.getAttribute('download')).toBe('Voxpen_1.5.0_aarch64.dmg');
    expect(await intel.getAttribute('download')).toBe('Voxpen_1.5.0_x64.dmg');
    await page.getByText(texts.download.versionLine('1.5.0', formatReleaseDate(MAC_RELEASE.pubDate))).waitFor();
    expect(await page.locator('a[download$=".exe"]').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('download-mac-1280'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), intel.click()]);
    expect(download.suggestedFilename()).toBe('Voxpen_1.5.0_x64.dmg');
    await context.close();
  });

  it.each([
    ['mac-chrome-arm', 'Voxpen_1.5.0_aarch64.dmg'],
    ['mac-chrome-intel', 'Voxpen_1.5.0_x64.dmg'],
  ] as const)('home in Chrome (%s): Download Now saves its own Mac build, nothing moves', async (visitor, file) => {
    const { context, page } = await visit(visitor, 390);
    await settle(page, '/');
    await expect.poll(() => offer(page)).toBe('mac');
    expect(await icons(page, '.hero-actions a.btn-primary')).toEqual(['apple']);
    expect(await layoutShift(page)).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Now' }).click()]);
    expect(download.suggestedFilename()).toBe(file);
    expect(page.url()).toBe(built.url('/'));
    await context.close();
  });

  it.each([
    ['mac-chrome-arm', 'Download Now (Apple silicon)', 'Voxpen_1.5.0_aarch64.dmg', 390],
    ['mac-chrome-intel', 'Download Now (Intel)', 'Voxpen_1.5.0_x64.dmg', 1280],
    ['mac-safari', 'Apple silicon', 'Voxpen_1.5.0_aarch64.dmg', 390],
  ] as const)('/download in %s offers %s (%s), moving no box (%i px)', async (visitor, label, file, width) => {
    const { context, page } = await visit(visitor, width);
    await settle(page, '/download');
    await page.getByRole('heading', { level: 1, name: platformTexts.headingMac }).waitFor();
    const link = page.getByRole('link', { name: label, exact: true });
    expect(await link.getAttribute('download')).toBe(file);
    expect(await movedBoxes(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`download-${visitor}-${width}`), fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(file);
    await context.close();
  });

  it("/download/releases lists each platform's versions with dates and notes, linked from /download", async () => {
    for (const width of [1280, 390]) {
      const context = await built.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await settle(page, '/download');
      await page.getByRole('link', { name: platformTexts.releaseNotesLink }).click();
      await page.getByRole('heading', { level: 1, name: releasesTexts.heading }).waitFor();
      expect(page.url()).toBe(built.url('/download/releases'));
      const windows = page.getByRole('region', { name: 'Windows (64-bit)' });
      await windows.waitFor();
      // In the API's order (shared/platforms.ts PLATFORMS): Windows, then Mac x86_64 and aarch64.
      expect(await page.locator('.releases h2').allTextContents()).toEqual(['Windows (64-bit)', 'Mac with Intel processor', 'Mac with Apple silicon']);
      expect(await windows.getByRole('heading', { level: 3 }).allTextContents()).toEqual([`Version ${SAMPLE_RELEASE.version}`, `Version ${OLDER_WINDOWS.version}`]);
      await windows.getByText(`Released ${formatReleaseDate(SAMPLE_RELEASE.pubDate)}`).waitFor();
      await windows.getByText(`Released ${formatReleaseDate(OLDER_WINDOWS.pubDate)}`).waitFor();
      await windows.getByText(OLDER_WINDOWS.notes).waitFor();
      await windows.getByText(SAMPLE_RELEASE.notes).waitFor();
      const mac = page.getByRole('region', { name: 'Mac with Apple silicon' });
      expect(await mac.locator('.release-notes').innerText()).toBe(MAC_RELEASE.notes);
      expect(await mac.getByRole('link', { name: 'Download 1.5.0' }).getAttribute('download')).toBe('Voxpen_1.5.0_aarch64.dmg');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath(`releases-${width}`), fullPage: true });
      await context.close();
    }
  });
});
