export const apiTexts = {
  notFound: 'Not found',
  /** The SDK's own word for a session that has ended, which the web SDK reads as "signed out". */
  unauthorised: 'unauthorised',
  methodNotAllowed: 'Method not allowed',
  internalError: 'Internal error',
  /** A dependency slow or down (functions/lib/unavailable.ts): not the caller's fault, and worth a retry. */
  unavailable: (dependency: 'auth' | 'database' | 'billing' | 'network') =>
    `${
      dependency === 'auth' ? 'Our sign-in service' : dependency === 'database' ? 'Our database' : dependency === 'billing' ? 'Our payment provider' : 'A service we depend on'
    } is not answering right now. Nothing was lost; please try again in a moment.`,
  payloadTooLarge: 'Request body too large',
  malformedJson: 'Request body is not valid JSON',
  noRelease: 'No release has been published yet',
  /** The release routes' refusals of a platform, target, arch or version they cannot mean. */
  unknownPlatform: (platforms: readonly string[]) => `Unknown platform; one of ${platforms.join(', ')}`,
  unknownTarget: (targets: readonly string[]) => `Unknown target; one of ${targets.join(', ')}`,
  unknownArch: (archs: readonly string[]) => `Unknown arch; one of ${archs.join(', ')}`,
  invalidVersion: 'The current version is not a semantic version like 1.4.2',
  /** /api/auth/* refusals made before the SuperTokens SDK sees a request (functions/auth/request-guard.ts). */
  bodyNotObject: 'Request body must be a JSON object',
  invalidField: (field: string) => `The field ${field} is missing or has the wrong type`,
  emailTooLong: 'Email must be at most 254 characters',
  providerNotFound: 'This sign-in provider is not available',
  providerRefused: 'The sign-in provider did not accept this sign-in. Please try again.',
  linkingNotSupported: 'Linking accounts is not supported',
  /** A deployed API reached other than through CloudFront (functions/lib/origin-check.ts). */
  notThroughCdn: 'Forbidden: requests must come through the site',
  /**
   * A write refused by its route's same-origin rule (functions/lib/policy.ts): from another site, or
   * sent with the session cookies but without the custom header the product's pages add.
   */
  notFromTheSite: 'Forbidden: this request must come from the Voxpen site',
} as const;
