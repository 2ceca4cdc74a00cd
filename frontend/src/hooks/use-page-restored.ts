import { useEffect, useRef } from 'react';

/**
 * Calls `onRestored` when the browser shows this page again from its back/forward cache (Back from
 * Stripe's page): the page comes back exactly as it was left, busy states included, and nothing
 * else runs again. No imports beyond React: the marketing pages use it.
 */
export function usePageRestored(onRestored: () => void): void {
  const latest = useRef(onRestored);
  useEffect(() => {
    latest.current = onRestored;
  });
  useEffect(() => {
    const onPageShow = (event: Event) => {
      if ((event as PageTransitionEvent).persisted) latest.current();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}
