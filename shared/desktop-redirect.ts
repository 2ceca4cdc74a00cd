/**
 * Where a desktop sign-in may send the browser back to (docs/decisions.md#3): the desktop app's loopback
 * listener and nothing else. The spec's "contains localhost" would accept `https://evil.example/?localhost`
 * and hand a sign-in code to whoever owns that host, so the URL must parse, be plain `http` (a loopback
 * listener has no certificate) and name a loopback IP literal exactly, with the port the listener was
 * given (RFC 8252 §7.3, §8.3): `127.0.0.1` or `[::1]`, never `localhost`, which a resolver or hosts
 * file may send elsewhere and a listener bound to one address family may not answer; port 1 to 65535
 * written out (0 is no port a listener has; the reference client, infra/scripts/desktop-client.ts,
 * binds 127.0.0.1 on a port the OS picks). docs/desktop-api.md is the app's contract. The /launch
 * page and the desktop consent both check with this one function.
 */
const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', '[::1]']);

/** The redirect as a URL when it is an allowed loopback address, else undefined ('Invalid redirect URL'). */
export function parseDesktopRedirect(url: string): URL | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' || !LOOPBACK_HOSTNAMES.has(parsed.hostname)) return undefined;
  // The URL parser drops http's default port and keeps 0; 80 is no port a listener is given from the
  // OS's ephemeral range, and 0 none at all.
  const port = Number(parsed.port);
  if (parsed.port === '' || !Number.isInteger(port) || port < 1 || port > 65535) return undefined;
  // Credentials in the address would only be there to mislead someone reading it.
  if (parsed.username || parsed.password) return undefined;
  return parsed;
}
