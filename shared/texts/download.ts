export const downloadTexts = {
  loading: 'Loading version info...',
  /** Nothing published, or the release has no installer address: trying again would not change it. */
  noUrl: 'No download URL available',
  /** The releases could not be read (the API down or unreachable): trying again may. */
  unavailable: 'Could not load the version info. Please try again.',
  retry: 'Retry',
  versionLine: (version: string, date: string) => `Version ${version} | Released ${date}`,
} as const;
