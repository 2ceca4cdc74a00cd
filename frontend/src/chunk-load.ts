/**
 * A page's code that did not arrive: after a deploy, a tab opened before it asks for chunks that are
 * no longer on the CDN (their names carry the old build's hashes), or the network dropped the
 * request. The error page (pages/ErrorPage.tsx) loads the page again once, which brings the new
 * build's names; only if that fails too does it say so, inside the site's layout (docs/decisions.md#24).
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A page chunk failed to load', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** A chunk's import, its failure marked as a ChunkLoadError (what the error page reloads for). */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new ChunkLoadError(error);
  }
}

const RELOADED_KEY = 'voxpen.chunk-reloaded';
/** Within this long of a reload for the same address, a second failure is shown, not reloaded again. */
export const RELOAD_GUARD_MS = 60_000;

/**
 * Loads the page again for its chunk, once: true when it did (the page is going away), false when
 * this address was reloaded for a chunk a moment ago (then the failure is shown, not looped on).
 */
export function reloadOnceForChunk(storage: Storage = sessionStorage, now = Date.now()): boolean {
  const here = window.location.pathname + window.location.search;
  try {
    const last = JSON.parse(storage.getItem(RELOADED_KEY) ?? 'null') as { path?: string; at?: number } | null;
    if (last?.path === here && typeof last.at === 'number' && now - last.at < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOADED_KEY, JSON.stringify({ path: here, at: now }));
  } catch {
    // No session storage (a locked-down browser): never reload, so never loop.
    return false;
  }
  window.location.reload();
  return true;
}
