/**
 * Stands in for `jose` in the Lambda bundles (infra/constructs/bundling.ts). supertokens-node 24 depends on
 * jose 4 and would bring its own copy, the CommonJS build (~91 KB, loaded whole at require, JWE and all)
 * beside the product's jose 6. The SDK calls createRemoteJWKSet, jwtVerify, errors (session and
 * Google ID-token checks) and importPKCS8 and SignJWT (Apple, not offered), which jose 6 has with the same
 * signatures, options and error codes (ERR_JWKS_MULTIPLE_MATCHING_KEYS, ERR_JWS_SIGNATURE_VERIFICATION_FAILED).
 * One copy serves the SDK and the product: jose 6's ES module build, named export by named export, so the
 * bundle keeps only these (the SDK's `require` takes the whole namespace: `export *` would keep all of
 * jose). Reached by its path, since the alias sends every `jose` import here; a JavaScript file, as jose's
 * types live apart from this build (callers are typed against `jose` itself). A Lambda importing anything
 * else from jose fails to build, naming this file: add the name here.
 */
export { createLocalJWKSet, createRemoteJWKSet, errors, importPKCS8, jwtVerify, SignJWT } from '../../../node_modules/jose/dist/webapi/index.js';
