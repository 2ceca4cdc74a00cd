/** What the vocabulary group offers its siblings: an account's vocabulary and preferences for its export, and their deletion. */
export { deleteVocabularyOf, readList, readPreferences } from './store';
