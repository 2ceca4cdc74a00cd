import { useWindowEvent } from './use-window-event';

/**
 * Calls `onRestored` when the browser shows this page again from its back/forward cache (Back from
 * Stripe's page): the page comes back exactly as it was left, busy states included, and nothing
 * else runs again. No imports beyond React: the marketing pages use it.
 */
export function usePageRestored(onRestored: () => void): void {
  useWindowEvent('pageshow', (event) => {
    if (event.persisted) onRestored();
  });
}
