import type { LatestVersion } from '../../../shared/api-types';
import { DEFAULT_PLATFORM } from '../../../shared/platforms';
import { fetchReleaseList } from '../api/release-list';
import { useRead } from '../hooks/use-read';
import { macBuildsOf, newestOf, offerFor, type MacBuilds, type Offer } from './offer';
import { useVisitor, type Visitor } from './platform';

export interface OfferState {
  visitor?: Visitor;
  /** Undefined while loading (or not asked for), null when the read failed. */
  builds?: MacBuilds | null;
  /**
   * The Windows build's newest release, from the same read: undefined while loading (or not asked
   * for), null when the read failed or it has none.
   */
  windows?: LatestVersion | null;
  /** Whether the release list could not be read (then `retry` reads it again), as opposed to read and empty. */
  failed: boolean;
  retry: () => void;
  offer: Offer;
}

/**
 * The visitor and the build offered to them. The release list is read for Mac visitors, and for
 * everyone when `forEveryone`: the home page, whose 'Available on Windows & Mac OS' depends on the
 * Mac builds, and /download, which takes the Windows build's version from it too (so the
 * page needs no HTTP client, as the home page does not).
 */
export function useOffer({ forEveryone = false } = {}): OfferState {
  const visitor = useVisitor();
  const wanted = forEveryone || visitor?.platform === 'mac';
  const { state, retry } = useRead(
    () =>
      fetchReleaseList().catch((error: unknown) => {
        console.error('Could not read the published builds', error);
        throw error;
      }),
    wanted ? 'releases' : undefined,
  );
  // Undefined while loading (or not asked for), null when the read failed.
  const list = state.status === 'done' ? state.value : state.status === 'failed' ? null : undefined;
  const builds = list && macBuildsOf(list);
  return {
    visitor,
    builds,
    windows: list && (newestOf(list, DEFAULT_PLATFORM) ?? null),
    failed: list === null,
    retry,
    offer: offerFor(visitor, builds ?? undefined),
  };
}
