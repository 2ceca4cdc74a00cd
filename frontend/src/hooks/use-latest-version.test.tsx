import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLatestVersion } from './use-latest-version';

const fetchLatestVersion = vi.hoisted(() => vi.fn());
vi.mock('../api/latest-version', () => ({ fetchLatestVersion }));

const RELEASE = { version: '1.4.2', pub_date: '2026-11-02T09:00:00.000Z', download_url: 'https://downloads.voxpen.app/Voxpen_1.4.2_x64-setup.exe' };
/** A failure as axios gives it: with the API's status, or none when no answer came. */
const answered = (status?: number) => Object.assign(new Error('Request failed'), { isAxiosError: true, response: status ? { status } : undefined });

afterEach(() => {
  vi.restoreAllMocks();
  fetchLatestVersion.mockReset();
});

describe("the dashboard's latest version", () => {
  it('is none when the API answers 404 (nothing published), with nothing to retry', async () => {
    fetchLatestVersion.mockRejectedValue(answered(404));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useLatestVersion());
    await waitFor(() => expect(result.current).toEqual({ status: 'none' }));
  });

  it.each([
    ['503', answered(503)],
    ['500', answered(500)],
    ['no answer (network)', answered()],
  ])('failed on %s, and retry reads it again', async (_case, error) => {
    fetchLatestVersion.mockRejectedValueOnce(error).mockResolvedValueOnce(RELEASE);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useLatestVersion());
    await waitFor(() => expect(result.current.status).toBe('failed'));
    act(() => (result.current.status === 'failed' ? result.current.retry() : undefined));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', release: RELEASE }));
    expect(fetchLatestVersion).toHaveBeenCalledTimes(2);
  });
});
