/** Installer releases as readers see them: per platform, newest first. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LatestVersion, PlatformReleases } from '../../shared/api-types';
import { LEGACY_PLATFORM_KEYS, PLATFORMS, platformNamed, type Platform } from '../../shared/platforms';
import { tableName } from '../../shared/tables';
import { queryAll, scanAll } from '../lib/dynamo';
import { FULL_ROLLOUT } from './rollout';

/** One rollout change, kept on the release so who widened or halted it, and when, is on record. */
export interface RolloutChange {
  at: string;
  by: string;
  /** The new percentage, or 'halted'. */
  rollout: number | 'halted';
  /** With 'halted': the older version installations on this one are sent back to. */
  rollbackTo?: string;
}

export interface Release {
  /** The partition: a Platform, or the legacy `windows-x64` of releases published before platforms. */
  platform: string;
  versionKey: string;
  version: string;
  pubDate: string;
  downloadUrl: string;
  notes?: string;
  /** The `.sig` file's content (base64 minisign), verified against the updater key when published. Unsigned releases are never offered as updates. */
  signature?: string;
  /** What the updater downloads, when it is not the download itself (macOS: the `.app.tar.gz`, not the `.dmg`). The signature is of this file. */
  updateUrl?: string;
  /** Percent of installations offered it as an update, 1–100; absent (releases from before rollouts) means 100. */
  rollout?: number;
  /** Set when halted: no longer offered, listed or downloaded. */
  haltedAt?: string;
  /**
   * On a halted release: the older version the update endpoint answers to installations still on this
   * one (a downgrade, which the app accepts through its version comparator). Lifted with the halt.
   */
  rollbackTo?: string;
  /**
   * Published with `--allow-older`, below the platform's newest: listed and downloadable, never offered
   * as an update (it would be a downgrade to some and a surprise to all), but it may be a rollback target.
   */
  notOffered?: boolean;
  /** Bytes and SHA-256 (hex) of the update file, the one the signature is over, as fetched when published. */
  size?: number;
  sha256?: string;
  /** The updater key the signature was made with, as minisign shows key ids. */
  signatureKeyId?: string;
  publishedBy?: string;
  rolloutChanges?: RolloutChange[];
}

/** The rollout as a number, 100 for releases stored before rollouts. */
export function rolloutOf(release: Release): number {
  return release.rollout ?? FULL_ROLLOUT;
}

/** What /download and /api/latest-version serve: neither halted nor still in a staged rollout. */
export function isPublic(release: Release): boolean {
  return !release.haltedAt && rolloutOf(release) >= FULL_ROLLOUT;
}

function partition(db: DynamoDBDocumentClient, key: string): Promise<Release[]> {
  return queryAll<Release>(db, { TableName: tableName('releases'), KeyConditionExpression: 'platform = :p', ExpressionAttributeValues: { ':p': key }, ScanIndexForward: false });
}

/** Newest first; a version stored under both names is the one under the platform's own name. */
function merged(platform: Platform, items: Release[]): Release[] {
  const byKey = new Map<string, Release>();
  for (const item of items) {
    const held = byKey.get(item.versionKey);
    if (!held || (held.platform !== platform && item.platform === platform)) byKey.set(item.versionKey, item);
  }
  return [...byKey.values()].sort((a, b) => (a.versionKey < b.versionKey ? 1 : a.versionKey > b.versionKey ? -1 : 0));
}

/**
 * Every release of a platform, newest first, halted and staged ones too. A platform's releases are a
 * few dozen items at most, so they are read whole rather than paged by the readers' conditions.
 */
export async function platformReleases(db: DynamoDBDocumentClient, platform: Platform): Promise<Release[]> {
  const legacy = LEGACY_PLATFORM_KEYS[platform];
  const parts = await Promise.all([partition(db, platform), ...(legacy ? [partition(db, legacy)] : [])]);
  return merged(platform, parts.flat());
}

export async function latestRelease(db: DynamoDBDocumentClient, platform: Platform): Promise<Release | undefined> {
  return (await platformReleases(db, platform)).find(isPublic);
}

/** Every platform's public releases, newest first, for /download/releases: one Scan of a small table. */
export async function publicReleases(db: DynamoDBDocumentClient): Promise<PlatformReleases[]> {
  const byPlatform = new Map<Platform, Release[]>();
  for (const item of await scanAll<Release>(db, { TableName: tableName('releases') })) {
    const platform = platformNamed(item.platform);
    if (platform) byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), item]);
  }
  return PLATFORMS.flatMap((platform) => {
    const releases = merged(platform, byPlatform.get(platform) ?? []).filter(isPublic);
    return releases.length ? [{ platform, releases: releases.map(toLatestVersion) }] : [];
  });
}

export function toLatestVersion(release: Release): LatestVersion {
  return {
    version: release.version,
    pub_date: release.pubDate,
    download_url: release.downloadUrl,
    ...(release.notes ? { notes: release.notes } : {}),
  };
}
