/** Test helpers: browsers as the platform detection sees them, and GET /api/releases answers. */
import { vi } from 'vitest';
import type { LatestVersion, ReleaseList } from '../../../shared/api-types';
import type { Platform } from '../../../shared/platforms';

export const MAC_SAFARI_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
export const MAC_CHROME_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Makes `navigator` look like a browser: Safari (no client hints), Chrome on a Mac ('arm', 'x86', or a
 * hint it refuses), or Chrome on Windows. Undo with `vi.restoreAllMocks()` and `forgetClientHints()`.
 */
export function asBrowser(browser: 'mac-safari' | 'mac-chrome-arm' | 'mac-chrome-intel' | 'mac-chrome-refuses' | 'windows'): void {
  const mac = browser !== 'windows';
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(browser === 'windows' ? WINDOWS_UA : browser === 'mac-safari' ? MAC_SAFARI_UA : MAC_CHROME_UA);
  vi.spyOn(navigator, 'platform', 'get').mockReturnValue(mac ? 'MacIntel' : 'Win32');
  if (browser === 'mac-safari') return forgetClientHints();
  const architecture = browser === 'mac-chrome-arm' ? 'arm' : 'x86';
  Object.defineProperty(navigator, 'userAgentData', {
    configurable: true,
    value: {
      platform: mac ? 'macOS' : 'Windows',
      getHighEntropyValues: async () => {
        if (browser === 'mac-chrome-refuses') throw new Error('NotAllowedError');
        return { architecture };
      },
    },
  });
}

export function forgetClientHints(): void {
  Reflect.deleteProperty(navigator, 'userAgentData');
}

export const WINDOWS_RELEASE: LatestVersion = { version: '1.4.2', pub_date: '2026-11-02T09:00:00.000Z', download_url: 'https://downloads.voxpen.app/Voxpen_1.4.2_x64-setup.exe' };
export const ARM_RELEASE: LatestVersion = { version: '1.5.0', pub_date: '2026-12-01T09:00:00.000Z', download_url: 'https://downloads.voxpen.app/Voxpen_1.5.0_aarch64.dmg' };
export const INTEL_RELEASE: LatestVersion = { version: '1.5.0', pub_date: '2026-12-01T09:00:00.000Z', download_url: 'https://downloads.voxpen.app/Voxpen_1.5.0_x64.dmg' };

export function releaseList(entries: Partial<Record<Platform, LatestVersion[]>>): ReleaseList {
  return { platforms: Object.entries(entries).map(([platform, releases]) => ({ platform: platform as Platform, releases: releases! })) };
}

/** A GET /api/releases answer: the list, the API down ('fail': 503), another status, or no answer at all ('offline'). */
export type ReleasesAnswer = ReleaseList | 'fail' | 'offline' | { status: number };

/**
 * Stubs `fetch` to answer GET /api/releases with `answers` in turn (the last one again once they run
 * out); returns the stub to count calls.
 */
export function answerReleases(...answers: [ReleasesAnswer, ...ReleasesAnswer[]]) {
  let call = 0;
  const fetch = vi.fn(async (url: string) => {
    if (!String(url).endsWith("/api/releases")) throw new Error(`unexpected fetch ${url}`);
    const answer = answers[Math.min(call++, answers.length - 1)]!;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    if (answer === 'fail') return new Response('{"message":"down"}', { status: 503, headers: { 'Retry-After': '5' } });
    if ('status' in answer) return new Response('{"message":"Internal error"}', { status: answer.status });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
