/**
 * Whether an error thrown inside the SDK's third-party sign-in is the provider turning down what the
 * caller sent (a used or made-up code, a forged or expired ID token, a dead access token) rather than a
 * fault of ours. supertokens-node 24 throws plain errors for these (thirdparty/providers/custom.js,
 * jose's jwtVerify), so without this they would be 500s anyone can cause.
 */

/** custom.js: the token or user-info endpoint answered 4xx ("… status 400 and body …"). */
const PROVIDER_4XX = /^Received response with status 4\d\d\b/;

/** jose's codes for an ID token that does not verify; a key set we cannot fetch or read stays our fault. */
const OUR_JOSE_FAULTS = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID']);

export function isProviderRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (PROVIDER_4XX.test(error.message)) return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^ERR_(JW[STEK]|JOSE)/.test(code) && !OUR_JOSE_FAULTS.has(code);
}
