/**
 * The origin rule (spec §7, docs/decisions.md#2): on localhost the product's calls go to the local API
 * gateway; anywhere else to the page's own origin, where CloudFront routes `/api/*` to API Gateway.
 */
export const DEFAULT_LOCAL_API_ORIGIN = 'http://localhost:4000';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function apiOrigin(location: { hostname: string; origin: string }, localApiOrigin = DEFAULT_LOCAL_API_ORIGIN): string {
  return LOOPBACK_HOSTS.has(location.hostname) ? localApiOrigin : location.origin;
}
