import { describe, expect, it } from 'vitest';
import { parseDesktopRedirect } from './desktop-redirect';

describe('parseDesktopRedirect (docs/decisions.md#3: loopback http only)', () => {
  it.each(['http://localhost:4567/callback', 'http://127.0.0.1:53123/cb?state=x', 'http://[::1]:9000/', 'http://localhost/', 'HTTP://LOCALHOST:1/x'])(
    'accepts %s',
    (url) => {
      const parsed = parseDesktopRedirect(url);
      expect(parsed).toBeInstanceOf(URL);
      expect(parsed!.protocol).toBe('http:');
    },
  );

  it('keeps the query the desktop app put in it', () => {
    expect(parseDesktopRedirect('http://127.0.0.1:5000/cb?state=abc&x=1')!.searchParams.get('state')).toBe('abc');
  });

  it.each([
    ['a host that merely mentions localhost', 'https://evil.example/?localhost'],
    ['a host that starts with localhost', 'http://localhost.evil.example/cb'],
    ['a host that starts with 127.0.0.1', 'http://127.0.0.1.nip.io/cb'],
    ['https (a loopback listener has no certificate)', 'https://localhost:4567/cb'],
    ['another scheme', 'voxpen://callback'],
    ['javascript:', 'javascript:alert(1)//localhost'],
    ['a relative path', '/cb?localhost'],
    ['garbage', 'not a url localhost'],
    ['the empty string', ''],
    ['a private address', 'http://192.168.1.10:4567/cb'],
    ['credentials in the address', 'http://evil.example@localhost:4567/cb'],
    ['a trailing-dot host', 'http://localhost./cb'],
  ])('refuses %s', (_why, url) => {
    expect(parseDesktopRedirect(url)).toBeUndefined();
  });
});
