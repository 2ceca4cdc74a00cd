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

/**
 * A moment's date in the reader's time zone (`timeZone` unset: the browser's): 'November 26, 2026'.
 * For moments (an account's creation, a period's end); a release or a policy date is a calendar date
 * and stays formatReleaseDate's.
 */
export function formatLocalDate(at: string | number | Date, timeZone?: string): string {
  return new Date(at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
}

/** A subscription date from epoch seconds, in the reader's time zone: 'November 2, 2026'. */
export function formatEpochDate(epochSeconds: number, timeZone?: string): string {
  return formatLocalDate(epochSeconds * 1000, timeZone);
}

/** The zone's offset from UTC at a moment, in minutes (0 for UTC itself). */
function offsetMinutes(at: Date, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - Math.floor(at.getTime() / 60000) * 60000) / 60000;
}

/**
 * A UTC boundary (a month's usage resets at 00:00 UTC on the 1st) named in UTC, and in the reader's
 * own time where that differs: 'December 1, 00:00 UTC (November 30, 4:00 PM your time)'. The zone is
 * named because the boundary is UTC's, so the reader's own date alone would be a day off for half the world.
 */
export function formatUtcBoundary(at: string | Date, timeZone?: string): string {
  const moment = new Date(at);
  const utc = `${moment.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })}, ${moment.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
  if (offsetMinutes(moment, timeZone) === 0) return utc;
  const date = moment.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone });
  const time = moment.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  return `${utc} (${date}, ${time} your time)`;
}

/** A moment in the reader's own time zone: 'Nov 27, 2026, 7:31 AM' (when a session signed in, or was last active). */
export function formatMoment(isoDateTime: string, timeZone?: string): string {
  return new Date(isoDateTime).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
}
