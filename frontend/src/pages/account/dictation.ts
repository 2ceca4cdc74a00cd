/**
 * /account's Vocabulary and Preferences sections, one chunk the page's loader fetches beside its reads
 * (./account-data.ts): about 20 KB of code (the editor, the file import, the languages) that the rest of
 * the page need not wait for.
 */
export { PreferencesSection } from './PreferencesSection';
export { VocabularySection } from './VocabularySection';
