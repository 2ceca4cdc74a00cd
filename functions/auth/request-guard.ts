/**
 * What /api/auth/* checks before supertokens-node sees a request (bad input is a 400, never
 * a 500). The SDK parses the body with a bare JSON.parse, dereferences it before looking at its type,
 * and hands well-typed but absurd values (an 8 KB email, an unconfigured provider, another tenant) on
 * to the core or the provider, which fail as 500s. Each check below names what the SDK's API function
 * (supertokens-node 24, recipe/{emailpassword,thirdparty,session}/api/*.js) would otherwise trip on.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { apiTexts } from '../../shared/texts/api';
import { MAX_BODY_BYTES } from '../lib/http';
import { json, type HttpResult } from '../lib/response';
import { API_BASE_PATH, TENANT_ID } from './app-info';
import { emptyFieldsAnswer } from './empty-fields';
import { isBlankPasskeyName, passkeyNameSchema } from '../../shared/schemas/passkeys';
import { AUTH_PATHS, type AuthPath, type RoutePolicy } from '../../shared/route-policy';

/** RFC 5321: no address longer than this can be delivered to; the core and its keys need not see one. */
export const EMAIL_MAX = 254;

/** The providers supertokens.ts configures; any other id makes the SDK throw instead of refusing. */
const PROVIDERS = new Set(['google']);

type Body = Record<string, unknown>;
/** The query as API Gateway passes it and the SDK reads it (a repeated name's values joined by commas). */
type Query = Record<string, string | undefined>;
/** A refusal to answer with, or undefined when the request may go on to the SDK. */
type Check<T> = (input: T) => HttpResult | undefined;

interface SdkRoute {
  /** Present when the SDK reads a JSON body here; the body must then parse to an object. */
  body?: Check<Body>;
  query?: Check<Query>;
}

const badRequest = (message: string) => json(400, { message });
const notFound = (message: string = apiTexts.notFound) => json(404, { message });
const isObject = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/** emailpassword's validateFormFieldsOrThrowError checks types; the email's length is ours to check. */
function formFields(body: Body): HttpResult | undefined {
  const fields = body.formFields;
  if (!Array.isArray(fields)) return badRequest(apiTexts.invalidField('formFields'));
  for (const field of fields) {
    if (!isObject(field) || typeof field.id !== 'string' || field.value === undefined) return badRequest(apiTexts.invalidField('formFields'));
    if (field.id === 'email' || field.id === 'password' || field.id === 'name') {
      if (typeof field.value !== 'string') return badRequest(apiTexts.invalidField(field.id));
      // The SDK trims the email before use, so the limit applies to what it would store.
      if (field.id === 'email' && field.value.trim().length > EMAIL_MAX) return badRequest(apiTexts.emailTooLong);
    }
  }
  return undefined;
}

/**
 * Account linking is not configured: a request asking to link to the signed-in user makes the SDK
 * load the session and then fail; anything but a boolean is read as "maybe".
 */
function linking(body: Body): HttpResult | undefined {
  const flag = body.shouldTryLinkingWithSessionUser;
  if (flag === undefined || flag === false) return undefined;
  return flag === true ? badRequest(apiTexts.linkingNotSupported) : badRequest(apiTexts.invalidField('shouldTryLinkingWithSessionUser'));
}

/** The linking flag where linking to the session user is allowed: a boolean, or absent. */
const linkingFlag = (body: Body) =>
  body.shouldTryLinkingWithSessionUser === undefined || typeof body.shouldTryLinkingWithSessionUser === 'boolean' ? undefined : badRequest(apiTexts.invalidField('shouldTryLinkingWithSessionUser'));

/** Google's one client has no clientType; naming any makes the SDK throw looking for it. */
const noClientType = (clientType: unknown) => (clientType === undefined ? undefined : badRequest(apiTexts.invalidField('clientType')));

function provider(thirdPartyId: unknown, clientType: unknown): HttpResult | undefined {
  if (typeof thirdPartyId !== 'string') return badRequest(apiTexts.invalidField('thirdPartyId'));
  if (!PROVIDERS.has(thirdPartyId)) return notFound(apiTexts.providerNotFound);
  return noClientType(clientType);
}

const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';

/** thirdparty's signinup reads redirectURIInfo's members, or passes oAuthTokens to the provider, unchecked. */
function signInUp(body: Body): HttpResult | undefined {
  const refused = provider(body.thirdPartyId, body.clientType) ?? linking(body);
  if (refused) return refused;
  const { redirectURIInfo: info, oAuthTokens: tokens } = body;
  if (info !== undefined) {
    const valid =
      isObject(info) &&
      typeof info.redirectURIOnProviderDashboard === 'string' &&
      isObject(info.redirectURIQueryParams) &&
      typeof info.redirectURIQueryParams.code === 'string' &&
      isOptionalString(info.pkceCodeVerifier);
    return valid ? undefined : badRequest(apiTexts.invalidField('redirectURIInfo'));
  }
  const valid =
    isObject(tokens) &&
    isOptionalString(tokens.access_token) &&
    isOptionalString(tokens.id_token) &&
    (typeof tokens.access_token === 'string' || typeof tokens.id_token === 'string');
  return valid ? undefined : badRequest(apiTexts.invalidField('oAuthTokens'));
}

function emailQuery(query: Query): HttpResult | undefined {
  const email = query.email;
  return typeof email === 'string' && email.trim().length > EMAIL_MAX ? badRequest(apiTexts.emailTooLong) : undefined;
}

/** Well-formed, then the empty fields answered in the product's words (./empty-fields.ts). */
const signInOrUp = (flow: 'signUp' | 'signIn') => (body: Body) =>
  formFields(body) ?? linking(body) ?? emptyFieldsAnswer(body.formFields as { id: string; value: unknown }[], flow);

/** A credential as the browser's WebAuthn answer is sent: the SDK checks only that it is an object. */
function credential(body: Body): HttpResult | undefined {
  if (typeof body.webauthnGeneratedOptionsId !== 'string' || body.webauthnGeneratedOptionsId.length > 200) return badRequest(apiTexts.invalidField('webauthnGeneratedOptionsId'));
  const c = body.credential;
  const valid = isObject(c) && typeof c.id === 'string' && c.id.length > 0 && c.id.length <= 1024 && typeof c.rawId === 'string' && c.type === 'public-key' && isObject(c.response);
  return valid ? undefined : badRequest(apiTexts.invalidField('credential'));
}

/** Adding a passkey (./passkeys.ts): always to the signed-in account, with the name its owner gave it, if any. */
function passkeySignUp(body: Body): HttpResult | undefined {
  const refused = credential(body);
  if (refused) return refused;
  if (body.shouldTryLinkingWithSessionUser !== true) return badRequest(apiTexts.invalidField('shouldTryLinkingWithSessionUser'));
  if (isBlankPasskeyName(body.passkeyName)) return undefined;
  const name = passkeyNameSchema.safeParse(body.passkeyName);
  return name.success ? undefined : json(400, { message: name.error.issues[0]?.message, fields: { passkeyName: name.error.issues[0]?.message } });
}

/** Register options: the account's address is used whatever is sent (./passkeys.ts), but it must be a sane string; no account recovery. */
function registerOptions(body: Body): HttpResult | undefined {
  if (body.recoverAccountToken !== undefined) return notFound();
  if (typeof body.email !== 'string') return badRequest(apiTexts.invalidField('email'));
  return body.email.trim().length > EMAIL_MAX ? badRequest(apiTexts.emailTooLong) : undefined;
}
/** A string member of at most `max` characters; `optional` lets it be absent. The SDK throws (a 500) on any other type. */
/**
 * A string member of 1 to `max` characters; `optional` lets it be absent. The SDK throws (a 500) on
 * any other type, and hands an empty device name to the core, which refuses it (another 500).
 */
const stringField = (name: string, max: number, optional = false) => (body: Body) => {
  const value = body[name];
  if (value === undefined && optional) return undefined;
  return typeof value === 'string' && value.length >= 1 && value.length <= max ? undefined : badRequest(apiTexts.invalidField(name));
};
const DEVICE_NAME_MAX = 100;
const CODE_MAX = 64;

/** The product's own paths under /api/auth (./handler.ts), answered before the SDK sees a request. */
export const OWN_AUTH_PATHS = ['POST /api/auth/desktop/consent', 'POST /api/auth/desktop/exchange', 'POST /api/auth/reset-link/check'] as const satisfies readonly AuthPath[];

/** 'POST /api/auth/signin' as the SDK's path under the API base: 'POST /signin'. */
type UnderBase<K> = K extends `${infer M} /api/auth${infer P}` ? `${M} ${P}` : never;
type SdkPath = UnderBase<Exclude<AuthPath, (typeof OWN_AUTH_PATHS)[number]>>;

/**
 * Every API the SDK serves for the recipes supertokens.ts configures, by method and path under /api/auth,
 * less the OAuth2 provider recipe's /oauth/* (the product is no OAuth provider). Others answer 404.
 * Keyed by the paths shared/route-policy.ts declares a policy for: one cannot be served without one.
 */
const SDK_ROUTES: Record<SdkPath, SdkRoute> = {
  'POST /signup': { body: signInOrUp('signUp') },
  'POST /signin': { body: signInOrUp('signIn') },
  'POST /user/password/reset/token': { body: formFields },
  'POST /user/password/reset': { body: formFields },
  'GET /emailpassword/email/exists': { query: emailQuery },
  'GET /signup/email/exists': { query: emailQuery },
  'POST /signinup': { body: signInUp },
  // Without a thirdPartyId the SDK refuses the request itself.
  'GET /authorisationurl': { query: (query) => (query.thirdPartyId === undefined ? undefined : provider(query.thirdPartyId, query.clientType)) },
  // Sign in with Apple is not offered; the SDK would try to decode a state it never issued.
  'POST /callback/apple': { query: () => notFound(apiTexts.providerNotFound) },
  // Email verification: asking for a link and asking whether the address is proven read only the session;
  // using a link reads `token` (the SDK refuses a missing or non-string one itself).
  'POST /user/email/verify/token': {},
  'GET /user/email/verify': {},
  'POST /user/email/verify': { body: () => undefined },
  // The session APIs read cookies and headers, never the body.
  'POST /session/refresh': {},
  'POST /signout': {},
  'GET /jwt/jwks.json': {},
  'GET /.well-known/openid-configuration': {},
  'GET /loginmethods': { query: (query) => noClientType(query.clientType) },
  // Passkeys: the recipe's recovery, email check and credential list/removal are not offered (the account routes list and remove).
  'POST /webauthn/options/register': { body: registerOptions },
  'POST /webauthn/options/signin': { body: () => undefined },
  'POST /webauthn/signup': { body: passkeySignUp },
  // With the session's own account, a passkey sign-in completes its second step (the SDK refuses any other account's).
  'POST /webauthn/signin': { body: (body) => credential(body) ?? linkingFlag(body) },
  // The second step (./second-factors.ts): the authenticator app's devices and codes, the factor info,
  // and our own recovery-code route, served beside the SDK's (./recovery-code-sign-in.ts).
  'POST /totp/device': { body: stringField('deviceName', DEVICE_NAME_MAX, true) },
  'GET /totp/device/list': {},
  'POST /totp/device/remove': { body: stringField('deviceName', DEVICE_NAME_MAX) },
  'POST /totp/device/verify': { body: (body) => stringField('deviceName', DEVICE_NAME_MAX)(body) ?? stringField('totp', CODE_MAX)(body) },
  'POST /totp/verify': { body: stringField('totp', CODE_MAX) },
  'PUT /mfa/info': {},
  'POST /mfa/recovery-code': { body: stringField('code', CODE_MAX) },
};

const sdkRoutes: Record<string, SdkRoute | undefined> = SDK_ROUTES;

/** The route under /api/auth and its declared policy, with the public tenant's spelled-out prefix taken off; undefined for any other tenant. */
function sdkRoute(method: string, rawPath: string): { route: SdkRoute; policy: RoutePolicy } | undefined {
  let path = rawPath.slice(API_BASE_PATH.length).replace(/\/+$/, '');
  // The SDK also accepts the one tenant spelled out, as in /api/auth/public/signin.
  const tenantPrefix = `/${TENANT_ID}/`;
  if (!sdkRoutes[`${method} ${path}`] && path.startsWith(tenantPrefix)) path = path.slice(tenantPrefix.length - 1);
  const route = sdkRoutes[`${method} ${path}`];
  return route && { route, policy: AUTH_PATHS[`${method} ${API_BASE_PATH}${path}` as AuthPath] };
}

/**
 * The declared policy of an SDK path (shared/route-policy.ts), or undefined for a path the SDK does not
 * serve here: enforced (functions/lib/policy.ts) before the body is looked at, so a caller without
 * access learns nothing more, as on every other route.
 */
export function authPathPolicy(event: APIGatewayProxyEventV2): RoutePolicy | undefined {
  const method = event.requestContext?.http?.method?.toUpperCase() ?? 'GET';
  const rawPath = event.rawPath ?? '';
  return rawPath.startsWith(`${API_BASE_PATH}/`) ? sdkRoute(method, rawPath)?.policy : undefined;
}

export type GuardResult = { refusal: HttpResult } | { event: APIGatewayProxyEventV2 };

/**
 * The refusal for a request the SDK must not see, or the event to hand it: a base64 body (a request
 * without a text content type) decoded, since the SDK would JSON.parse the base64 itself.
 */
export function guardAuthRequest(event: APIGatewayProxyEventV2): GuardResult {
  const method = event.requestContext?.http?.method?.toUpperCase() ?? 'GET';
  const rawPath = event.rawPath ?? '';
  const found = rawPath.startsWith(`${API_BASE_PATH}/`) ? sdkRoute(method, rawPath) : undefined;
  if (!found) return { refusal: notFound() };
  const { route } = found;

  const raw = event.body === undefined || event.body === null ? undefined : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (raw && raw.length > MAX_BODY_BYTES) return { refusal: json(413, { message: apiTexts.payloadTooLarge }) };
  const text = raw?.toString('utf8');

  const queryRefusal = route.query?.(event.queryStringParameters ?? {});
  if (queryRefusal) return { refusal: queryRefusal };

  if (route.body) {
    let body: unknown = {};
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return { refusal: badRequest(apiTexts.malformedJson) };
      }
    }
    if (!isObject(body)) return { refusal: badRequest(apiTexts.bodyNotObject) };
    const refusal = route.body(body);
    if (refusal) return { refusal };
  }
  return { event: event.isBase64Encoded && text !== undefined ? { ...event, body: text, isBase64Encoded: false } : event };
}
