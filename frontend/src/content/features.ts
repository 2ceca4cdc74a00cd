import type { Feature } from '../components/FeatureCard';

/** spec §2: the home page's six feature cards, in order. */
export const HOME_FEATURES: readonly Feature[] = [
  { icon: 'mic', title: 'Voice to Text', body: 'Speak naturally and watch your words appear as clean, accurate text in real time.' },
  { icon: 'format', title: 'Smart Formatting', body: 'Punctuation, paragraphs and capitals fall into place, so drafts read like writing, not transcripts.' },
  { icon: 'bolt', title: 'Lightning Fast', body: 'Over 500 words a minute with no waiting: text lands as soon as you finish a sentence.' },
  { icon: 'sparkles', title: 'AI Enhancement', body: 'Tighten a ramble, fix grammar or change the tone with one command, without leaving your flow.' },
  { icon: 'clock', title: 'Time Saving', body: 'Writers save three quarters of their drafting time by talking through first drafts.' },
  { icon: 'files', title: 'Multiple Formats', body: 'Export to Word, Google Docs, Markdown, PDF or plain text, ready for wherever you publish.' },
];

/** The features page adds what matters once you dictate every day. */
export const MORE_FEATURES: readonly Feature[] = [
  { icon: 'globe', title: 'Works in Any App', body: 'Dictate straight into your editor, email, notes or chat: the desktop app types wherever your cursor is.' },
  { icon: 'book', title: 'Custom Vocabulary', body: 'Teach Voxpen character names, jargon and spellings once; it gets them right from then on.' },
  { icon: 'shield', title: 'Private by Design', body: 'Recordings are encrypted in transit and at rest and deleted after 30 days. Your words stay yours.' },
];
