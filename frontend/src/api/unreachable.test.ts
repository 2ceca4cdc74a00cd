import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS, readFailure, retryAfterSeconds, unreachable } from './unreachable';
import { loadApiClient } from './client';

const config = { headers: new AxiosHeaders() };
const answered = (status: number, headers: Record<string, string> = {}) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, { status, statusText: '', data: {}, headers, config } as AxiosResponse);

describe('unreachable', () => {
  it('reads no answer, a time limit passed and a 503 as the service away, with the 503s Retry-After', () => {
    expect(unreachable(new AxiosError('Network Error', 'ERR_NETWORK', config))).toEqual({});
    expect(unreachable(new AxiosError(`timeout of ${API_TIMEOUT_MS}ms exceeded`, 'ECONNABORTED', config))).toEqual({});
    expect(unreachable(answered(503, { 'retry-after': '30' }))).toEqual({ retryAfterSeconds: 30 });
    expect(unreachable(answered(503))).toEqual({});
  });

  it("reads the web SDK's failures alike: a thrown 503 Response, fetch's TypeError, the time limit's signal", () => {
    expect(unreachable(new Response('', { status: 503, headers: { 'retry-after': '120' } }))).toEqual({ retryAfterSeconds: 120 });
    expect(unreachable(new TypeError('Failed to fetch'))).toEqual({});
    expect(unreachable(new DOMException('signal timed out', 'TimeoutError'))).toEqual({});
  });

  it('leaves every other failure to the page: a 500 is our bug, a 400 the input, a 429 a limit', () => {
    for (const status of [500, 400, 404, 429]) expect(unreachable(answered(status)), String(status)).toBeUndefined();
    expect(unreachable(new Response('', { status: 500 }))).toBeUndefined();
    expect(unreachable(new Error('x'))).toBeUndefined();
    expect(readFailure(answered(500))).toEqual({ kind: 'failed' });
    expect(readFailure(answered(503, { 'retry-after': '5' }))).toEqual({ kind: 'unreachable', retryAfterSeconds: 5 });
  });

  it('takes Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-28T06:00:00Z');
    expect(retryAfterSeconds('45', now)).toBe(45);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 06:02:00 GMT', now)).toBe(120);
    for (const value of ['', 'soon', '0', undefined, 'Sat, 28 Nov 2026 05:00:00 GMT']) expect(retryAfterSeconds(value, now), String(value)).toBeUndefined();
  });
});

describe('the API client', () => {
  it('gives every call up within 10 seconds (spec §9 said none: docs/decisions.md#24)', async () => {
    const { defaults } = await loadApiClient();
    expect(defaults.timeout).toBe(API_TIMEOUT_MS);
    expect(API_TIMEOUT_MS).toBeGreaterThan(0);
    expect(API_TIMEOUT_MS).toBeLessThan(10_000);
  });
});
