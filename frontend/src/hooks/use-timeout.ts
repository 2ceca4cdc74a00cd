import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `callback` `delayMs` after the timer is set; `delayMs` undefined sets none. A new `delayMs` or
 * `key` (a poll's try, an animation's step) sets it again; leaving the page cancels it. The callback
 * is the latest render's, so it reads current state without restarting the wait.
 */
export function useTimeout(callback: () => void, delayMs: number | undefined, key?: unknown): void {
  const fire = useEffectEvent(callback);
  // An effect: the timer is the browser's clock, outside React, and must stop with the component.
  useEffect(() => {
    if (delayMs === undefined) return;
    const timer = setTimeout(() => fire(), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs, key]);
}
