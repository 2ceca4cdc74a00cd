/**
 * spec §4: a visitor sent to /signin from /pricing comes back to /pricing. Router state does not
 * survive Google sign-in (a full page load there and back), so the path is kept in session storage.
 * No imports: the marketing pages use it without pulling in auth code (routes.tsx).
 */
export const RETURN_TO_KEY = 'voxpen.returnTo';

/**
 * Only a path on this site: '/x', never '//host' (another site), a backslash (which browsers read as
 * '/'), nor a control character (browsers drop tabs and line breaks from a URL, so '/\t/host' is
 * '//host'). And what it resolves to must still be this site, whatever else a browser forgives.
 */
export function isSameSitePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || /[\u0000-\u001F\u007F\\]/.test(path)) return false;
  const here = 'https://same-site.invalid';
  return new URL(path, here).origin === here;
}

/** Remembers where a finished sign-in should go; anything but a same-site path is ignored. */
export function rememberReturnTo(path: string, storage: Storage = sessionStorage): void {
  if (isSameSitePath(path)) storage.setItem(RETURN_TO_KEY, path);
}

/**
 * The return path an address carries as `redirectToPath` (the CDN sends a signed-out /account to
 * /signin so, shared/site-pages.ts SIGNED_OUT_TO), remembered as above.
 */
export function rememberReturnToIn(search: string, storage: Storage = sessionStorage): void {
  const path = new URLSearchParams(search).get('redirectToPath');
  if (path) rememberReturnTo(path, storage);
}

/** The remembered path, checked again on the way out (storage is anyone's to write). */
export function rememberedReturnTo(storage: Storage = sessionStorage): string | undefined {
  const path = storage.getItem(RETURN_TO_KEY);
  return path && isSameSitePath(path) ? path : undefined;
}

export function forgetReturnTo(storage: Storage = sessionStorage): void {
  storage.removeItem(RETURN_TO_KEY);
}

/** The plan a signed-out visitor chose on /pricing, kept like the return path until sign-in is done. */
export const PLAN_CHOICE_KEY = 'voxpen.planChoice';

export interface PlanChoice {
  plan: 'pro';
  interval: 'monthly' | 'annually';
}

export function rememberPlanChoice(choice: PlanChoice, storage: Storage = sessionStorage): void {
  storage.setItem(PLAN_CHOICE_KEY, `${choice.plan}:${choice.interval}`);
}

/** The remembered choice, read strictly (storage is anyone's to write). */
export function rememberedPlanChoice(storage: Storage = sessionStorage): PlanChoice | undefined {
  const value = storage.getItem(PLAN_CHOICE_KEY);
  if (value === 'pro:monthly') return { plan: 'pro', interval: 'monthly' };
  if (value === 'pro:annually') return { plan: 'pro', interval: 'annually' };
  return undefined;
}

export function forgetPlanChoice(storage: Storage = sessionStorage): void {
  storage.removeItem(PLAN_CHOICE_KEY);
}
