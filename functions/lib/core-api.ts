/**
 * The SuperTokens core's HTTP API (its Core Driver Interface, CDI), asked directly by the Lambdas
 * that do not carry supertokens-node: the session checks (./core-session.ts), the account group and
 * the step-up proof (docs/architecture.md#the-auth-core). Each request is the one the pinned SDK's
 * querier sends for the same question (node_modules/supertokens-node/lib/build/querier.js and
 * recipe/<recipe>/recipeImplementation.js): its `cdi-version`, the `api-key`, the `rid` of a recipe
 * path, and the tenant where the SDK puts it. Over node:http(s) (./node-request.ts), each call
 * under the core's time limit (./unavailable.ts coreTimeoutMs, cut to what is left of the request's
 * budget): a core that does not answer in it, cannot be reached, or answers 5xx or 429 is unavailable
 * (503 with Retry-After); any other answer but 200 is our bug (500), as the SDK takes it.
 */
import { nodeRequest } from './node-request';
import { getSecret } from './secrets';
import { coreTimeoutMs, DependencyUnavailable, unavailableDependency } from './unavailable';

/** The core's address and key, as in the `supertokens` secret. */
export interface CoreConnection {
  connectionUri: string;
  apiKey: string;
}

/**
 * The CDI version the pinned supertokens-node (24.0.3) speaks; a core answers every version it
 * supports, so asking with the SDK's own keeps both sides' views of a user and a session the same.
 */
export const CDI_VERSION = '5.4';

/** The first core of a `;`-separated list, without a trailing slash (as the JWKS address is built). */
export function coreBaseUrl(connectionUri: string): string {
  return connectionUri.split(';')[0]!.trim().replace(/\/+$/, '');
}

export interface CoreCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The CDI path, e.g. `/recipe/session`. */
  path: string;
  /** The tenant, for a path the SDK sends under it (`/<tenantId>/recipe/signin`): functions/auth/app-info.ts TENANT_ID. */
  tenant?: string;
  /** The recipe the SDK's querier names in `rid` on a recipe path. */
  rid?: string;
  /** Query parameters; an undefined one is left out, as the querier leaves it out. */
  query?: Record<string, string | undefined>;
  body?: unknown;
  /**
   * Safe to send twice (a read, a removal): only such a call is sent again when a kept-alive
   * connection turns out closed (./node-request.ts). GETs are.
   */
  idempotent?: true;
  /** What is asked, for the error a failure throws ("a session list"): never the request itself. */
  what: string;
}

/** One call to the core: its JSON answer, or an error the handlers map (503 when the core is away). */
export async function askCore<T>(core: CoreConnection, call: CoreCall, request: typeof nodeRequest = nodeRequest): Promise<T> {
  const query = Object.entries(call.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const url = `${coreBaseUrl(core.connectionUri)}${call.tenant === undefined ? '' : `/${encodeURIComponent(call.tenant)}`}${call.path}${query.length ? `?${new URLSearchParams(query)}` : ''}`;
  const headers: Record<string, string> = { 'cdi-version': CDI_VERSION, ...(call.rid ? { rid: call.rid } : {}), ...(core.apiKey ? { 'api-key': core.apiKey } : {}) };
  if (call.body !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
  const res = await request(url, {
    method: call.method,
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    timeoutMs: coreTimeoutMs(),
    ...(call.idempotent || call.method === 'GET' ? { idempotent: true as const } : {}),
  }).catch((error: unknown) => {
    // Not answered in time, or not reachable: the core is unavailable, not our bug.
    if (unavailableDependency(error)) throw new DependencyUnavailable('auth', `The SuperTokens core did not answer ${call.what}: ${(error as Error).name}`);
    throw error;
  });
  // The body of a failed call is the core's business (it can quote the request); only the status goes on.
  if (res.status >= 500 || res.status === 429) throw new DependencyUnavailable('auth', `The SuperTokens core answered ${res.status} to ${call.what}`);
  if (res.status !== 200) throw new Error(`The SuperTokens core answered ${res.status} to ${call.what}`);
  return JSON.parse(res.body) as T;
}

/** The core this Lambda talks to: the `supertokens` secret, read once per cold start (./secrets.ts). */
export function coreConnection(): Promise<CoreConnection> {
  return getSecret('supertokens');
}
