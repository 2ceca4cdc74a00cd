import { useEffect, useState } from 'react';
import { fetchMacBuilds, offerFor, type MacBuilds, type Offer } from './offer';
import { useVisitor, type Visitor } from './platform';

export interface OfferState {
  visitor?: Visitor;
  /** Undefined while loading (or not asked for), null when the read failed. */
  builds?: MacBuilds | null;
  offer: Offer;
}

/**
 * The visitor and the build offered to them. The published Mac builds are read for Mac visitors, and
 * for everyone when `forEveryone` (the home page, whose 'Available on Windows & Mac OS' depends on them).
 */
export function useOffer({ forEveryone = false } = {}): OfferState {
  const visitor = useVisitor();
  const [builds, setBuilds] = useState<MacBuilds | null>();
  const wanted = forEveryone || visitor?.platform === 'mac';
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    fetchMacBuilds()
      .then((b) => live && setBuilds(b))
      .catch((error: unknown) => {
        console.error('Could not read the published Mac builds', error);
        if (live) setBuilds(null);
      });
    return () => {
      live = false;
    };
  }, [wanted]);
  return { visitor, builds, offer: offerFor(visitor, builds ?? undefined) };
}
