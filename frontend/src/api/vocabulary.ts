/** The vocabulary and preferences routes (docs/desktop-api.md#vocabulary), as /account calls them: every write If-Match the version it read. */
import type { Preferences, VocabularyEntry, VocabularyList } from '../../../shared/vocabulary';
import { versionTag } from '../../../shared/vocabulary';
import { api, isApiError } from './client';

export async function readVocabulary(): Promise<VocabularyList> {
  const { data } = await api.get<VocabularyList>('/api/vocabulary');
  return data;
}

/** A write's answer: saved, or STALE with the state as it is now (412) for the caller to apply its change to. */
export type Written<T> = { status: 'OK'; value: T } | { status: 'STALE'; value: T };

async function conditionalPut<T>(path: string, version: number, body: unknown): Promise<Written<T>> {
  try {
    const { data } = await api.put<T>(path, body, { headers: { 'if-match': versionTag(version) } });
    return { status: 'OK', value: data };
  } catch (error) {
    if (isApiError<T>(error) && error.response?.status === 412) return { status: 'STALE', value: error.response.data };
    throw error;
  }
}

export function saveVocabulary(version: number, entries: VocabularyEntry[]): Promise<Written<VocabularyList>> {
  return conditionalPut('/api/vocabulary', version, { entries });
}

export async function readPreferences(): Promise<Preferences> {
  const { data } = await api.get<Preferences>('/api/preferences');
  return data;
}

export function savePreferences(version: number, values: Omit<Preferences, 'version'>): Promise<Written<Preferences>> {
  return conditionalPut('/api/preferences', version, values);
}
