/**
 * Stands in for `jose` in the Lambda bundles (infra/constructs/bundling.ts). supertokens-node 24 depends on
 * jose 4 and would bring its own copy, the CommonJS build (~91 KB, loaded whole at require, JWE and all)
 * beside the product's jose 6. The SDK calls createRemoteJWKSet, jwtVerify, errors (session and
 * Google ID-token checks), which jose 6 has with the same signatures, options and error codes
 * (ERR_JWKS_MULTIPLE_MATCHING_KEYS, ERR_JWS_SIGNATURE_VERIFICATION_FAILED), and Apple's signing, not offered (below).
 * One copy serves the SDK and the product: jose 6's ES module build, named export by named export, so the
 * bundle keeps only these (the SDK's `require` takes the whole namespace: `export *` would keep all of
 * jose). Reached by its path, since the alias sends every `jose` import here; a JavaScript file, as jose's
 * types live apart from this build (callers are typed against `jose` itself). A Lambda importing anything
 * else from jose fails to build, naming this file (an ES import; the SDK's CommonJS `jose.x` would be
 * undefined at run time, so check its calls when upgrading it): add the name here.
 */
export { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify } from '../../../node_modules/jose/dist/webapi/index.js';

// Only the SDK's Apple provider signs (its client secret); Apple is not offered here (functions/auth/supertokens.ts),
// and jose's signing and PKCS#8 import are ~7 KB of the auth and account bundles.
const noApple = () => {
  throw new Error('Sign in with Apple is not offered: jose signing is left out of the Lambda bundles (functions/lib/bundle-shims/jose-6-for-supertokens.js)');
};
export const importPKCS8 = noApple;
export class SignJWT {
  constructor() {
    noApple();
  }
}
