import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatReleaseDate } from '../../../shared/format';
import { installerFileName } from '../../../shared/product';
import { texts } from '../../../shared/texts';
import { platformTexts } from '../home/download-texts';
import { answerReleases, ARM_RELEASE, asBrowser, forgetClientHints, INTEL_RELEASE, releaseList, WINDOWS_RELEASE } from '../home/visitors.test-support';
import { DownloadPage } from './DownloadPage';

const WINDOWS_ONLY = releaseList({ 'windows-x86_64': [WINDOWS_RELEASE] });
const WITH_MAC = releaseList({ 'windows-x86_64': [WINDOWS_RELEASE], 'darwin-aarch64': [ARM_RELEASE], 'darwin-x86_64': [INTEL_RELEASE] });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  forgetClientHints();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/download', element: <DownloadPage /> }], { initialEntries: ['/download'] });
  return render(<RouterProvider router={router} />);
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const versionLine = (release: typeof WINDOWS_RELEASE) => texts.download.versionLine(release.version, formatReleaseDate(release.pub_date));
/** A link's text as read out: without the label laid out only to keep the button's width (aria-hidden). */
function shownText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((e) => e.remove());
  return copy.textContent ?? '';
}
const downloads = (container: HTMLElement) => [...container.querySelectorAll('a[download]')].map((a) => [shownText(a), a.getAttribute('href'), a.getAttribute('download')]);

describe('/download by platform', () => {
  it('offers a Windows visitor the Windows build, its version from the one release list read (no HTTP client)', async () => {
    const fetch = answerReleases(WITH_MAC);
    asBrowser('windows');
    const { container } = renderPage();
    await screen.findByText(versionLine(WINDOWS_RELEASE));
    expect(heading()).toBe('Download for Windows');
    expect(downloads(container)).toEqual([['Download Now (64-bit)', WINDOWS_RELEASE.download_url, installerFileName('1.4.2')]]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByText(platformTexts.macComingLead)).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link', { name: platformTexts.releaseNotesLink })).toHaveAttribute('href', '/download/releases');
    expect(screen.getByText('Windows 10 or 11 (64-bit)')).toBeInTheDocument();
  });

  it('tells a Mac visitor without a Mac build that it is coming, and offers the Windows build by name, with no Apple icon', async () => {
    answerReleases(WINDOWS_ONLY);
    asBrowser('mac-chrome-arm');
    const { container } = renderPage();
    await waitFor(() => expect(screen.getByText(platformTexts.macComingLead)).not.toHaveAttribute('aria-hidden'));
    expect(screen.getByText(/^Install the desktop app/)).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(downloads(container)).toEqual([[platformTexts.windowsButton, WINDOWS_RELEASE.download_url, installerFileName('1.4.2')]]));
    expect(heading()).toBe('Download for Windows');
    expect(screen.getByText(versionLine(WINDOWS_RELEASE))).toBeInTheDocument();
    expect(container.querySelector('svg[data-icon="apple"]')).toBeNull();
  });

  it.each([
    ['Apple silicon', 'mac-chrome-arm', 'Download Now (Apple silicon)', ARM_RELEASE, 'Voxpen_1.5.0_aarch64.dmg'],
    ['an Intel Mac', 'mac-chrome-intel', 'Download Now (Intel)', INTEL_RELEASE, 'Voxpen_1.5.0_x64.dmg'],
  ] as const)('offers %s (as Chrome tells) its own Mac build alone', async (_name, browser, label, release, file) => {
    answerReleases(WITH_MAC);
    asBrowser(browser);
    const { container } = renderPage();
    await waitFor(() => expect(heading()).toBe(platformTexts.headingMac));
    expect(downloads(container)).toEqual([[label, release.download_url, file]]);
    expect(screen.getByText(versionLine(release))).toBeInTheDocument();
    expect(screen.getByText(/^Install the desktop app/)).not.toHaveAttribute('aria-hidden');
    expect(container.querySelector('a[download$=".exe"]')).toBeNull();
    // The requirements are the Mac build's, not Windows'.
    expect(screen.getByText(platformTexts.macSystem)).toBeInTheDocument();
    expect(screen.queryByText('Windows 10 or 11 (64-bit)')).toBeNull();
  });

  it('offers both Mac builds when the browser does not tell the processor (Safari)', async () => {
    answerReleases(WITH_MAC);
    asBrowser('mac-safari');
    const { container } = renderPage();
    await waitFor(() => expect(heading()).toBe(platformTexts.headingMac));
    expect(downloads(container)).toEqual([
      ['Apple silicon', ARM_RELEASE.download_url, 'Voxpen_1.5.0_aarch64.dmg'],
      ['Intel', INTEL_RELEASE.download_url, 'Voxpen_1.5.0_x64.dmg'],
    ]);
    expect(container.querySelectorAll('a[download] svg[data-icon="apple"]')).toHaveLength(2);
  });

  it('offers the one Mac build published, labelled, when the browser does not tell', async () => {
    answerReleases(releaseList({ 'windows-x86_64': [WINDOWS_RELEASE], 'darwin-x86_64': [INTEL_RELEASE] }));
    asBrowser('mac-safari');
    const { container } = renderPage();
    await waitFor(() => expect(heading()).toBe(platformTexts.headingMac));
    expect(downloads(container)).toEqual([['Intel', INTEL_RELEASE.download_url, 'Voxpen_1.5.0_x64.dmg']]);
  });

  it('keeps the Windows page for a Mac visitor when the release list cannot be read, saying so apart from no release', async () => {
    answerReleases('fail');
    asBrowser('mac-safari');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderPage();
    await waitFor(() => expect(errors).toHaveBeenCalled());
    await screen.findByText(texts.download.unavailable);
    expect(screen.queryByText(texts.download.noUrl)).toBeNull();
    expect(heading()).toBe('Download for Windows');
    expect(downloads(container)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download Now (64-bit)' })).toBeDisabled();
    expect(container.querySelector('svg[data-icon="apple"]')).toBeNull();
  });
});

describe('/download when the version cannot be had', () => {
  const tryAgain = () => screen.queryByRole('button', { name: texts.download.retry });

  it.each([
    ['the API is down (503)', 'fail'],
    ['the API fails (500)', { status: 500 }],
    ['the network fails', 'offline'],
  ] as const)('says the version could not be loaded when %s, and Try again from the keyboard reads it again', async (_case, failure) => {
    const fetch = answerReleases(failure, WINDOWS_ONLY);
    asBrowser('windows');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderPage();
    await screen.findByText(texts.download.unavailable);
    expect(screen.queryByText(texts.download.noUrl)).toBeNull();
    expect(screen.getByRole('button', { name: 'Download Now (64-bit)' })).toBeDisabled();

    // Keyboard only: Tab reaches Try again (the disabled download button is skipped), Enter presses it.
    const user = userEvent.setup();
    await user.tab();
    while (document.activeElement !== tryAgain() && document.activeElement !== document.body) await user.tab();
    expect(document.activeElement).toBe(tryAgain());
    await user.keyboard('{Enter}');

    await screen.findByText(versionLine(WINDOWS_RELEASE));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(tryAgain()).toBeNull();
    expect(downloads(container)).toEqual([['Download Now (64-bit)', WINDOWS_RELEASE.download_url, installerFileName('1.4.2')]]);
    // Focus stayed on the line that answered, not lost to the page with the button.
    expect(document.activeElement).toBe(container.querySelector('#version-line'));
  });

  it('says the version could not be loaded again when the retry fails too, and keeps offering Try again', async () => {
    const fetch = answerReleases('offline');
    asBrowser('windows');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: texts.download.retry }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(texts.download.unavailable)).toBeInTheDocument();
    expect(tryAgain()).not.toBeNull();
  });

  it.each([
    ['no release is published', releaseList({})],
    ['only Mac builds are published', releaseList({ 'darwin-aarch64': [ARM_RELEASE] })],
    ['the release has no download URL', releaseList({ 'windows-x86_64': [{ ...WINDOWS_RELEASE, download_url: '' }] })],
  ])('says no download URL is available, with nothing to try again, when %s', async (_case, list) => {
    answerReleases(list);
    asBrowser('windows');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderPage();
    await screen.findByText(texts.download.noUrl);
    expect(screen.queryByText(texts.download.unavailable)).toBeNull();
    expect(tryAgain()).toBeNull();
    expect(downloads(container)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download Now (64-bit)' })).toBeDisabled();
    expect(errors).not.toHaveBeenCalled();
  });
});
