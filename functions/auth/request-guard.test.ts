import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { texts } from '../../shared/texts';
import { EMAIL_MAX, guardAuthRequest } from './request-guard';

function event(method: string, path: string, body?: string, query: Record<string, string> = {}, isBase64Encoded = false): APIGatewayProxyEventV2 {
  return {
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: { http: { method } },
    headers: {},
    body,
    isBase64Encoded,
  } as unknown as APIGatewayProxyEventV2;
}

/** The refusal's status and message, or 'passes' when the SDK gets the request. */
function verdict(e: APIGatewayProxyEventV2) {
  const result = guardAuthRequest(e);
  return 'refusal' in result ? { status: result.refusal.statusCode, message: (JSON.parse(result.refusal.body!) as { message: string }).message } : 'passes';
}

const form = (...pairs: [string, unknown][]) => JSON.stringify({ formFields: pairs.map(([id, value]) => ({ id, value })) });
const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
const credential = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'x' } };
const passkey = (extra: Record<string, unknown> = {}) => JSON.stringify({ webauthnGeneratedOptionsId: 'o', credential, shouldTryLinkingWithSessionUser: true, passkeyName: 'Work laptop', ...extra });
const googleCode = { redirectURIOnProviderDashboard: 'https://voxpen.app/auth/callback/google', redirectURIQueryParams: { code: 'c' } };

describe('guardAuthRequest', () => {
  it.each([
    ['a sign-in', event('POST', '/api/auth/signin', form(['email', 'ada@example.com'], ['password', 'x']))],
    ['a sign-in for the public tenant by name', event('POST', '/api/auth/public/signin', form(['email', 'ada@example.com'], ['password', 'x']))],
    [`an email of ${EMAIL_MAX} characters, spaces around it`, event('POST', '/api/auth/signup', form(['email', ` ${address(EMAIL_MAX)} `], ['password', 'x']))],
    ['a Google code', event('POST', '/api/auth/signinup', JSON.stringify({ thirdPartyId: 'google', redirectURIInfo: googleCode, shouldTryLinkingWithSessionUser: false }))],
    ['a refresh without a body', event('POST', '/api/auth/session/refresh')],
    ['a sign-out with a body the SDK never reads', event('POST', '/api/auth/signout', 'whatever')],
    ['the Google authorisation URL', event('GET', '/api/auth/authorisationurl', undefined, { thirdPartyId: 'google', redirectURIOnProviderDashboard: 'x' })],
    ['passkey register options', event('POST', '/api/auth/webauthn/options/register', JSON.stringify({ email: 'ada@example.com' }))],
    ['passkey sign-in options', event('POST', '/api/auth/webauthn/options/signin', '{}')],
    ['a passkey added to the session user, named', event('POST', '/api/auth/webauthn/signup', passkey())],
    ['a passkey added with a blank name (the API names it)', event('POST', '/api/auth/webauthn/signup', passkey({ passkeyName: ' ' }))],
    ['a passkey added with no name', event('POST', '/api/auth/webauthn/signup', passkey({ passkeyName: undefined }))],
    ['a passkey sign-in', event('POST', '/api/auth/webauthn/signin', JSON.stringify({ webauthnGeneratedOptionsId: 'o', credential, shouldTryLinkingWithSessionUser: false }))],
    ['a passkey completing the session’s second step', event('POST', '/api/auth/webauthn/signin', JSON.stringify({ webauthnGeneratedOptionsId: 'o', credential, shouldTryLinkingWithSessionUser: true }))],
  ])('lets %s through', (_label, e) => {
    expect(verdict(e)).toBe('passes');
  });

  it.each([
    ['an unknown path', event('POST', '/api/auth/nothing-here', '{}'), 404, texts.api.notFound],
    ['another tenant', event('POST', '/api/auth/acme/signin', '{}'), 404, texts.api.notFound],
    ['the OAuth provider recipe', event('POST', '/api/auth/oauth/token', '{}'), 404, texts.api.notFound],
    ['Apple', event('POST', '/api/auth/callback/apple', 'state=x'), 404, texts.api.providerNotFound],
    ['Apple by signinup', event('POST', '/api/auth/signinup', JSON.stringify({ thirdPartyId: 'apple', redirectURIInfo: googleCode })), 404, texts.api.providerNotFound],
    ['a body over 64 KB', event('POST', '/api/auth/signout', 'x'.repeat(64 * 1024 + 1)), 413, texts.api.payloadTooLarge],
    ['truncated JSON', event('POST', '/api/auth/signup', '{"formFields":['), 400, texts.api.malformedJson],
    ['null', event('POST', '/api/auth/signup', 'null'), 400, texts.api.bodyNotObject],
    ['an array', event('POST', '/api/auth/signin', '[{}]'), 400, texts.api.bodyNotObject],
    ['formFields of null', event('POST', '/api/auth/signin', '{"formFields":[null]}'), 400, texts.api.invalidField('formFields')],
    ['an email that is no string', event('POST', '/api/auth/signin', form(['email', { $gt: '' }], ['password', 'x'])), 400, texts.api.invalidField('email')],
    [`an email of ${EMAIL_MAX + 1} characters`, event('POST', '/api/auth/user/password/reset/token', form(['email', address(EMAIL_MAX + 1)])), 400, texts.api.emailTooLong],
    ['a long email in the query', event('GET', '/api/auth/emailpassword/email/exists', undefined, { email: address(300) }), 400, texts.api.emailTooLong],
    ['linking to the session user', event('POST', '/api/auth/signup', JSON.stringify({ ...JSON.parse(form(['email', 'a@b.co'])), shouldTryLinkingWithSessionUser: true })), 400, texts.api.linkingNotSupported],
    ['redirectURIInfo without a code', event('POST', '/api/auth/signinup', JSON.stringify({ thirdPartyId: 'google', redirectURIInfo: { redirectURIOnProviderDashboard: 'x' } })), 400, texts.api.invalidField('redirectURIInfo')],
    ['oAuthTokens without a token', event('POST', '/api/auth/signinup', JSON.stringify({ thirdPartyId: 'google', oAuthTokens: {} })), 400, texts.api.invalidField('oAuthTokens')],
    ['a clientType', event('GET', '/api/auth/loginmethods', undefined, { clientType: 'web' }), 400, texts.api.invalidField('clientType')],
    ['passkey account recovery', event('POST', '/api/auth/webauthn/options/register', JSON.stringify({ recoverAccountToken: 't' })), 404, texts.api.notFound],
    ['the recipe’s own credential list', event('GET', '/api/auth/webauthn/credential/list'), 404, texts.api.notFound],
    ['the recipe’s own credential removal', event('POST', '/api/auth/webauthn/credential/remove', '{}'), 404, texts.api.notFound],
    ['a passkey sign-up that is no addition to the session user', event('POST', '/api/auth/webauthn/signup', passkey({ shouldTryLinkingWithSessionUser: false })), 400, texts.api.invalidField('shouldTryLinkingWithSessionUser')],
    ['a passkey name that is no string', event('POST', '/api/auth/webauthn/signup', passkey({ passkeyName: 7 })), 400, texts.passkeys.nameRequired],
    ['a passkey with a name too long', event('POST', '/api/auth/webauthn/signup', passkey({ passkeyName: 'x'.repeat(61) })), 400, texts.passkeys.nameTooLong],
    ['a credential that is no object', event('POST', '/api/auth/webauthn/signin', JSON.stringify({ webauthnGeneratedOptionsId: 'o', credential: 'x' })), 400, texts.api.invalidField('credential')],
    ['options that are no string', event('POST', '/api/auth/webauthn/signin', JSON.stringify({ webauthnGeneratedOptionsId: 1, credential })), 400, texts.api.invalidField('webauthnGeneratedOptionsId')],
    ['a passkey sign-in with a linking flag of the wrong type', event('POST', '/api/auth/webauthn/signin', JSON.stringify({ webauthnGeneratedOptionsId: 'o', credential, shouldTryLinkingWithSessionUser: 'yes' })), 400, texts.api.invalidField('shouldTryLinkingWithSessionUser')],
  ])('refuses %s', (_label, e, status, message) => {
    expect(verdict(e)).toEqual({ status, message });
  });

  it('hands the SDK a base64 body decoded, as it would JSON.parse the base64 itself', () => {
    const body = form(['email', 'ada@example.com'], ['password', 'x']);
    const result = guardAuthRequest(event('POST', '/api/auth/signin', Buffer.from(body).toString('base64'), {}, true));
    expect(result).toMatchObject({ event: { body, isBase64Encoded: false } });
  });
});

describe("guardAuthRequest on the second step's routes", () => {
  it.each([
    ['a device made without a name', event('POST', '/api/auth/totp/device', '{}')],
    ['a device confirmed with a code', event('POST', '/api/auth/totp/device/verify', JSON.stringify({ deviceName: 'Authenticator app', totp: '123456' }))],
    ['a code from the app', event('POST', '/api/auth/totp/verify', JSON.stringify({ totp: '123456' }))],
    ['a recovery code', event('POST', '/api/auth/mfa/recovery-code', JSON.stringify({ code: 'abcde-fghjk' }))],
    ['the factor info', event('PUT', '/api/auth/mfa/info')],
  ])('lets %s through', (_label, e) => {
    expect(verdict(e)).toBe('passes');
  });

  it.each([
    ['a code that is no string', event('POST', '/api/auth/totp/verify', JSON.stringify({ totp: 123456 })), 'totp'],
    ['an empty device name', event('POST', '/api/auth/totp/device/remove', JSON.stringify({ deviceName: '' })), 'deviceName'],
    ['a device name that is no string', event('POST', '/api/auth/totp/device', JSON.stringify({ deviceName: 7 })), 'deviceName'],
    ['a recovery code that is missing', event('POST', '/api/auth/mfa/recovery-code', '{}'), 'code'],
    ['a code far too long', event('POST', '/api/auth/mfa/recovery-code', JSON.stringify({ code: 'x'.repeat(65) })), 'code'],
  ])('refuses %s with 400 naming the field', (_label, e, field) => {
    expect(verdict(e)).toEqual({ status: 400, message: texts.api.invalidField(field) });
  });
});
