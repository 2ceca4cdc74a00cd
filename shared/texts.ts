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
  /** spec §2: the home page. */
  home: {
    available: 'Available on Windows & Mac OS',
  },
  /** /contact and POST /api/contact (DECISIONS.md: stored, validated, rate-limited). */
  contact: {
    nameRequired: 'Please enter your name',
    nameTooLong: 'Please keep your name under 200 characters',
    emailInvalid: 'Please enter a valid email address',
    messageRequired: 'Please enter a message',
    messageTooLong: 'Please keep your message to 5000 characters or fewer',
    sent: 'Thank you! Your message has been sent. We will get back to you within one business day.',
    tooMany: (minutes: number) =>
      `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    failed: 'Your message could not be sent. Please try again in a moment.',
  },
} as const;
