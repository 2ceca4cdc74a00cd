import { forgetReturnTo, rememberedReturnTo } from '../return-to';

/**
 * spec §2, §4: a desktop sign-in arrives as /signin?origin=desktop&redirect_url=…; both are kept in
 * session storage across sign-in (and removed from the address bar), then used by /launch.
 */
export const DESKTOP_ORIGIN_KEY = 'voxpen.desktopOrigin';
export const DESKTOP_REDIRECT_KEY = 'voxpen.desktopRedirectUrl';

/** Stores the desktop parameters when both are present, else clears any left over. Returns whether they were present. */
export function captureDesktopSignIn(search: string, storage: Storage = sessionStorage): boolean {
  const params = new URLSearchParams(search);
  const origin = params.get('origin');
  const redirectUrl = params.get('redirect_url');
  if (origin && redirectUrl) {
    storage.setItem(DESKTOP_ORIGIN_KEY, origin);
    storage.setItem(DESKTOP_REDIRECT_KEY, redirectUrl);
    return true;
  }
  clearDesktopSignIn(storage);
  return false;
}

export function pendingDesktopRedirect(storage: Storage = sessionStorage): string | undefined {
  return storage.getItem(DESKTOP_ORIGIN_KEY) === 'desktop' ? (storage.getItem(DESKTOP_REDIRECT_KEY) ?? undefined) : undefined;
}

export function clearDesktopSignIn(storage: Storage = sessionStorage): void {
  storage.removeItem(DESKTOP_ORIGIN_KEY);
  storage.removeItem(DESKTOP_REDIRECT_KEY);
}

/**
 * Where a finished sign-in goes: /launch for a pending desktop sign-in, else the remembered return
 * path (spec §4: /pricing), else the dashboard. It uses the return path up: call it once per sign-in.
 */
export function afterSignInPath(storage: Storage = sessionStorage): string {
  const redirectUrl = pendingDesktopRedirect(storage);
  const returnTo = rememberedReturnTo(storage);
  forgetReturnTo(storage);
  if (redirectUrl) return `/launch?redirect_url=${encodeURIComponent(redirectUrl)}`;
  return returnTo ?? '/dashboard';
}
