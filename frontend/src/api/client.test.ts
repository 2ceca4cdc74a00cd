import { AxiosError, AxiosHeaders, isAxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { isApiError } from './client';

// The SDK's part (its refresh) is its own; here, only that the call goes through it once.
vi.mock('../auth/auth-sdk', () => ({ authSdk: vi.fn(async () => undefined) }));

const config = { headers: new AxiosHeaders() };

describe('isApiError', () => {
  it("answers as axios's isAxiosError does, without loading axios", () => {
    const answered = new AxiosError('Request failed with status code 404', 'ERR_BAD_REQUEST', config, {}, { status: 404 } as AxiosResponse);
    const cases: unknown[] = [answered, new AxiosError('Network Error', 'ERR_NETWORK'), new Error('x'), null, undefined, 'error', { isAxiosError: 'yes' }, { isAxiosError: true }];
    for (const value of cases) expect(isApiError(value), String(value)).toBe(isAxiosError(value));
    expect(isApiError(answered) && answered.response?.status).toBe(404);
  });
});

describe('a call answered 401', () => {
  it('goes once more, through the SDK (which refreshes), and gives that answer; a second 401 ends it without a third call', async () => {
    const { authSdk } = await import('../auth/auth-sdk');
    const { api, loadApiClient } = await import('./client');
    const instance = await loadApiClient();
    const statuses: number[] = [401, 200];
    const adapter = vi.fn(async (config: InternalAxiosRequestConfig) => {
      const status = statuses.shift()!;
      const response = { status, statusText: '', data: 'profile', headers: {}, config };
      if (status >= 400) throw new AxiosError('answered', 'ERR_BAD_REQUEST', config, {}, response);
      return response;
    });
    instance.defaults.adapter = adapter;

    await expect(api.get('/api/user-profile')).resolves.toMatchObject({ data: 'profile' });
    expect(adapter).toHaveBeenCalledTimes(2);
    expect(authSdk).toHaveBeenCalledTimes(1);

    statuses.push(401, 401);
    await expect(api.get('/api/user-profile')).rejects.toMatchObject({ response: { status: 401 } });
    expect(adapter).toHaveBeenCalledTimes(4);
    expect(authSdk).toHaveBeenCalledTimes(2);
  });
});
