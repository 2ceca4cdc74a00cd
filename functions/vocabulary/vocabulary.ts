/**
 * The rules of the vocabulary and the preferences (docs/desktop-api.md#vocabulary): Pro (a trial too)
 * changes the vocabulary; Free reads it (empty, or kept from a Pro that ended) and is refused a change;
 * a preference a plan does not include is refused with the plan that does (who may call at all is the
 * routes' policy: shared/routes.ts). Dependencies are given, outcomes answered; the handler turns them into HTTP.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { planIncludesExportFormat, planIncludesStyle, PLAN_INCLUDES } from '../../shared/plans';
import type { PreferencesBody, VocabularyBody } from '../../shared/schemas/vocabulary';
import { EXPORT_FORMAT_NAMES, vocabularyTexts as t } from '../../shared/texts/vocabulary';
import type { Preferences, VocabularyList } from '../../shared/vocabulary';
import { planOfUser } from '../user-record';
import { readList, replaceList, savePreferences } from './store';

export interface VocabularyDeps {
  db: DynamoDBDocumentClient;
  /** Epoch ms. */
  now: () => number;
}

/** What `If-Match` named: the versions it lists, `any` for `*`, nothing when it was not sent. */
export type Precondition = { status: 'MISSING' } | { status: 'OK'; expected: number[] | 'any' };

export type ListOutcome = { status: 'OK'; list: VocabularyList };

export type ListWriteOutcome =
  | { status: 'OK'; list: VocabularyList }
  | { status: 'STALE'; list: VocabularyList }
  | { status: 'PRECONDITION_REQUIRED' }
  | { status: 'NOT_INCLUDED'; message: string };

export type PreferencesWriteOutcome =
  | { status: 'OK'; preferences: Preferences }
  | { status: 'STALE'; preferences: Preferences }
  | { status: 'PRECONDITION_REQUIRED' }
  | { status: 'NOT_INCLUDED'; message: string; fields: Record<string, string> };


export async function readVocabulary(deps: VocabularyDeps, userId: string): Promise<ListOutcome> {
  const [list, plan] = await Promise.all([readList(deps.db, userId), planOfUser(deps.db, userId)]);
  return { status: 'OK', list: { ...list, editable: PLAN_INCLUDES[plan].vocabulary } };
}

export async function writeVocabulary(deps: VocabularyDeps, userId: string, precondition: Precondition, body: VocabularyBody): Promise<ListWriteOutcome> {
  if (precondition.status === 'MISSING') return { status: 'PRECONDITION_REQUIRED' };
  const plan = await planOfUser(deps.db, userId);
  if (!PLAN_INCLUDES[plan].vocabulary) {
    const kept = (await readList(deps.db, userId)).entries.length > 0;
    return { status: 'NOT_INCLUDED', message: kept ? t.vocabularyKept : t.vocabularyIsPro };
  }
  const entries = body.entries.map(({ phrase, soundsLike }) => ({ phrase, soundsLike }));
  const written = await replaceList(deps.db, userId, precondition.expected, entries, deps.now());
  return { status: written.status, list: { ...written.list, editable: true } };
}

/** The sentence for each value the plan does not include, by field. */
function notIncluded(plan: 'free' | 'pro', body: PreferencesBody): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!planIncludesStyle(plan, body.style)) fields.style = t.styleIsPro;
  if (!planIncludesExportFormat(plan, body.exportFormat)) fields.exportFormat = t.exportFormatIsPro(EXPORT_FORMAT_NAMES[body.exportFormat]);
  return fields;
}

export async function writePreferences(deps: VocabularyDeps, userId: string, precondition: Precondition, body: PreferencesBody): Promise<PreferencesWriteOutcome> {
  if (precondition.status === 'MISSING') return { status: 'PRECONDITION_REQUIRED' };
  const plan = await planOfUser(deps.db, userId);
  const fields = notIncluded(plan, body);
  const first = Object.values(fields)[0];
  if (first) return { status: 'NOT_INCLUDED', message: first, fields };
  return savePreferences(deps.db, userId, precondition.expected, body as Omit<Preferences, 'version'>, deps.now());
}
