import type { LatestVersion } from '../../../shared/api-types';
import { api } from './client';

export async function fetchLatestVersion(): Promise<LatestVersion> {
  const { data } = await api.get<LatestVersion>('/api/latest-version');
  return data;
}
