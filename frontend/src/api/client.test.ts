import { AxiosError, AxiosHeaders, isAxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { isApiError } from './client';

const config = { headers: new AxiosHeaders() };

describe('isApiError', () => {
  it("answers as axios's isAxiosError does, without loading axios", () => {
    const answered = new AxiosError('Request failed with status code 404', 'ERR_BAD_REQUEST', config, {}, { status: 404 } as AxiosResponse);
    const cases: unknown[] = [answered, new AxiosError('Network Error', 'ERR_NETWORK'), new Error('x'), null, undefined, 'error', { isAxiosError: 'yes' }, { isAxiosError: true }];
    for (const value of cases) expect(isApiError(value), String(value)).toBe(isAxiosError(value));
    expect(isApiError(answered) && answered.response?.status).toBe(404);
  });
});
