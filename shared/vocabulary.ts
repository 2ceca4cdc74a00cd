/**
 * The custom vocabulary and dictation preferences kept on the account (docs/desktop-api.md#vocabulary):
 * their limits, the languages dictation offers, and the shapes the API answers. The web page, the
 * vocabulary Lambda and the reference desktop client read the same limits.
 */
import type { ExportFormat, OutputStyle } from './plans';

/** The limits of a list, enforced with field errors (shared/schemas/vocabulary.ts). Each a constant of its own too, for texts that name it. */
export const MAX_ENTRIES = 1_000;
/** MAX_ENTRIES as the texts write it; a template's call or property read would keep every Lambda's copy of those texts (esbuild cannot drop it). */
export const MAX_ENTRIES_TEXT = '1,000';
export const MAX_PHRASE_CHARS = 100;
export const MAX_SOUNDS_LIKE = 5;
export const MAX_SOUNDS_LIKE_CHARS = 100;
export const VOCABULARY_LIMITS = {
  entries: MAX_ENTRIES,
  phraseChars: MAX_PHRASE_CHARS,
  soundsLike: MAX_SOUNDS_LIKE,
  soundsLikeChars: MAX_SOUNDS_LIKE_CHARS,
} as const;

/** One word or phrase Voxpen should write as given, with what it may sound like when spoken. */
export interface VocabularyEntry {
  phrase: string;
  soundsLike: string[];
}

/** GET /api/vocabulary (and PUT's answer, and 412's): `version` is the ETag's value. */
export interface VocabularyList {
  version: number;
  entries: VocabularyEntry[];
  /** False on a plan without custom vocabulary (Free, or after a downgrade): the list is kept and read, not changed. */
  editable: boolean;
}

/** Dictation languages, BCP 47 tags with their names as the pages show them. */
export const LANGUAGES = {
  'en-US': 'English (United States)',
  'en-GB': 'English (United Kingdom)',
  'en-AU': 'English (Australia)',
  'en-CA': 'English (Canada)',
  'en-IN': 'English (India)',
  'es-ES': 'Spanish (Spain)',
  'es-MX': 'Spanish (Mexico)',
  'fr-FR': 'French (France)',
  'fr-CA': 'French (Canada)',
  'de-DE': 'German',
  'it-IT': 'Italian',
  'pt-BR': 'Portuguese (Brazil)',
  'pt-PT': 'Portuguese (Portugal)',
  'nl-NL': 'Dutch',
  'sv-SE': 'Swedish',
  'da-DK': 'Danish',
  'nb-NO': 'Norwegian (Bokmål)',
  'fi-FI': 'Finnish',
  'pl-PL': 'Polish',
  'ja-JP': 'Japanese',
  'ko-KR': 'Korean',
  'zh-CN': 'Chinese (Simplified)',
} as const;
export type LanguageTag = keyof typeof LANGUAGES;
export const LANGUAGE_TAGS = /* @__PURE__ */ Object.keys(LANGUAGES) as LanguageTag[];

/** GET /api/preferences (and PUT's answer, and 412's). */
export interface Preferences {
  version: number;
  language: LanguageTag;
  style: OutputStyle;
  exportFormat: ExportFormat;
}

/** An account that never saved preferences reads these, at version 0. */
export const DEFAULT_PREFERENCES: Preferences = { version: 0, language: 'en-US', style: 'clean', exportFormat: 'text' };

/**
 * Two phrases are the same entry when they match ignoring case (and Unicode's composed or decomposed
 * forms): 'Voxpen' and 'voxpen' are one entry, refused as a duplicate in one list and merged as one.
 */
export function phraseKey(phrase: string): string {
  return phrase.normalize('NFC').toLocaleLowerCase('en-US');
}

/** An ETag of a version, `"7"`, and the version an `If-Match`/`If-None-Match` value names (undefined: none or not ours). */
export function versionTag(version: number): string {
  return `"${version}"`;
}
