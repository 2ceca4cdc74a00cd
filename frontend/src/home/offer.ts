/**
 * Which desktop build a visitor is offered: the Mac build on a Mac when one is published,
 * else the Windows build, named as such to a Mac visitor, never under an Apple icon. Shared by the home
 * page and /download; kept free of any HTTP client so the home page stays light.
 */
import type { LatestVersion, ReleaseList } from '../../../shared/api-types';
import type { Platform } from '../../../shared/platforms';
import type { MacArch, Visitor } from './platform';

export type MacPlatform = `darwin-${MacArch}`;
/** The Mac builds in the order they are offered when the processor is unknown: Apple silicon first. */
export const MAC_PLATFORMS: readonly MacPlatform[] = ['darwin-aarch64', 'darwin-x86_64'];

/** The newest public release of each Mac build that has one. */
export type MacBuilds = Partial<Record<MacPlatform, LatestVersion>>;

export type Offer =
  /** A Windows (or other) visitor: the Windows build. */
  | { kind: 'windows' }
  /** A Mac visitor while the published Mac builds are not yet known (or could not be read): /download decides. */
  | { kind: 'mac-unknown' }
  /** A Mac visitor and no Mac build for them: the Mac version is coming, the Windows build is offered by name. */
  | { kind: 'windows-for-mac' }
  /**
   * A Mac visitor with Mac builds: `platforms` the published ones, the visitor's own first; `chosen` when
   * the browser told the processor and that build is published (then it alone is offered).
   */
  | { kind: 'mac'; platforms: MacPlatform[]; chosen?: MacPlatform };

/** `builds` undefined: not known yet, or the read failed. */
export function offerFor(visitor: Visitor | undefined, builds: MacBuilds | undefined): Offer {
  if (visitor?.platform !== 'mac') return { kind: 'windows' };
  if (!builds) return { kind: 'mac-unknown' };
  const own = visitor.arch && (`darwin-${visitor.arch}` as const);
  const platforms = MAC_PLATFORMS.filter((p) => builds[p]).sort((a, b) => Number(b === own) - Number(a === own));
  if (!platforms.length) return { kind: 'windows-for-mac' };
  // A Mac whose own build is not published is still shown the other one, labelled: it is its to judge.
  return own && builds[own] ? { kind: 'mac', platforms, chosen: own } : { kind: 'mac', platforms };
}

/** Whether any Mac build is published: what makes the home page's "Available on Windows & Mac OS" true. */
export const hasMacBuild = (builds: MacBuilds): boolean => MAC_PLATFORMS.some((p) => builds[p]);

/**
 * The newest public release of each Mac build, from the release list (one cached answer, where a
 * platform with nothing published is simply absent; /api/latest-version would answer 404).
 */
export function macBuildsOf(list: ReleaseList): MacBuilds {
  const builds: MacBuilds = {};
  for (const platform of MAC_PLATFORMS) {
    const release = newestOf(list, platform);
    if (release) builds[platform] = release;
  }
  return builds;
}

/** The newest public release of `platform` in the release list (newest first), if it has one. */
export function newestOf(list: ReleaseList, platform: Platform): LatestVersion | undefined {
  return list.platforms.find((p) => p.platform === platform)?.releases[0];
}
