import { describe, expect, it } from 'vitest';
import { parseDesktopRedirect } from './desktop-redirect';

describe('parseDesktopRedirect (docs/decisions.md#3, docs/desktop-api.md: loopback IP literals and a real port only)', () => {
  it.each(['http://127.0.0.1:53123/cb?state=x', 'http://[::1]:9000/', 'HTTP://127.0.0.1:1/x', 'http://127.0.0.1:65535/callback', 'http://[0:0:0:0:0:0:0:1]:4567/cb'])(
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
    // RFC 8252 §8.3: a name may resolve elsewhere; the IP literal may not.
    ['localhost (a name, not an IP literal)', 'http://localhost:4567/callback'],
    ['localhost in capitals', 'HTTP://LOCALHOST:1/x'],
    ['port 0, which no listener has', 'http://127.0.0.1:0/cb'],
    ['no port', 'http://127.0.0.1/cb'],
    ["http's default port written out (dropped by the parser, so no port)", 'http://127.0.0.1:80/cb'],
    ['a port past 65535', 'http://127.0.0.1:65536/cb'],
    ['another loopback address than 127.0.0.1', 'http://127.0.0.2:4567/cb'],
  ])('refuses %s', (_why, url) => {
    expect(parseDesktopRedirect(url)).toBeUndefined();
  });
});
