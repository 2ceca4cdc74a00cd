import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const reducedMotion = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined);

function subscribe(onChange: () => void): () => void {
  const query = reducedMotion();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether to animate: false while prerendering and hydrating (so the prerendered HTML and hydration
 * agree), then false for visitors who ask their system for reduced motion, following the setting as it changes.
 */
export function useMotionAllowed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !reducedMotion()?.matches,
    () => false,
  );
}
