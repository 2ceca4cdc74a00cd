/**
 * The local auth core's client with the bundle's time limit. Deployed, supertokens-node's requests to
 * the core go through the bundles' fetch (functions/lib/bundle-shims/fetch-over-node-http.ts), which
 * gives a request without a signal the core's limit (cut to what is left of the request's budget);
 * in-process locally they go through Node's own fetch, which has none, so a held core would hold a
 * sign-in until the gateway's deadline. The local runtime therefore gives requests to its core the same
 * limit, and the local product waits on the core exactly as the deployed one does.
 */
import { coreTimeoutMs } from '../../functions/lib/unavailable';

const coreOrigins = new Set<string>();
let installed = false;

/** From now on, requests to `coreUrl` without a signal of their own end after the core's limit. */
export function limitCoreRequests(coreUrl: string): void {
  coreOrigins.add(new URL(coreUrl).origin);
  if (installed) return;
  installed = true;
  const unlimited = globalThis.fetch;
  globalThis.fetch = (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.signal || !coreOrigins.has(new URL(url).origin)) return unlimited(input, init);
    return unlimited(input, { ...init, signal: AbortSignal.timeout(coreTimeoutMs()) });
  };
}
