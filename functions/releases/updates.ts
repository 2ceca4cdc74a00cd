/**
 * GET /api/updates/{target}/{arch}/{current_version}: Tauri's dynamic update protocol. 204
 * when nothing newer is offered to this installation, else 200 with the signed release; 400 for a
 * target, arch or version it cannot mean.
 */
import type { UpdateManifest } from '../../shared/api-types';
import { platformNamed, UPDATE_ARCHS, UPDATE_TARGETS, type Platform } from '../../shared/platforms';
import { apiTexts } from '../../shared/texts/api';
import { HttpError } from '../lib/http-error';
import { type Release, rolloutOf } from './releases';
import { FULL_ROLLOUT, isOffered } from './rollout';
import { parseVersion, versionKey } from './version';

/** The platform and current version from the path, or a 400 naming what is wrong. */
export function updateRequest(params: Record<string, string | undefined> | undefined): { platform: Platform; currentVersion: string } {
  const { target = '', arch = '', current_version: currentVersion = '' } = params ?? {};
  if (!(UPDATE_TARGETS as readonly string[]).includes(target)) throw new HttpError(400, apiTexts.unknownTarget(UPDATE_TARGETS));
  if (!(UPDATE_ARCHS as readonly string[]).includes(arch)) throw new HttpError(400, apiTexts.unknownArch(UPDATE_ARCHS));
  if (!parseVersion(currentVersion)) throw new HttpError(400, apiTexts.invalidVersion);
  return { platform: `${target}-${arch}` as Platform, currentVersion };
}

/** Releases an installation may be sent at all: signed, not halted. */
function installable(release: Release): boolean {
  return Boolean(release.signature) && !release.haltedAt;
}

/** Releases offered as the update to older installations: installable, and not published as an older one. */
function updatable(release: Release): boolean {
  return installable(release) && !release.notOffered;
}

export interface UpdateDecision {
  release?: Release;
  /**
   * Whether another installation could get a different answer at this path: a staged release newer than
   * what everyone gets. Such answers must not be cached at the CDN, whose key is the path alone.
   */
  variesByInstallation: boolean;
}

/**
 * The newest signed release above `currentVersion` offered to this installation; `releases` newest first.
 * With nothing newer, an installation on a halted release that names a rollback gets that older release:
 * a fix published above the halted one still wins, so a rollback never holds back a forward fix.
 */
export function chooseUpdate(releases: readonly Release[], currentVersion: string, installId: string | undefined): UpdateDecision {
  const current = versionKey(currentVersion);
  const newer = releases.filter((r) => updatable(r) && r.versionKey > current);
  const forEveryone = newer.find((r) => rolloutOf(r) >= FULL_ROLLOUT);
  const staged = newer.filter((r) => rolloutOf(r) < FULL_ROLLOUT && (!forEveryone || r.versionKey > forEveryone.versionKey));
  const offered = staged.find((r) => isOffered(rolloutOf(r), installId, { platform: platformOf(r), version: r.version }));
  return { release: offered ?? forEveryone ?? rollbackFor(releases, current), variesByInstallation: staged.length > 0 };
}

/** The release an installation on the halted version `current` is sent back to, if that version names one. */
function rollbackFor(releases: readonly Release[], current: string): Release | undefined {
  const halted = releases.find((r) => r.versionKey === current && r.haltedAt && r.rollbackTo);
  if (!halted) return undefined;
  const target = versionKey(halted.rollbackTo!);
  return releases.find((r) => r.versionKey === target && r.versionKey < current && installable(r));
}

/** The hash's platform is the Tauri name, so a release stored under the legacy name rolls out like any other. */
function platformOf(release: Release): string {
  return platformNamed(release.platform) ?? release.platform;
}

export function toUpdateManifest(release: Release): UpdateManifest {
  return {
    version: release.version,
    url: release.updateUrl ?? release.downloadUrl,
    signature: release.signature!,
    // Optional in Tauri's format: a release without notes sends none rather than an empty text.
    ...(release.notes ? { notes: release.notes } : {}),
    pub_date: release.pubDate,
  };
}
