import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installerFileName, PLACEHOLDER_FILE_NAME } from '../../../shared/product';
import { texts } from '../../../shared/texts';
import { DownloadButton } from './DownloadButton';
import { detectPlatform } from './platform';
import { downloadLatestInstaller, PLACEHOLDER_TEXT } from './download-installer';

const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const fetchLatestVersion = vi.hoisted(() => vi.fn());
vi.mock('../api/latest-version', () => ({ fetchLatestVersion }));

afterEach(() => vi.restoreAllMocks());

describe('Download Now platform icon', () => {
  it.each([
    [{ userAgent: MAC_UA, platform: 'MacIntel' }, 'mac'],
    [{ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)', platform: 'iPhone' }, 'mac'],
    [{ userAgent: WINDOWS_UA, platform: 'Win32', userAgentData: { platform: 'Windows' } }, 'windows'],
    [{ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', platform: 'Linux x86_64' }, 'windows'],
  ])('%j is %s', (nav, platform) => {
    expect(detectPlatform(nav)).toBe(platform);
  });

  it('shows the Apple icon to a Mac visitor and the Windows icon to others', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MAC_UA);
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    const { container, unmount } = render(<DownloadButton />);
    await waitFor(() => expect(container.querySelector('svg[data-icon="apple"]')).not.toBeNull());
    expect(container.querySelector('svg[data-icon="windows"]')).toBeNull();
    unmount();

    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WINDOWS_UA);
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Win32');
    const windows = render(<DownloadButton />);
    await waitFor(() => expect(windows.container.querySelector('svg[data-icon="windows"]')).not.toBeNull());
    expect(screen.getByRole('link', { name: 'Download Now' })).toHaveAttribute('href', '/download');
  });
});

describe('Download Now (spec §7, §8)', () => {
  function captureSaves() {
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    return saved;
  }

  it('saves the newest installer as Voxpen_{version}_x64-setup.exe from its download_url', async () => {
    const saved = captureSaves();
    const release = { version: '2.0.1', pub_date: '2026-11-01T00:00:00Z', download_url: 'https://downloads.voxpen.app/v2.0.1/setup.exe' };
    await expect(downloadLatestInstaller(async () => release)).resolves.toBe('installer');
    expect(saved).toEqual([{ href: release.download_url, download: installerFileName('2.0.1') }]);
  });

  it.each([
    ['the API fails', async () => Promise.reject(new Error('Network Error'))],
    ['the release has no download_url', async () => ({ version: '2.0.1', pub_date: '2026-11-01T00:00:00Z', download_url: '' })],
  ])('saves the placeholder text file when %s', async (_case, fetchLatest) => {
    const saved = captureSaves();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let blob: Blob | undefined;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:placeholder'), revokeObjectURL: () => {} }));
    await expect(downloadLatestInstaller(fetchLatest)).resolves.toBe('placeholder');
    expect(saved).toEqual([{ href: 'blob:placeholder', download: PLACEHOLDER_FILE_NAME }]);
    expect(await blob!.text()).toBe(PLACEHOLDER_TEXT);
    expect(errors).toHaveBeenCalled();
    if (_case.includes('download_url')) expect(String(errors.mock.calls[0]![1])).toContain(texts.download.noUrl);
    vi.unstubAllGlobals();
  });

  it('downloads on click instead of following the link once the page is interactive', async () => {
    fetchLatestVersion.mockResolvedValue({ version: '1.0.0', pub_date: '2026-01-01T00:00:00Z', download_url: 'https://example.com/a.exe' });
    const saved = captureSaves();
    render(<DownloadButton />);
    const link = screen.getByRole('link', { name: 'Download Now' });
    await userEvent.click(link);
    await waitFor(() => expect(saved).toEqual([{ href: 'https://example.com/a.exe', download: installerFileName('1.0.0') }]));
    expect(window.location.pathname).toBe('/');
  });
});
