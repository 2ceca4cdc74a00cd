import { useMemo, useState } from 'react';

/**
 * Signing out everywhere and deleting end this browser's session too, and the page must stay to say
 * so (then it moves on itself). While one runs, and after it succeeds, the page's session guard
 * stands aside: `start` before the call, `stop` when it fails.
 */
export interface Leaving {
  active: boolean;
  start: () => void;
  stop: () => void;
}

export function useLeaving(): Leaving {
  const [active, setActive] = useState(false);
  return useMemo(() => ({ active, start: () => setActive(true), stop: () => setActive(false) }), [active]);
}
