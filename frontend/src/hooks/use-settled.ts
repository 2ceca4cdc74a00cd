import { useCallback, useSyncExternalStore } from 'react';

/**
 * A read a route loader starts but does not wait for (the page renders at once, in its loading
 * state): the promise's value once it has settled, and who to tell when it does.
 */
export interface Deferred<T> {
  settled: boolean;
  value?: T;
  listeners: Set<() => void>;
}

/** The promise must not reject: a loader turns its failures into values the page can show. */
export function defer<T>(promise: Promise<T>): Deferred<T> {
  const deferred: Deferred<T> = { settled: false, listeners: new Set() };
  void promise.then((value) => {
    Object.assign(deferred, { settled: true, value });
    for (const listener of deferred.listeners) listener();
  });
  return deferred;
}

/**
 * A deferred read's value, or undefined until it settles. The same elements render throughout, so
 * a card fills in where it stands rather than being swapped for another (as a Suspense fallback would be).
 */
export function useSettled<T>(deferred: Deferred<T>): T | undefined {
  const subscribe = useCallback(
    (listener: () => void) => {
      deferred.listeners.add(listener);
      return () => void deferred.listeners.delete(listener);
    },
    [deferred],
  );
  return useSyncExternalStore(subscribe, () => deferred.value);
}
