import { useSyncExternalStore } from 'react';

const nothingToHear = () => () => {};

/**
 * False while prerendering and hydrating, true after (and at once on a page rendered in the browser):
 * what only the browser knows (its clock, its settings, what this tab stored) shows without the
 * hydrating render disagreeing with the prerendered HTML. No effect: React renders again after
 * hydration when the browser's answer differs from the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToHear,
    () => true,
    () => false,
  );
}
