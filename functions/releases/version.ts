/**
 * Semantic versions as the releases Lambda needs them: parsed, compared and turned into the table's
 * sort key, without the semver package (the operator command validates with it; the Lambda that
 * answers every desktop app's poll does not bundle it).
 */

// semver.org's own pattern: no leading zeros, pre-release identifiers, build metadata ignored for order.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

/** The sort key pads each number to this many digits, so larger numbers could not be ordered as text. */
const KEY_DIGITS = 6;

export interface ParsedVersion {
  core: [number, number, number];
  prerelease: (number | string)[];
}

/** The version's parts, or undefined when it is not a semantic version the table can order. */
export function parseVersion(text: string): ParsedVersion | undefined {
  if (text.length > 128) return undefined;
  const m = SEMVER.exec(text);
  if (!m) return undefined;
  const numbers = [m[1]!, m[2]!, m[3]!];
  const prerelease = m[4] ? m[4].split('.') : [];
  if ([...numbers, ...prerelease.filter((id) => /^\d+$/.test(id))].some((n) => n.length > KEY_DIGITS)) return undefined;
  return {
    core: numbers.map(Number) as [number, number, number],
    prerelease: prerelease.map((id) => (/^\d+$/.test(id) ? Number(id) : id)),
  };
}

/**
 * A sort key that orders releases by semantic version as plain strings do: each number zero-padded
 * (in pre-release identifiers too, so rc.10 follows rc.9), and a final release ('~') after its own
 * pre-releases ('-rc.1'), since '~' sorts after '-'.
 */
export function versionKey(version: string): string {
  const v = parseVersion(version);
  if (!v) throw new Error(`not a semantic version: ${version}`);
  const pad = (n: number | string) => String(n).padStart(KEY_DIGITS, '0');
  const tail = v.prerelease.length ? `-${v.prerelease.map((id) => (typeof id === 'number' ? pad(id) : id)).join('.')}` : '~';
  return `${v.core.map(pad).join('.')}${tail}`;
}

/** Negative, zero or positive as `a` precedes, equals or follows `b` (both valid, see parseVersion). */
export function compareVersions(a: string, b: string): number {
  const ka = versionKey(a);
  const kb = versionKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
