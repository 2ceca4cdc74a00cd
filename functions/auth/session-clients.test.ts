import { describe, expect, it } from 'vitest';
import { browserOf, desktopAppOn, placeOf, readClientData } from './session-clients';

describe('browserOf', () => {
  it('names the browser and its system from the user agent, keeping nothing else of it', () => {
    expect(browserOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15')).toEqual({ kind: 'browser', browser: 'Safari', os: 'macOS' });
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({ kind: 'browser', browser: 'Firefox', os: 'Linux' });
  });

  it('knows nothing of an agent it cannot read, or none', () => {
    expect(browserOf(undefined)).toEqual({ kind: 'browser', browser: undefined, os: undefined });
    expect(browserOf('curl/8.5.0')).toMatchObject({ kind: 'browser', os: undefined });
  });
});

describe('readClientData', () => {
  it('reads what was recorded, and anything else as nothing known', () => {
    expect(readClientData({ client: { kind: 'desktop', os: 'Windows' }, lastActiveAt: 5 })).toEqual({ client: { kind: 'desktop', os: 'Windows' }, lastActiveAt: 5 });
    expect(readClientData({ client: { kind: 'phone' } })).toEqual({});
    expect(readClientData(null)).toEqual({});
    expect(readClientData({ client: { kind: 'browser', browser: 'x'.repeat(41) } })).toEqual({});
  });

  it('names the desktop app for the system of the browser that handed it its session', () => {
    expect(desktopAppOn({ client: { kind: 'browser', browser: 'Edge', os: 'Windows' } })).toEqual({ kind: 'desktop', os: 'Windows' });
    expect(desktopAppOn({})).toEqual({ kind: 'desktop', os: undefined });
  });
});

describe('placeOf', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  it("takes CloudFront's viewer country and region, as codes, and only well-formed ones", () => {
    expect(placeOf(headers({ 'cloudfront-viewer-country': 'DE', 'cloudfront-viewer-country-region': 'BE' }), '203.0.113.9')).toEqual({ country: 'DE', region: 'BE' });
    expect(placeOf(headers({ 'cloudfront-viewer-country': 'fr' }), '203.0.113.9')).toEqual({ country: 'FR' });
    expect(placeOf(headers({ 'cloudfront-viewer-country': '<script>' }), '203.0.113.9')).toBeUndefined();
  });
  it("says 'local' for a private or loopback address without them, and nothing for a public one", () => {
    for (const ip of ['127.0.0.1', '127.4.5.6', '10.1.2.3', '192.168.0.9', '172.20.0.1', '::1']) expect(placeOf(headers({}), ip), ip).toBe('local');
    expect(placeOf(headers({}), '203.0.113.9')).toBeUndefined();
    expect(placeOf(headers({}), undefined)).toBeUndefined();
  });
});
