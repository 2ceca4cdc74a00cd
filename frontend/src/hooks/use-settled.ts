import { useSyncExternalStore } from 'react';

/**
 * A read a route loader starts but does not wait for (the page renders at once, in its loading
 * state): the promise's value once it has settled, and a subscription to hear when it does.
 */
export interface Deferred<T> {
  value?: T;
  subscribe: (listener: () => void) => () => void;
}

/** The promise must not reject: a loader turns its failures into values the page can show. */
export function defer<T>(promise: Promise<T>): Deferred<T> {
  const listeners = new Set<() => void>();
  const deferred: Deferred<T> = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  void promise.then((value) => {
    deferred.value = value;
    for (const listener of listeners) listener();
  });
  return deferred;
}

/**
 * A deferred read's value, or undefined until it settles. The same elements render throughout, so
 * a card fills in where it stands rather than being swapped for another (as a Suspense fallback would be).
 */
export function useSettled<T>(deferred: Deferred<T>): T | undefined {
  return useSyncExternalStore(deferred.subscribe, () => deferred.value);
}
