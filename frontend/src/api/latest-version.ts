import type { LatestVersion } from '../../../shared/api-types';
import { DEFAULT_PLATFORM, type Platform } from '../../../shared/platforms';
import { api } from './client';

/** The newest public release of `platform`; the Windows build's address has no query, as before platforms. */
export async function fetchLatestVersion(platform: Platform = DEFAULT_PLATFORM): Promise<LatestVersion> {
  const { data } = await api.get<LatestVersion>('/api/latest-version', platform === DEFAULT_PLATFORM ? {} : { params: { platform } });
  return data;
}
