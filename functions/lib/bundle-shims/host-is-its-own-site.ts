/**
 * Stands in for `tldts` (~100 KB: the public-suffix list, built into a trie at require) in the Lambda
 * bundles (infra/constructs/bundling.ts). supertokens-node asks it for the registrable domain of apiDomain
 * and websiteDomain at init (utils.js getTopLevelDomainForSameSiteResolution, after answering localhost and
 * IP addresses itself), and reads the two answers only to choose SameSite when none is configured
 * (session/utils.js) or, with SameSite None, to refuse an insecure cookie across sites
 * (sessionRequestFunctions.js). supertokens.ts sets SameSite Lax, so neither is read; and the API and the
 * site share one origin (infra/constructs/api.ts gives API_ORIGIN and WEB_ORIGIN the same value; locally
 * both are localhost), so any answer would be the same for both. Here each host is its own site.
 */
export function parse(hostname: string): { domain: string; publicSuffix: string | null } {
  return { domain: hostname, publicSuffix: null };
}
