import { useEffect, useState } from 'react';
import type { LatestVersion } from '../../../shared/api-types';
import { fetchLatestVersion } from '../api/latest-version';

export type LatestVersionState =
  | { status: 'loading' }
  | { status: 'ready'; release: LatestVersion }
  | { status: 'error' };

export function useLatestVersion(): LatestVersionState {
  const [state, setState] = useState<LatestVersionState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetchLatestVersion()
      .then((release) => live && setState({ status: 'ready', release }))
      .catch((error: unknown) => {
        // spec §8: the download page only logs a failure.
        console.error('Could not load the latest version', error);
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
