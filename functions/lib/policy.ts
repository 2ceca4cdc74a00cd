/**
 * The one place a route's declared policy (shared/route-policy.ts, shared/routes.ts) is enforced:
 * httpHandler runs `policyGuard` for every product route, the auth Lambda runs `enforcePolicy` for
 * every path under /api/auth before the SDK sees it. In order, cheapest first: the same-origin rule
 * for writes, the session (its token, the core when the route wants it live, the proven address, the
 * second step), then the account's deletion mark. The step-up proof, which reads the body, runs after
 * the body is validated (./step-up.ts). docs/security.md#who-may-call-what.
 */
import type middy from '@middy/core';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RoutePolicy, SessionPolicy } from '../../shared/route-policy';
import { apiTexts } from '../../shared/texts/api';
import { UNAUTHORISED } from './access-token';
import { verifyWithCore } from './core-session';
import { documentClient } from './dynamo';
import { HttpError } from './http-error';
import type { HttpResult } from './response';
import { getSecret } from './secrets';
import { accessTokenOf, requireSession, sessionOf } from './session';
import { REFRESH_TOKEN_COOKIE } from './session-tokens';

/** The local web app's origin when none is configured (as functions/auth/app-info.ts). */
const DEFAULT_LOCAL_WEB_ORIGIN = 'http://localhost:5173';

/** The origins the product's pages are served from: deployed one (API_ORIGIN is the same), locally the web server's. */
export function allowedOrigins(env: NodeJS.ProcessEnv = process.env): Set<string> {
  return new Set([env.WEB_ORIGIN ?? DEFAULT_LOCAL_WEB_ORIGIN, ...(env.API_ORIGIN ? [env.API_ORIGIN] : [])]);
}

const header = (event: Pick<APIGatewayProxyEventV2, 'headers'>, name: string) => event.headers?.[name] ?? undefined;

/** Whether the request carries any of the session's cookies (what a browser adds on its own to a cross-site request). */
function carriesSessionCookies(event: Pick<APIGatewayProxyEventV2, 'headers' | 'cookies'>): boolean {
  const cookies = event.cookies ?? header(event, 'cookie')?.split(';').map((c) => c.trim()) ?? [];
  return cookies.some((c) => c.startsWith('sAccessToken=') || c.startsWith(`${REFRESH_TOKEN_COOKIE}=`));
}

/**
 * The same-origin rule for writes (OWASP's "verifying origin with standard headers" plus a custom
 * request header, the SDK's VIA_CUSTOM_HEADER):
 * - a browser's Sec-Fetch-Site of `cross-site` is refused; `same-site` (another port or subdomain of
 *   the same site, e.g. the Stripe stand-in at http://localhost:12111) passes only with an Origin on
 *   the allow-list, which deployed is the API's own origin, so there it means same-origin;
 * - an Origin, where sent, must be on the allow-list (`null` is not);
 * - a request carrying the session cookies must carry a `rid` header, which the web SDK sends with
 *   every call and the API client (frontend/src/api/client.ts) with every other. A page on another
 *   site cannot add a header to a cross-origin request without a CORS preflight, which the API
 *   answers for its own origin only. A request with no cookie (the desktop app's Bearer token, a
 *   server) carries nothing a browser would add on its own, so nothing is asked of it.
 */
export function sameOriginRefusal(event: Pick<APIGatewayProxyEventV2, 'headers' | 'cookies'>, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const site = header(event, 'sec-fetch-site');
  const origin = header(event, 'origin');
  const allowed = allowedOrigins(env);
  if (site === 'cross-site') return apiTexts.notFromTheSite;
  if (origin !== undefined && !allowed.has(origin)) return apiTexts.notFromTheSite;
  if (site === 'same-site' && origin === undefined) return apiTexts.notFromTheSite;
  if (carriesSessionCookies(event) && !header(event, 'rid')) return apiTexts.notFromTheSite;
  return undefined;
}

/** The account's record as a deletion concerns it (functions/user-record/deletion.ts deletionStateOf). */
export type DeletionState = 'PRESENT' | 'MARKED' | 'MISSING';
type DeletionStateReader = (db: DynamoDBDocumentClient, userId: string) => Promise<DeletionState>;

let deletionStateOf: DeletionStateReader | undefined;

/**
 * How this Lambda reads an account's deletion mark: its handler module gives the users table's owner's
 * reader (functions/user-record), which this folder cannot import (it imports this one), as it gives
 * whileCoreKeysLoad its work. A route declared `notDeleting` in a Lambda that gave none fails closed
 * (500), which the route × state test would show.
 */
export function readDeletionMarksWith(reader: DeletionStateReader): void {
  deletionStateOf = reader;
}

/** Whether this Lambda gave its reader (functions/lib/policy.test.ts checks each Lambda with such a route does). */
export function readsDeletionMarks(): boolean {
  return deletionStateOf !== undefined;
}

async function deletionState(userId: string): Promise<DeletionState> {
  if (!deletionStateOf) throw new Error('notDeleting declared, but this Lambda gave no deletion-mark reader (readDeletionMarksWith)');
  return deletionStateOf(documentClient(), userId);
}

/**
 * What an account being deleted is answered: what a deleted account's session is answered, the SDK's
 * 401 'unauthorised', on which the web SDK signs out. A sign-in's own answer is the auth Lambda's
 * to give (functions/auth/handler.ts: as for a deleted account's credentials).
 */
export class AccountBeingDeleted extends HttpError {
  constructor() {
    super(401, UNAUTHORISED);
  }
}

export function deletingRefusal(): HttpError {
  return new AccountBeingDeleted();
}

/**
 * `notDeleting` on a session route: a marked account is refused. A missing record is an account
 * deleted (the record goes last) or, rarely, one whose record was lost (/api/ensure-user-exists
 * repairs it): a route that did not ask the core already asks it then whether the session stands, so a
 * deleted account's unexpired token reads nothing, and a lost record's owner is served as before.
 */
async function refuseDeleting(event: APIGatewayProxyEventV2, { caller }: SessionPolicy): Promise<void> {
  const state = await deletionState(sessionOf(event).userId);
  if (state === 'MARKED') throw deletingRefusal();
  if (state === 'MISSING' && caller === 'session') {
    const token = accessTokenOf(event)!.token;
    await verifyWithCore(await getSecret('supertokens'), token, true);
  }
}

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult>;
type Request = Parameters<NonNullable<Middleware['before']>>[0];

export interface PolicyOptions {
  /** The 401's words for a caller without a live session (the launch page's own), in place of the SDK's 'unauthorised'. */
  signedOutMessage?: string;
}

/**
 * The policy as a middy middleware (httpHandler's): before the body is read, a caller without access
 * learns nothing more. A session renewed by the core goes back with the answer (./session.ts).
 */
export function policyGuard(policy: RoutePolicy, options: PolicyOptions = {}): Middleware {
  const session =
    policy.caller === 'anyone' ? undefined : requireSession({ live: policy.caller === 'liveSession', unverifiedEmail: !policy.provenEmail, owingSecondStep: !policy.secondStep });
  return {
    before: async (request) => {
      if (policy.sameOrigin) {
        const refusal = sameOriginRefusal(request.event);
        if (refusal) throw new HttpError(403, refusal);
      }
      if (!session) return;
      try {
        await session.before!(request);
      } catch (error) {
        if (options.signedOutMessage && error instanceof HttpError && error.statusCode === 401) throw new HttpError(401, options.signedOutMessage);
        throw error;
      }
      if (policy.caller !== 'anyone' && policy.notDeleting) await refuseDeleting(request.event, policy);
    },
    ...(session ? { after: session.after, onError: session.onError } : {}),
  };
}

/**
 * The policy for a request outside middy (the auth Lambda's paths the SDK serves): the refusal to
 * answer, or undefined. The SDK then checks the session again itself and answers with any renewed
 * token; asking the core twice is harmless (./core-session.ts).
 */
export async function enforcePolicy(event: APIGatewayProxyEventV2, policy: RoutePolicy): Promise<HttpError | undefined> {
  const request = { event, context: {}, response: undefined, error: undefined, internal: {} } as unknown as Request;
  try {
    await policyGuard(policy).before!(request);
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}
