/**
 * How dictation usage is counted (docs/decisions.md#6: a usage API for the desktop app, real per-month
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

/** The month `offset` months after 'YYYY-MM' (negative for before), as 'YYYY-MM'. */
export function addMonths(month: string, offset: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return usageMonth(new Date(Date.UTC(year, index - 1 + offset, 1)));
}

/** The Privacy page: usage is kept for 12 months after its month ends, then deleted. */
export const RETENTION_MONTHS = 12;

/** The epoch second TTL deletes a month's item at: the first moment 12 months after the month ends. */
export function monthExpiresAt(month: string): number {
  return Date.parse(`${addMonths(month, 1 + RETENTION_MONTHS)}-01T00:00:00Z`) / 1000;
}
