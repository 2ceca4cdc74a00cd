import { errors } from 'jose';
import { describe, expect, it } from 'vitest';
import { isProviderRefusal } from './provider-refusal';

describe('isProviderRefusal', () => {
  it.each([
    ['a code the token endpoint turned down', new Error('Received response with status 400 and body {"error":"invalid_grant"}')],
    ['an access token the user-info endpoint turned down', new Error('Received response with status 401 and body ')],
    ['an ID token with a bad signature', new errors.JWSSignatureVerificationFailed()],
    ['an ID token for another audience', new errors.JWTClaimValidationFailed('unexpected "aud" claim value', {}, 'aud')],
    ['an ID token that is no JWT', new errors.JWSInvalid('Invalid Compact JWS')],
  ])('is true for %s', (_label, error) => {
    expect(isProviderRefusal(error)).toBe(true);
  });

  it.each([
    ['the provider failing', new Error('Received response with status 503 and body ')],
    ['its keys out of reach', new errors.JWKSTimeout()],
    ['a bug of ours', new TypeError("Cannot read properties of undefined (reading 'code')")],
    ['something thrown that is no error', 'Received response with status 400'],
  ])('is false for %s', (_label, error) => {
    expect(isProviderRefusal(error)).toBe(false);
  });
});
