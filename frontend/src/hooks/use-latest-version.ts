import { useCallback, useEffect, useState } from 'react';
import type { LatestVersion } from '../../../shared/api-types';
import { DEFAULT_PLATFORM, type Platform } from '../../../shared/platforms';
import { isApiError } from '../api/client';
import { fetchLatestVersion } from '../api/latest-version';

export type LatestVersionState =
  | { status: 'loading' }
  | { status: 'ready'; release: LatestVersion }
  /** Nothing published for the platform: asking again would not change it. */
  | { status: 'none' }
  /** The releases could not be read (the API down, slow or unreachable): `retry` reads them again. */
  | { status: 'failed'; retry: () => void };

/** The newest public release of `platform` (default the Windows build). */
export function useLatestVersion(platform: Platform = DEFAULT_PLATFORM): LatestVersionState {
  const [state, setState] = useState<LatestVersionState | { status: 'failed' }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    let live = true;
    fetchLatestVersion(platform)
      .then((release) => live && setState({ status: 'ready', release }))
      .catch((error: unknown) => {
        // spec §8: the download only logs a failure.
        console.error('Could not load the latest version', error);
        // The API answers 404 when nothing is published; anything else is a read that may work next time.
        if (live) setState(isApiError(error) && error.response?.status === 404 ? { status: 'none' } : { status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [platform, attempt]);
  return state.status === 'failed' ? { status: 'failed', retry } : state;
}
