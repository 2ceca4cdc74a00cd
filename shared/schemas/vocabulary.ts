/** Bodies of PUT /api/vocabulary and PUT /api/preferences, validated the same way on /account and in the vocabulary Lambda. */
import * as z from 'zod/mini';
import { EXPORT_FORMATS, OUTPUT_STYLES } from '../plans';
import { vocabularyTexts as t } from '../texts/vocabulary';
import { LANGUAGE_TAGS, phraseKey, VOCABULARY_LIMITS as L } from '../vocabulary';

const phrase = z.string({ error: t.phraseRequired }).check(z.trim(), z.minLength(1, { error: t.phraseRequired }), z.maxLength(L.phraseChars, { error: t.phraseTooLong }));
const variant = z.string({ error: t.notAString }).check(z.trim(), z.minLength(1, { error: t.soundsLikeEmpty }), z.maxLength(L.soundsLikeChars, { error: t.soundsLikeTooLong }));

export const vocabularyEntry = z.object({
  phrase,
  soundsLike: z._default(z.array(variant, { error: t.soundsLikeList }).check(z.maxLength(L.soundsLike, { error: t.tooManySoundsLike })), []),
});

/** The whole list, as the client wants it to be: at most 1,000 entries, no phrase twice (ignoring case). */
export const vocabularyBody = z.object({
  entries: z
    .array(vocabularyEntry, { error: t.entriesRequired })
    .check(
      z.maxLength(L.entries, { error: t.tooManyEntries }),
      z.superRefine((entries, ctx) => {
        const seen = new Set<string>();
        entries.forEach((entry, i) => {
          const key = phraseKey(entry.phrase);
          if (seen.has(key)) ctx.addIssue({ code: 'custom', message: t.duplicate(entry.phrase), path: [i, 'phrase'], input: entry.phrase });
          seen.add(key);
        });
      }),
    ),
});
export type VocabularyBody = z.infer<typeof vocabularyBody>;

export const preferencesBody = z.object({
  language: z.enum(LANGUAGE_TAGS as [string, ...string[]], { error: t.unknownLanguage }),
  style: z.enum(OUTPUT_STYLES, { error: t.unknownStyle }),
  exportFormat: z.enum(EXPORT_FORMATS, { error: t.unknownExportFormat }),
});
export type PreferencesBody = z.infer<typeof preferencesBody>;
