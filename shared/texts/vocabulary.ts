/**
 * The vocabulary and preferences API's sentences (docs/desktop-api.md#vocabulary): the web page and the desktop app show them.
 * Not in shared/texts.ts's index: every Lambda imports the index (functions/lib/http.ts), and the bundler keeps each text module
 * it names in each of them; only the vocabulary Lambda and /account say these.
 */
import { MAX_ENTRIES_TEXT, MAX_PHRASE_CHARS, MAX_SOUNDS_LIKE, MAX_SOUNDS_LIKE_CHARS } from '../vocabulary';

export const vocabularyTexts = {
  phraseRequired: 'Enter the word or phrase',
  phraseTooLong: `Keep a word or phrase to ${MAX_PHRASE_CHARS} characters or fewer`,
  soundsLikeEmpty: 'A "sounds like" variant cannot be empty',
  soundsLikeTooLong: `Keep a "sounds like" variant to ${MAX_SOUNDS_LIKE_CHARS} characters or fewer`,
  soundsLikeList: 'Give the "sounds like" variants as a list of text',
  tooManySoundsLike: `Give at most ${MAX_SOUNDS_LIKE} "sounds like" variants`,
  tooManyEntries: `Your vocabulary can hold at most ${MAX_ENTRIES_TEXT} words and phrases`,
  duplicate: (phrase: string) => `"${phrase}" is already in the list (the same letters, ignoring case)`,
  entriesRequired: 'Send the whole list as entries: an array of { phrase, soundsLike }',
  notAString: 'Must be text',
  /** Conditional writes (RFC 9110 §13.1.1, RFC 6585 §3). */
  ifMatchRequired: 'Send If-Match with the version you last read (its ETag), so a change made elsewhere since then is not overwritten.',
  versionChanged: 'This changed elsewhere since you last read it. The current version is in this answer: merge your changes into it and send them again with its ETag.',
  /** Refusals by plan: which plan includes what was asked for, and the way to it. */
  vocabularyIsPro: 'Custom vocabulary is included in Pro. Upgrade to Pro on the pricing page to add and change your words.',
  vocabularyKept: 'Custom vocabulary is included in Pro. Your words are kept and still used for reading, but changing them needs Pro again: upgrade on the pricing page.',
  styleIsPro: 'The polished style (AI enhancement) is included in Pro. Choose verbatim or clean, or upgrade to Pro.',
  exportFormatIsPro: (format: string) => `Exporting to ${format} is included in Pro; Free exports to text and Markdown. Choose one of those, or upgrade to Pro.`,
  unknownLanguage: 'Choose one of the dictation languages offered',
  unknownStyle: 'Choose verbatim, clean or polished',
  unknownExportFormat: 'Choose text, Markdown, Word, Google Docs or PDF',
  saved: 'Your vocabulary has been saved.',
  preferencesSaved: 'Your preferences have been saved.',
} as const;

/** The export formats by the names people know them by. */
export const EXPORT_FORMAT_NAMES = { text: 'plain text', markdown: 'Markdown', docx: 'Word', 'google-docs': 'Google Docs', pdf: 'PDF' } as const;
