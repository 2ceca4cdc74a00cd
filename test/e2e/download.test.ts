import { describe, expect, it } from 'vitest';
import { formatReleaseDate } from '../../shared/format';
import { installerFileName } from '../../shared/product';
import { texts } from '../../shared/texts';
import { SAMPLE_RELEASE } from '../../infra/local/seed';
import { screenshotPath } from '../support/browser';
import { useJourney } from '../support/journey';

const journey = useJourney();

describe('/download in Chromium', () => {
  it('shows the version line from the API and links the installer under its product file name', async () => {
    const page = await journey.browser.newPage();
    await page.goto(`${journey.stack.web}/download`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Download for Windows');
    const line = texts.download.versionLine(SAMPLE_RELEASE.version, formatReleaseDate(SAMPLE_RELEASE.pubDate));
    await page.getByText(line).waitFor();

    const link = page.getByRole('link', { name: 'Download Now (64-bit)' });
    expect(await link.getAttribute('download')).toBe(installerFileName(SAMPLE_RELEASE.version));
    expect(await link.getAttribute('href')).toBe(`${journey.stack.web}/downloads/${installerFileName(SAMPLE_RELEASE.version)}`);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Voxpen_1.4.2_x64-setup.exe');

    await page.screenshot({ path: screenshotPath('download-1280'), fullPage: true });
    await page.close();
  });

  it('says it is loading until the API answers, and names the system requirements', async () => {
    const page = await journey.browser.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/releases', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${journey.stack.web}/download`);
    await page.getByText(texts.download.loading).waitFor();
    await expect(page.getByText('4GB RAM minimum (8GB recommended)').isVisible()).resolves.toBe(true);
    release();
    await page.getByText(/^Version 1\.4\.2 \| Released/).waitFor();
    await page.close();
  });

  it('shows a 404 page for an unknown path, short enough that the footer sits at the bottom of the window', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${journey.stack.web}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    expect(Math.round(footer.y + footer.height)).toBe(1000);
    await page.close();
  });
});
