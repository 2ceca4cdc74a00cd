import type { ReleaseList } from '../../../shared/api-types';
import { apiOrigin } from '../../../shared/api-base';

/**
 * GET /api/releases: every platform's public releases, newest first (cached at the CDN). Plain fetch,
 * not the axios client: the home page reads it and carries no HTTP client.
 */
export async function fetchReleaseList(): Promise<ReleaseList> {
  const response = await fetch(`${apiOrigin(window.location, __LOCAL_API_ORIGIN__)}/api/releases`);
  if (!response.ok) throw new Error(`GET /api/releases answered ${response.status}`);
  return (await response.json()) as ReleaseList;
}
