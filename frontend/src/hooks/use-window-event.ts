import { useEffect, useEffectEvent } from 'react';

/**
 * Listens to `type` on the window while `enabled`; the listener is the latest render's, so it is
 * never added again for a new closure. No imports beyond React: the marketing pages use it.
 */
export function useWindowEvent<K extends keyof WindowEventMap>(type: K, listener: (event: WindowEventMap[K]) => void, enabled = true): void {
  const handle = useEffectEvent(listener);
  // An effect: a subscription to the browser's window, which React does not own.
  useEffect(() => {
    if (!enabled) return;
    const onEvent = (event: WindowEventMap[K]) => handle(event);
    window.addEventListener(type, onEvent);
    return () => window.removeEventListener(type, onEvent);
  }, [type, enabled]);
}
