import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk, RELOAD_GUARD_MS, reloadOnceForChunk } from './chunk-load';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('a page chunk that does not arrive', () => {
  it('is marked as such, and only an import failure is', async () => {
    const failed = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e: unknown) => e);
    expect(isChunkLoadError(failed)).toBe(true);
    expect((failed as ChunkLoadError).cause).toBeInstanceOf(TypeError);
    await expect(loadChunk(async () => 'module')).resolves.toBe('module');
    expect(isChunkLoadError(new Error('render failed'))).toBe(false);
  });

  it('reloads the page once per address, then not again within the guard (no loop)', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/dashboard', search: '', reload });
    const now = Date.parse('2026-11-28T06:00:00Z');
    expect(reloadOnceForChunk(sessionStorage, now)).toBe(true);
    expect(reloadOnceForChunk(sessionStorage, now + 2_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Long after, a new failure (another deploy) reloads again.
    expect(reloadOnceForChunk(sessionStorage, now + RELOAD_GUARD_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
