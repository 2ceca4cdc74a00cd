/** Display rules both the pages and their tests use. */

/** A release date as visitors read it: 'November 2, 2026', in UTC so it never shifts by a day. */
export function formatReleaseDate(isoDate: string): string {
  return new Date(isoDate).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** spec §9: a duration in seconds, under an hour in minutes ('45 min'), else in hours ('1.5 hrs'). */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Number((seconds / 3600).toFixed(1));
  return `${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
}

/** A count as readers expect it: '12,345'. */
export function formatCount(count: number): string {
  return Math.round(count).toLocaleString('en-US');
}

/**
 * A metric card's change line. spec §9: '+0 this month' when there is nothing to add, also when the
 * figure rounds to nothing (20 s of recording is '0 min'); docs/decisions.md#7: `amount` is the month's
 * real figure, formatted like the card otherwise.
 */
export function formatThisMonth(amount: number, format: (value: number) => string): string {
  const shown = amount > 0 ? format(amount) : undefined;
  return `+${shown === undefined || shown === format(0) ? '0' : shown} this month`;
}

/**
 * docs/decisions.md#7: the real month's figure where the profile has one; otherwise the spec's average
 * (spec §9: the total over whole months since sign-up, the whole total in the first month). Under 1
 * counts as nothing.
 */
export function monthlyChange(total: number, thisMonth: number | undefined, createdAt: string, now: Date = new Date()): number {
  if (thisMonth !== undefined) return thisMonth;
  const created = new Date(createdAt);
  const months = (now.getUTCFullYear() - created.getUTCFullYear()) * 12 + (now.getUTCMonth() - created.getUTCMonth()) - (now.getUTCDate() < created.getUTCDate() ? 1 : 0);
  const average = months < 1 ? total : total / months;
  return average < 1 ? 0 : average;
}

/** A subscription date from epoch seconds: 'November 2, 2026', in UTC like the release dates. */
export function formatEpochDate(epochSeconds: number): string {
  return formatReleaseDate(new Date(epochSeconds * 1000).toISOString());
}
