import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import { refreshSession, withSessionRefresh } from './session-refresh';

vi.mock('./client', () => ({ api: { post: vi.fn() } }));

const config = { headers: new AxiosHeaders() };
const answered = (status: number) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, { status, statusText: '', data: {}, headers: {}, config } as AxiosResponse);

afterEach(() => vi.clearAllMocks());

describe('refreshSession', () => {
  it("calls the SDK's refresh endpoint in cookie mode and says whether it worked", async () => {
    vi.mocked(api.post).mockResolvedValueOnce({ status: 200 });
    await expect(refreshSession()).resolves.toBe(true);
    expect(api.post).toHaveBeenCalledWith('/api/auth/session/refresh', undefined, { headers: { rid: 'session', 'st-auth-mode': 'cookie' } });
    vi.mocked(api.post).mockRejectedValueOnce(answered(401));
    await expect(refreshSession()).resolves.toBe(false);
  });
});

describe('withSessionRefresh', () => {
  it('refreshes once on a 401 and retries the call once', async () => {
    const call = vi.fn().mockRejectedValueOnce(answered(401)).mockResolvedValueOnce('profile');
    const refresh = vi.fn().mockResolvedValue(true);
    await expect(withSessionRefresh(call, refresh)).resolves.toBe('profile');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('throws the first 401 when the refresh fails, and a second 401 without refreshing again', async () => {
    const first = answered(401);
    const call = vi.fn().mockRejectedValue(first);
    await expect(withSessionRefresh(call, vi.fn().mockResolvedValue(false))).rejects.toBe(first);
    expect(call).toHaveBeenCalledTimes(1);

    const refresh = vi.fn().mockResolvedValue(true);
    await expect(withSessionRefresh(call, refresh)).rejects.toBeInstanceOf(AxiosError);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('leaves other failures alone', async () => {
    const refresh = vi.fn();
    await expect(withSessionRefresh(vi.fn().mockRejectedValue(answered(500)), refresh)).rejects.toBeInstanceOf(AxiosError);
    await expect(withSessionRefresh(vi.fn().mockRejectedValue(new Error('boom')), refresh)).rejects.toThrow('boom');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that fail together', async () => {
    let done!: (ok: boolean) => void;
    const refresh = vi.fn(() => new Promise<boolean>((resolve) => (done = resolve)));
    const a = withSessionRefresh(vi.fn().mockRejectedValueOnce(answered(401)).mockResolvedValueOnce('a'), refresh);
    const b = withSessionRefresh(vi.fn().mockRejectedValueOnce(answered(401)).mockResolvedValueOnce('b'), refresh);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    await Promise.resolve();
    done(true);
    await expect(Promise.all([a, b])).resolves.toEqual(['a', 'b']);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
