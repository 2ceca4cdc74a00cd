export const downloadTexts = {
  loading: 'Loading version info...',
  noUrl: 'No download URL available',
  versionLine: (version: string, date: string) => `Version ${version} | Released ${date}`,
} as const;
