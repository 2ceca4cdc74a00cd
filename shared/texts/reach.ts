/** What a page says when the API cannot be reached, is too slow, or answers 503 (frontend/src/api/unreachable.ts). */
export const reachTexts = {
  cantReach: "We can't reach Voxpen right now.",
  /** From the answer's Retry-After, when it gives one. */
  tryAgainIn: (seconds: number) => (seconds < 90 ? `Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.` : `Try again in about ${Math.round(seconds / 60)} minutes.`),
  tryAgainSoon: 'Check your connection, then try again.',
  retry: 'Retry',
  retrying: 'Retrying...',
  /** A page's code that did not arrive, even after the page was loaded again once (frontend/src/chunk-load.ts). */
  pageNotLoaded: 'This page could not load',
  pageNotLoadedLead: "We can't reach Voxpen right now, or the site has just been updated. Reload to try again.",
  reload: 'Reload',
} as const;
