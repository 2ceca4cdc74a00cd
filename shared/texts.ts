/** User-facing texts (spec §8 and the messages the API answers with). Tests import these. */
export const texts = {
  api: {
    notFound: 'Not found',
    methodNotAllowed: 'Method not allowed',
    internalError: 'Internal error',
    payloadTooLarge: 'Request body too large',
    malformedJson: 'Request body is not valid JSON',
    noRelease: 'No release has been published yet',
  },
  download: {
    loading: 'Loading version info...',
    noUrl: 'No download URL available',
    versionLine: (version: string, date: string) => `Version ${version} | Released ${date}`,
  },
  router: {
    unexpected: 'Unexpected Application Error!',
  },
} as const;
