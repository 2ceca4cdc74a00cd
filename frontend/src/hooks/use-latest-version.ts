import { useEffect, useState } from 'react';
import type { LatestVersion } from '../../../shared/api-types';
import { DEFAULT_PLATFORM, type Platform } from '../../../shared/platforms';
import { fetchLatestVersion } from '../api/latest-version';

export type LatestVersionState =
  | { status: 'loading' }
  | { status: 'ready'; release: LatestVersion }
  | { status: 'error' };

/** The newest public release of `platform` (default the Windows build). */
export function useLatestVersion(platform: Platform = DEFAULT_PLATFORM): LatestVersionState {
  const [state, setState] = useState<LatestVersionState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetchLatestVersion(platform)
      .then((release) => live && setState({ status: 'ready', release }))
      .catch((error: unknown) => {
        // spec §8: the download page only logs a failure.
        console.error('Could not load the latest version', error);
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [platform]);
  return state;
}
