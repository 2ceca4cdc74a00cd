/**
 * The web SDK's session events (signed in, refreshed, signed out, unauthorised), passed on to whoever
 * shows the session. A module of its own, without the SDK, so the session provider can listen before
 * (and without) the SDK ever loading: a sign-in on /signin loads it and says so here.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionChanged(): void {
  for (const listener of listeners) listener();
}
