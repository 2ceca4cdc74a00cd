import { frontTokenIn } from '../../shared/site-pages';

/**
 * Whether a session probably exists, read from the front-token cookie the SuperTokens web SDK keeps
 * beside its HttpOnly cookies. Only for choosing Login or Dashboard in the navigation bar: it never
 * grants anything, and reading it pulls no auth code into the marketing pages.
 */
export function hasSessionHint(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return frontTokenIn(cookie) !== undefined;
}

export interface SessionHint {
  userId: string;
  /** The account's email, from the access token's `email` claim the front token carries (its `up`). */
  email?: string;
  /** When the access token the front token describes expires (ms since the epoch). */
  accessTokenExpiresAt: number;
  /** The token's email verification claim (`st-ev`), when it carries one: whether the address is proven. */
  emailVerified?: boolean;
  /** The token's multi-factor claim (`st-mfa`), when it carries one: whether the sign-in has completed its second step. */
  secondStepDone?: boolean;
}

/**
 * What the front token says: whose session, until when its access token holds, and whether its
 * address is proven. The web SDK writes
 * it as base64 of UTF-8 JSON `{uid, ate, up}` and reads it the same way before deciding whether a
 * session exists; undefined when there is none or it cannot be read.
 */
export function readSessionHint(cookie: string = typeof document === 'undefined' ? '' : document.cookie): SessionHint | undefined {
  const value = frontTokenIn(cookie);
  if (!value) return undefined;
  try {
    const { uid, ate, up } = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(decodeURIComponent(value)), (ch) => ch.charCodeAt(0)))) as { uid?: unknown; ate?: unknown; up?: { email?: unknown; 'st-ev'?: { v?: unknown }; 'st-mfa'?: { v?: unknown } } };
    if (typeof uid !== 'string' || typeof ate !== 'number') return undefined;
    const verified = up?.['st-ev']?.v;
    const secondStep = up?.['st-mfa']?.v;
    return {
      userId: uid,
      accessTokenExpiresAt: ate,
      ...(typeof up?.email === 'string' ? { email: up.email } : {}),
      ...(typeof verified === 'boolean' ? { emailVerified: verified } : {}),
      ...(typeof secondStep === 'boolean' ? { secondStepDone: secondStep } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Whether the session's token says its sign-in still owes the second step (/auth/mfa): for the bar on
 * every page as much as for the signed-in pages' loaders, so here, away from the auth code.
 */
export function secondStepPendingByHint(cookie?: string): boolean {
  return readSessionHint(cookie)?.secondStepDone === false;
}

/** A window event, so the bar learns of a sign-in that happened without a navigation. */
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
