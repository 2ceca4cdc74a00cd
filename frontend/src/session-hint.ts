/**
 * Whether a session probably exists, read from the front-token cookie the SuperTokens web SDK keeps
 * beside its HttpOnly cookies. Only for choosing Login or Dashboard in the navigation bar: it never
 * grants anything, and reading it pulls no auth code into the marketing pages.
 */
export function hasSessionHint(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookie.split(';').some((c) => c.trim().startsWith('sFrontToken='));
}

/** A window event, so the bar learns of a sign-in that happened without a navigation (issue 15). */
const SESSION_HINT_CHANGED = 'voxpen:session-hint-changed';

/** Called by a page that has just signed in (or out) while staying where it is, e.g. its success view. */
export function announceSessionHintChange(): void {
  window.dispatchEvent(new Event(SESSION_HINT_CHANGED));
}

/** Subscribes to announced changes (useSyncExternalStore's subscribe); answers the unsubscribe. */
export function onSessionHintChange(listener: () => void): () => void {
  window.addEventListener(SESSION_HINT_CHANGED, listener);
  return () => window.removeEventListener(SESSION_HINT_CHANGED, listener);
}
