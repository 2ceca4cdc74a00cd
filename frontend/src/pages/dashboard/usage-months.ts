/**
 * The months the dashboard's usage shows: the month's allowance and its reset on the Free
 * card, and the last 12 months for the chart. Months are 'YYYY-MM' in UTC, as the API counts them.
 */
import type { UsageHistoryMonth, UserProfile } from '../../../../shared/api-types';
import { addMonths } from '../../../../shared/usage';

/** One month of the profile's `history`: words and recording seconds. */
export type MonthUsage = UsageHistoryMonth;

/** This month in UTC, as 'YYYY-MM'. */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/**
 * The 12 months ending with `month`, oldest first, each with its figures. The API answers all 12,
 * gaps as zeros; still, a month the history does not carry counts as zero here, and the current
 * month falls back on `thisMonth` (which the profile has always carried).
 */
export function lastTwelveMonths(profile: UserProfile | undefined, month: string): MonthUsage[] {
  const byMonth = new Map((profile?.history ?? []).map((m) => [m.month, m]));
  const now = profile?.thisMonth;
  if (now && !byMonth.has(now.month)) byMonth.set(now.month, { month: now.month, words: now.wordsTranscribed, seconds: now.recordingTime });
  return Array.from({ length: 12 }, (_, i) => {
    const at = addMonths(month, i - 11);
    const found = byMonth.get(at);
    return { month: at, words: found?.words ?? 0, seconds: found?.seconds ?? 0 };
  });
}
