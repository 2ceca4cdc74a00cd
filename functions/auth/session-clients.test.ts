import { describe, expect, it } from 'vitest';
import { browserOf, desktopAppOn, readClientData } from './session-clients';

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
