/** Display rules both the pages and their tests use. */

/** A release date as visitors read it: 'November 2, 2026', in UTC so it never shifts by a day. */
export function formatReleaseDate(isoDate: string): string {
  return new Date(isoDate).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
