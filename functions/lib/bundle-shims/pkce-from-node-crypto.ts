/**
 * Stands in for `pkce-challenge` (and the crypto-js it brings, ~8 KB) in the Lambda bundles
 * (infra/constructs/bundling.ts). supertokens-node asks it for a PKCE pair when the provider's discovery
 * document offers S256, as Google's does ("Continue with Google"'s authorisation URL): the same pair
 * (RFC 7636 §4.1-4.2: a verifier of `length` unreserved characters, and its SHA-256 in base64url) from
 * node:crypto, with the package's default length and bounds.
 */
import { createHash, randomInt } from 'node:crypto';

const UNRESERVED = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~';

export function generateChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

export default function pkceChallenge(length = 43): { code_verifier: string; code_challenge: string } {
  if (length < 43 || length > 128) throw new Error(`Expected a length between 43 and 128. Received ${length}.`);
  const verifier = Array.from({ length }, () => UNRESERVED[randomInt(UNRESERVED.length)]).join('');
  return { code_verifier: verifier, code_challenge: generateChallenge(verifier) };
}
