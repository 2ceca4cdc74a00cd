import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installerFileName, PLACEHOLDER_FILE_NAME } from '../../../shared/product';
import { texts } from '../../../shared/texts';
import { DownloadButton, HomeDownload } from './DownloadButton';
import { platformTexts } from './download-texts';
import { offerFor } from './offer';
import { detectMacArch, detectPlatform } from './platform';
import { downloadLatestInstaller, NO_RELEASE_TEXT, PLACEHOLDER_TEXT } from './download-installer';
import { answerReleases, ARM_RELEASE, asBrowser, forgetClientHints, INTEL_RELEASE, MAC_SAFARI_UA, releaseList, WINDOWS_RELEASE, WINDOWS_UA } from './visitors.test-support';

const fetchLatestVersion = vi.hoisted(() => vi.fn());
vi.mock('../api/latest-version', () => ({ fetchLatestVersion }));

const WINDOWS_ONLY = releaseList({ 'windows-x86_64': [WINDOWS_RELEASE] });
const WITH_MAC = releaseList({ 'windows-x86_64': [WINDOWS_RELEASE], 'darwin-aarch64': [ARM_RELEASE], 'darwin-x86_64': [INTEL_RELEASE] });

beforeEach(() => {
  answerReleases(WINDOWS_ONLY);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  forgetClientHints();
  fetchLatestVersion.mockReset();
});

function captureSaves() {
  const saved: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  return saved;
}

const icon = (container: HTMLElement) => container.querySelector('a svg')?.getAttribute('data-icon');

describe('platform detection', () => {
  it.each([
    [{ userAgent: MAC_SAFARI_UA, platform: 'MacIntel' }, 'mac'],
    [{ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)', platform: 'iPhone' }, 'mac'],
    [{ userAgent: WINDOWS_UA, platform: 'Win32', userAgentData: { platform: 'Windows' } }, 'windows'],
    [{ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', platform: 'Linux x86_64' }, 'windows'],
  ])('%j is %s', (nav, platform) => {
    expect(detectPlatform(nav)).toBe(platform);
  });

  it.each([
    ['Chrome on Apple silicon', { getHighEntropyValues: async () => ({ architecture: 'arm' }) }, 'aarch64'],
    ['Chrome on an Intel Mac', { getHighEntropyValues: async () => ({ architecture: 'x86' }) }, 'x86_64'],
    ['a browser answering no architecture', { getHighEntropyValues: async () => ({}) }, undefined],
    ['a browser refusing the hint', { getHighEntropyValues: async () => Promise.reject(new Error('NotAllowedError')) }, undefined],
    ['Safari (no client hints)', undefined, undefined],
  ])('the Mac processor of %s is %s', async (_name, userAgentData, arch) => {
    await expect(detectMacArch({ userAgent: MAC_SAFARI_UA, userAgentData })).resolves.toBe(arch);
  });
});

describe('the build offered', () => {
  const both = { 'darwin-aarch64': ARM_RELEASE, 'darwin-x86_64': INTEL_RELEASE };
  it.each([
    ['a Windows visitor', { platform: 'windows' as const }, both, { kind: 'windows' }],
    ['any visitor before detection', undefined, both, { kind: 'windows' }],
    ['a Mac before the builds are known', { platform: 'mac' as const }, undefined, { kind: 'mac-unknown' }],
    ['a Mac with no Mac build', { platform: 'mac' as const, arch: 'aarch64' as const }, {}, { kind: 'windows-for-mac' }],
    ['Apple silicon', { platform: 'mac' as const, arch: 'aarch64' as const }, both, { kind: 'mac', platforms: ['darwin-aarch64', 'darwin-x86_64'], chosen: 'darwin-aarch64' }],
    ['an Intel Mac', { platform: 'mac' as const, arch: 'x86_64' as const }, both, { kind: 'mac', platforms: ['darwin-x86_64', 'darwin-aarch64'], chosen: 'darwin-x86_64' }],
    ['a Mac of unknown processor (both offered)', { platform: 'mac' as const }, both, { kind: 'mac', platforms: ['darwin-aarch64', 'darwin-x86_64'] }],
    ['an Intel Mac when only Apple silicon is built', { platform: 'mac' as const, arch: 'x86_64' as const }, { 'darwin-aarch64': ARM_RELEASE }, { kind: 'mac', platforms: ['darwin-aarch64'] }],
  ])('%s', (_name, visitor, builds, offer) => {
    expect(offerFor(visitor, builds)).toEqual(offer);
  });
});

describe('Download Now platform icon', () => {
  it('shows the Apple icon to a Mac visitor when a Mac build is published, and the Windows icon to others', async () => {
    answerReleases(WITH_MAC);
    asBrowser('mac-safari');
    const { container, unmount } = render(<HomeDownload />);
    await waitFor(() => expect(container.querySelector('svg[data-icon="apple"]')).not.toBeNull());
    expect(container.querySelector('svg[data-icon="windows"]')).toBeNull();
    expect(screen.getByText(texts.home.available)).toBeInTheDocument();
    unmount();

    vi.restoreAllMocks();
    answerReleases(WITH_MAC);
    asBrowser('windows');
    const windows = render(<HomeDownload />);
    await waitFor(() => expect(windows.container.querySelector('svg[data-icon="windows"]')).not.toBeNull());
    expect(screen.getByRole('link', { name: 'Download Now' })).toHaveAttribute('href', '/download');
    expect(screen.getByText(texts.home.available)).toBeInTheDocument();
  });

  it('never shows the Apple icon to a Mac visitor without a Mac build: names the Windows build and says Mac OS is coming', async () => {
    asBrowser('mac-chrome-arm');
    fetchLatestVersion.mockResolvedValue(WINDOWS_RELEASE);
    const saved = captureSaves();
    const { container } = render(<HomeDownload />);
    const link = await screen.findByRole('link', { name: platformTexts.downloadForWindows });
    expect(icon(container)).toBe('windows');
    expect(screen.getByText(platformTexts.availableWindowsOnly)).toBeInTheDocument();
    expect(screen.queryByText(texts.home.available)).toBeNull();
    await userEvent.click(link);
    await waitFor(() => expect(saved).toEqual([{ href: WINDOWS_RELEASE.download_url, download: installerFileName('1.4.2') }]));
    expect(fetchLatestVersion).toHaveBeenCalledWith('windows-x86_64');
  });

  it('says Mac OS is coming to a Windows visitor too when no Mac build is published', async () => {
    asBrowser('windows');
    render(<HomeDownload />);
    await screen.findByText(platformTexts.availableWindowsOnly);
    expect(screen.getByRole('link', { name: 'Download Now' })).toBeInTheDocument();
  });

  it.each([
    ['mac-chrome-arm', 'darwin-aarch64', ARM_RELEASE, 'Voxpen_1.5.0_aarch64.dmg'],
    ['mac-chrome-intel', 'darwin-x86_64', INTEL_RELEASE, 'Voxpen_1.5.0_x64.dmg'],
  ] as const)('downloads the Mac build of the processor Chrome tells (%s) under its Tauri file name', async (browser, platform, release, file) => {
    answerReleases(WITH_MAC);
    asBrowser(browser);
    fetchLatestVersion.mockResolvedValue(release);
    const saved = captureSaves();
    const { container } = render(<HomeDownload />);
    await waitFor(() => expect(icon(container)).toBe('apple'));
    await userEvent.click(screen.getByRole('link', { name: 'Download Now' }));
    await waitFor(() => expect(saved).toEqual([{ href: release.download_url, download: file }]));
    expect(fetchLatestVersion).toHaveBeenCalledWith(platform);
  });

  it.each([
    ['Safari, which does not tell the processor (/download offers both builds)', 'mac-safari', WITH_MAC, 'apple'],
    ['a refused processor hint', 'mac-chrome-refuses', WITH_MAC, 'apple'],
    ['a failed read of the published builds', 'mac-safari', 'fail', 'windows'],
  ] as const)('on a Mac, follows the link to /download with %s', async (_name, browser, list, expectedIcon) => {
    answerReleases(list);
    asBrowser(browser);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<HomeDownload />);
    const link = screen.getByRole('link', { name: 'Download Now' });
    await waitFor(() => expect(link.getAttribute('data-offer')).toBe(list === 'fail' ? 'mac-unknown' : 'mac'));
    expect(icon(container)).toBe(expectedIcon);
    // Not prevented: the browser follows href="/download".
    expect(fireEvent.click(link)).toBe(true);
    expect(link).toHaveAttribute('href', '/download');
    expect(fetchLatestVersion).not.toHaveBeenCalled();
    // The spec's line stays when the builds could not be read.
    if (list === 'fail') expect(screen.getByText(texts.home.available)).toBeInTheDocument();
    errors.mockRestore();
  });

  it('keeps one width whichever label shows: both labels are always laid out, the hidden one out of the name', () => {
    const { container, rerender } = render(<DownloadButton offer={{ kind: 'windows' }} />);
    const labels = () => [...container.querySelectorAll('.label-stack > span')].map((s) => [s.textContent, s.getAttribute('aria-hidden')]);
    expect(labels()).toEqual([
      ['Download Now', null],
      [platformTexts.downloadForWindows, 'true'],
    ]);
    rerender(<DownloadButton offer={{ kind: 'windows-for-mac' }} />);
    expect(labels()).toEqual([
      ['Download Now', 'true'],
      [platformTexts.downloadForWindows, null],
    ]);
  });
});

describe('Download Now (spec §7, §8)', () => {
  it('saves the newest installer as Voxpen_{version}_x64-setup.exe from its download_url', async () => {
    const saved = captureSaves();
    const release = { version: '2.0.1', pub_date: '2026-11-01T00:00:00Z', download_url: 'https://downloads.voxpen.app/v2.0.1/setup.exe' };
    await expect(downloadLatestInstaller(async () => release)).resolves.toBe('installer');
    expect(saved).toEqual([{ href: release.download_url, download: installerFileName('2.0.1') }]);
  });

  const axiosFailure = (status?: number) => Object.assign(new Error('Request failed'), { isAxiosError: true, response: status ? { status } : undefined });
  it.each([
    ['the API cannot be reached', async () => Promise.reject(axiosFailure()), PLACEHOLDER_TEXT],
    ['the API is down (503)', async () => Promise.reject(axiosFailure(503)), PLACEHOLDER_TEXT],
    ['nothing is published (404)', async () => Promise.reject(axiosFailure(404)), NO_RELEASE_TEXT],
    ['the release has no download_url', async () => ({ version: '2.0.1', pub_date: '2026-11-01T00:00:00Z', download_url: '' }), NO_RELEASE_TEXT],
  ])('saves the placeholder text file when %s, saying whether trying again may help', async (_case, fetchLatest, text) => {
    const saved = captureSaves();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let blob: Blob | undefined;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:placeholder'), revokeObjectURL: () => {} }));
    await expect(downloadLatestInstaller(fetchLatest)).resolves.toBe('placeholder');
    expect(saved).toEqual([{ href: 'blob:placeholder', download: PLACEHOLDER_FILE_NAME }]);
    expect(await blob!.text()).toBe(text);
    expect(errors).toHaveBeenCalled();
    if (_case.includes('download_url')) expect(String(errors.mock.calls[0]![1])).toContain(texts.download.noUrl);
    vi.unstubAllGlobals();
  });

  it('downloads on click instead of following the link once the page is interactive', async () => {
    fetchLatestVersion.mockResolvedValue({ version: '1.0.0', pub_date: '2026-01-01T00:00:00Z', download_url: 'https://example.com/a.exe' });
    const saved = captureSaves();
    render(<HomeDownload />);
    const link = screen.getByRole('link', { name: 'Download Now' });
    await userEvent.click(link);
    await waitFor(() => expect(saved).toEqual([{ href: 'https://example.com/a.exe', download: installerFileName('1.0.0') }]));
    expect(window.location.pathname).toBe('/');
  });
});
