/**
 * Where a desktop sign-in may send the browser back to (docs/decisions.md#3): the desktop app's loopback
 * listener and nothing else. The spec's "contains localhost" would accept `https://evil.example/?localhost`
 * and hand a sign-in code to whoever owns that host, so the URL must parse, be plain `http` (a loopback
 * listener has no certificate) and name a loopback host exactly. The /launch page and the desktop
 * callback both check with this one function.
 */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The redirect as a URL when it is an allowed loopback address, else undefined ('Invalid redirect URL'). */
export function parseDesktopRedirect(url: string): URL | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' || !LOOPBACK_HOSTNAMES.has(parsed.hostname)) return undefined;
  // Credentials in the address would only be there to mislead someone reading it.
  if (parsed.username || parsed.password) return undefined;
  return parsed;
}
