import type { LatestVersion } from '../../../shared/api-types';
import { DEFAULT_PLATFORM, type Platform } from '../../../shared/platforms';
import { isApiError } from '../api/client';
import { readFailure, type ReadFailure } from '../api/unreachable';
import { fetchLatestVersion } from '../api/latest-version';
import { useRead } from './use-read';

export type LatestVersionState =
  | { status: 'loading' }
  | { status: 'ready'; release: LatestVersion }
  /** Nothing published for the platform: asking again would not change it. */
  | { status: 'none' }
  /** The releases could not be read (the API down, slow or unreachable): `retry` reads them again. */
  | { status: 'failed'; failure?: ReadFailure; retry: () => void };

/** The newest public release of `platform` (default the Windows build); `ask` false reads nothing (a loading view), loading meanwhile. */
export function useLatestVersion(platform: Platform = DEFAULT_PLATFORM, ask = true): LatestVersionState {
  const { state, retry } = useRead(
    () =>
      fetchLatestVersion(platform).catch((error: unknown) => {
        // spec §8: the download only logs a failure.
        console.error('Could not load the latest version', error);
        throw error;
      }),
    ask ? platform : undefined,
  );
  if (state.status === 'done') return { status: 'ready', release: state.value };
  if (state.status === 'loading') return state;
  // The API answers 404 when nothing is published; anything else is a read that may work next time.
  return isApiError(state.error) && state.error.response?.status === 404 ? { status: 'none' } : { status: 'failed', failure: readFailure(state.error), retry };
}
