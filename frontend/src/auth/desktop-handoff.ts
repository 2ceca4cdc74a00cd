import { pickDesktopSignInParams } from '../../../shared/desktop-sign-in';

/**
 * spec §2, §4: a desktop sign-in arrives as /signin?origin=desktop&redirect_url=…&code_challenge=…
 * &code_challenge_method=S256[&state=…] (shared/desktop-sign-in.ts); its parameters are kept in session
 * storage across sign-in (and removed from the address bar), then used by /launch, which checks them.
 */
export const DESKTOP_ORIGIN_KEY = 'voxpen.desktopOrigin';
/** The desktop sign-in's own parameters, as a query string. */
export const DESKTOP_PARAMS_KEY = 'voxpen.desktopSignIn';

/** Stores the desktop parameters when origin and redirect_url are present, else clears any left over. Returns whether they were present. */
export function captureDesktopSignIn(search: string, storage: Storage = sessionStorage): boolean {
  const params = new URLSearchParams(search);
  const origin = params.get('origin');
  if (origin && params.get('redirect_url')) {
    storage.setItem(DESKTOP_ORIGIN_KEY, origin);
    storage.setItem(DESKTOP_PARAMS_KEY, pickDesktopSignInParams(params).toString());
    return true;
  }
  clearDesktopSignIn(storage);
  return false;
}

/** The pending desktop sign-in's parameters (unchecked), when there is one. */
export function pendingDesktopSignIn(storage: Storage = sessionStorage): URLSearchParams | undefined {
  const params = storage.getItem(DESKTOP_ORIGIN_KEY) === 'desktop' ? storage.getItem(DESKTOP_PARAMS_KEY) : null;
  return params ? new URLSearchParams(params) : undefined;
}

export function clearDesktopSignIn(storage: Storage = sessionStorage): void {
  storage.removeItem(DESKTOP_ORIGIN_KEY);
  storage.removeItem(DESKTOP_PARAMS_KEY);
}
