/**
 * How dictation usage is counted (DECISIONS.md: a usage API for the desktop app, real per-month
 * figures, Free's words per month enforced). Months are calendar months in UTC.
 */

/** Typing speed the "time saved" metric compares dictation against (an average typist). */
export const TYPING_WORDS_PER_MINUTE = 40;

/** Seconds saved by dictating `words` in `recordingSeconds` rather than typing them; never negative. */
export function timeSavedSeconds(words: number, recordingSeconds: number): number {
  return Math.max(0, Math.round((words / TYPING_WORDS_PER_MINUTE) * 60 - recordingSeconds));
}

/** The usage month a moment falls in, as the usage table keys it: '2026-11'. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}
