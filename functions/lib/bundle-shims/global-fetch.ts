/**
 * Stands in for `cross-fetch` and `node-fetch` in the Lambda bundles (infra/constructs/bundling.ts):
 * supertokens-node imports cross-fetch (and through it node-fetch, ~300 KB) only as a fallback for a
 * runtime without `fetch`; its querier calls the global one when there is one, and Node 22 has it.
 */
export default globalThis.fetch;
export const { fetch, Headers, Request, Response } = globalThis;
