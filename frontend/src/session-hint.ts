/**
 * Whether a session probably exists, read from the front-token cookie the SuperTokens web SDK keeps
 * beside its HttpOnly cookies. Only for choosing Login or Dashboard in the navigation bar: it never
 * grants anything, and reading it pulls no auth code into the marketing pages.
 */
export function hasSessionHint(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookie.split(';').some((c) => c.trim().startsWith('sFrontToken='));
}
