/**
 * Publishing a release (operators, the local seed). Kept apart from releases.ts so the latest-version
 * Lambda does not bundle semver and the validation it never runs.
 */
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import semver from 'semver';
import { LEGACY_PLATFORM_KEYS, type Platform } from '../../shared/platforms';
import { tableName } from '../../shared/tables';
import { isConditionFailure } from '../lib/dynamo';
import type { Release, RolloutChange } from './releases';
import { FULL_ROLLOUT } from './rollout';
import { parseVersion, versionKey } from './version';

export { versionKey } from './version';

export interface ReleaseInput {
  platform: Platform;
  version: string;
  downloadUrl: string;
  pubDate: string;
  notes?: string;
  /** The `.sig` file's content; only signed releases are offered by the update endpoint. */
  signature?: string;
  updateUrl?: string;
  /** 1–100, default 100. */
  rollout?: number;
  /** Who published it (the operator command records its user). */
  by?: string;
  /** Below the platform's newest, published with `--allow-older`: listed, never offered as an update. */
  notOffered?: boolean;
  /** The update file's bytes and SHA-256, and the key id of its signature, as the release command checked them. */
  size?: number;
  sha256?: string;
  signatureKeyId?: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What is wrong with a release, one message per field; empty when it may be published. */
export function releaseProblems(input: { version: string; downloadUrl: string; pubDate?: string; updateUrl?: string; rollout?: number }): string[] {
  const problems: string[] = [];
  if (!semver.valid(input.version) || semver.clean(input.version) !== input.version) {
    problems.push(`Version "${input.version}" is not a semantic version like 1.4.2`);
  } else if (semver.prerelease(input.version)) {
    // There is one channel: every desktop app and /download take the newest release as their update.
    problems.push(`Version "${input.version}" is a pre-release; only final versions are published, since every desktop app updates to the newest`);
  }
  problems.push(...urlProblems('Download URL', input.downloadUrl));
  if (input.updateUrl !== undefined) problems.push(...urlProblems('Update URL', input.updateUrl));
  if (input.rollout !== undefined) problems.push(...rolloutProblems(input.rollout));
  if (input.pubDate !== undefined && Number.isNaN(Date.parse(input.pubDate))) {
    problems.push(`Date "${input.pubDate}" is not a date like 2026-11-22`);
  }
  return problems;
}

function urlProblems(label: string, text: string): string[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [`${label} "${text}" is not a URL`];
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return [`${label} must use https (http is allowed only for localhost)`];
  }
  return [];
}

export function rolloutProblems(rollout: number): string[] {
  return Number.isInteger(rollout) && rollout >= 1 && rollout <= FULL_ROLLOUT ? [] : [`Rollout "${rollout}" must be a whole percentage from 1 to 100`];
}

export class ReleaseExistsError extends Error {}

/**
 * Where a new version stands among a platform's releases (`releases` as platformReleases reads them,
 * halted ones included: installations may be on those). A version already published needs `replace`;
 * one below any published version needs `allowOlder`, and is then published as not offered, since an
 * installed app only takes a higher version as its update.
 */
export function versionOrder(
  releases: readonly Release[],
  input: { platform: Platform; version: string },
  options: { replace?: boolean; allowOlder?: boolean },
): { problem: string } | { notOffered: boolean } {
  const key = versionKey(input.version);
  if (!options.replace && releases.some((r) => r.versionKey === key)) return { problem: alreadyPublished(input) };
  const newest = releases[0];
  const below = Boolean(newest && newest.versionKey > key);
  if (below && !options.allowOlder) {
    return {
      problem: `Version ${input.version} is below ${newest!.version}, the newest published for ${input.platform}: installed apps only update to a higher version. Publish a version above ${newest!.version}, or pass --allow-older to list this one without offering it as an update`,
    };
  }
  return { notOffered: below };
}

const alreadyPublished = (input: { platform: Platform; version: string }) => `Version ${input.version} is already published for ${input.platform}; pass --replace to overwrite it`;

export async function publishRelease(db: DynamoDBDocumentClient, input: ReleaseInput, options: { replace?: boolean } = {}): Promise<Release> {
  const problems = releaseProblems(input);
  if (problems.length) throw new Error(problems.join('\n'));
  const at = new Date().toISOString();
  const rollout = input.rollout ?? FULL_ROLLOUT;
  const release: Release = {
    platform: input.platform,
    versionKey: versionKey(input.version),
    version: input.version,
    pubDate: new Date(input.pubDate).toISOString(),
    downloadUrl: input.downloadUrl,
    // Empty notes are no notes: the update endpoint and the pages then say nothing rather than "".
    ...(input.notes?.trim() ? { notes: input.notes } : {}),
    signature: input.signature,
    updateUrl: input.updateUrl,
    rollout,
    ...(input.notOffered ? { notOffered: true } : {}),
    ...(input.size !== undefined ? { size: input.size } : {}),
    ...(input.sha256 ? { sha256: input.sha256 } : {}),
    ...(input.signatureKeyId ? { signatureKeyId: input.signatureKeyId } : {}),
    ...(input.by ? { publishedBy: input.by, rolloutChanges: [{ at, by: input.by, rollout }] } : {}),
  };
  // A version stored under the platform's legacy name is the same release: publishing it again is a replace.
  const legacy = LEGACY_PLATFORM_KEYS[input.platform];
  if (legacy && !options.replace) {
    const held = await db.send(new GetCommand({ TableName: tableName('releases'), Key: { platform: legacy, versionKey: release.versionKey } }));
    if (held.Item) throw new ReleaseExistsError(alreadyPublished(input));
  }
  try {
    await db.send(
      new PutCommand({
        TableName: tableName('releases'),
        Item: release,
        ConditionExpression: options.replace ? undefined : 'attribute_not_exists(versionKey)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) {
      throw new ReleaseExistsError(alreadyPublished(input));
    }
    throw error;
  }
  return release;
}


export class ReleaseMissingError extends Error {}

/**
 * Widens (or narrows) a published release's rollout, or halts it, and appends who and when to its
 * `rolloutChanges`. A new percentage also lifts a halt: it is how a halted release resumes.
 */
export async function changeRollout(
  db: DynamoDBDocumentClient,
  key: { platform: Platform; version: string },
  change: { rollout: number | 'halted'; by: string; at?: Date },
): Promise<Release> {
  if (change.rollout !== 'halted') {
    const problems = rolloutProblems(change.rollout);
    if (problems.length) throw new Error(problems.join('\n'));
  }
  const at = (change.at ?? new Date()).toISOString();
  const entry: RolloutChange = { at, by: change.by, rollout: change.rollout };
  const set = change.rollout === 'halted' ? 'haltedAt = :at' : 'rollout = :rollout';
  // Resuming lifts the halt and the rollback with it: the release is the update again.
  const remove = change.rollout === 'halted' ? '' : ' REMOVE haltedAt, rollbackTo';
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: tableName('releases'),
        Key: { platform: key.platform, versionKey: versionKey(key.version) },
        UpdateExpression: `SET ${set}, rolloutChanges = list_append(if_not_exists(rolloutChanges, :none), :entry)${remove}`,
        ConditionExpression: 'attribute_exists(versionKey)',
        ExpressionAttributeValues: {
          ...(change.rollout === 'halted' ? { ':at': at } : { ':rollout': change.rollout }),
          ':entry': [entry],
          ':none': [],
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as Release;
  } catch (error) {
    if (isConditionFailure(error)) throw new ReleaseMissingError(`Version ${key.version} is not published for ${key.platform}`);
    throw error;
  }
}

/**
 * What stops sending installations on `version` back to `to`, one sentence; undefined when it may be
 * done. `releases` is the platform's, newest first, as platformReleases reads them.
 */
export function rollbackProblem(releases: readonly Release[], input: { platform: Platform; version: string; to: string }): string | undefined {
  const halted = releases.find((r) => r.versionKey === versionKey(input.version));
  if (!halted) return `Version ${input.version} is not published for ${input.platform}: name the release to roll back with --version`;
  if (!parseVersion(input.to)) return `--rollback-to "${input.to}" is not a semantic version like 1.4.2`;
  const target = releases.find((r) => r.versionKey === versionKey(input.to));
  if (!target) return `Version ${input.to} is not published for ${input.platform}: roll back to one of ${releases.filter((r) => r !== halted).map((r) => r.version).join(', ') || '(none)'}`;
  if (target.versionKey >= halted.versionKey) return `Version ${input.to} is not older than ${input.version}: a rollback sends installations back to an older release (publish a fix above ${input.version} to move them forward)`;
  if (!target.signature) return `Version ${input.to} for ${input.platform} is unsigned: installed apps would refuse it, so roll back to a signed release`;
  if (target.haltedAt) return `Version ${input.to} for ${input.platform} is halted itself: roll back to a release that is not`;
  return undefined;
}

/**
 * Halts `version` (if it is not already) and sends the installations on it back to the older `to`; the
 * change goes on the release's record. Check rollbackProblem first.
 */
export async function rollBack(
  db: DynamoDBDocumentClient,
  input: { platform: Platform; version: string; to: string },
  change: { by: string; at?: Date },
): Promise<Release> {
  const at = (change.at ?? new Date()).toISOString();
  const entry: RolloutChange = { at, by: change.by, rollout: 'halted', rollbackTo: input.to };
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: tableName('releases'),
        Key: { platform: input.platform, versionKey: versionKey(input.version) },
        UpdateExpression: 'SET haltedAt = if_not_exists(haltedAt, :at), rollbackTo = :to, rolloutChanges = list_append(if_not_exists(rolloutChanges, :none), :entry)',
        ConditionExpression: 'attribute_exists(versionKey)',
        ExpressionAttributeValues: { ':at': at, ':to': input.to, ':entry': [entry], ':none': [] },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as Release;
  } catch (error) {
    if (isConditionFailure(error)) throw new ReleaseMissingError(`Version ${input.version} is not published for ${input.platform}`);
    throw error;
  }
}
