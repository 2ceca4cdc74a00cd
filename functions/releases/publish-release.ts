/**
 * Publishing a release (operators, the local seed). Kept apart from releases.ts so the latest-version
 * Lambda does not bundle semver and the validation it never runs.
 */
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import semver from 'semver';
import { tableName } from '../../shared/tables';
import { isConditionFailure } from '../lib/dynamo';
import type { Release } from './releases';

export interface ReleaseInput {
  platform: string;
  version: string;
  downloadUrl: string;
  pubDate: string;
  notes?: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What is wrong with a release, one message per field; empty when it may be published. */
export function releaseProblems(input: { version: string; downloadUrl: string; pubDate?: string }): string[] {
  const problems: string[] = [];
  if (!semver.valid(input.version) || semver.clean(input.version) !== input.version) {
    problems.push(`Version "${input.version}" is not a semantic version like 1.4.2`);
  } else if (semver.prerelease(input.version)) {
    // There is one channel: every desktop app and /download take the newest release as their update.
    problems.push(`Version "${input.version}" is a pre-release; only final versions are published, since every desktop app updates to the newest`);
  }
  let url: URL | undefined;
  try {
    url = new URL(input.downloadUrl);
  } catch {
    problems.push(`Download URL "${input.downloadUrl}" is not a URL`);
  }
  if (url && url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    problems.push('Download URL must use https (http is allowed only for localhost)');
  }
  if (input.pubDate !== undefined && Number.isNaN(Date.parse(input.pubDate))) {
    problems.push(`Date "${input.pubDate}" is not a date like 2026-11-22`);
  }
  return problems;
}

/**
 * A sort key that orders releases by semantic version as plain strings do: each number zero-padded
 * (in pre-release identifiers too, so rc.10 follows rc.9), and a final release ('~') after its own
 * pre-releases ('-rc.1'), since '~' sorts after '-'.
 */
export function versionKey(version: string): string {
  const v = semver.parse(version);
  if (!v) throw new Error(`not a semantic version: ${version}`);
  const pad = (n: number | string) => String(n).padStart(6, '0');
  const tail = v.prerelease.length ? `-${v.prerelease.map((id) => (typeof id === 'number' ? pad(id) : id)).join('.')}` : '~';
  return `${pad(v.major)}.${pad(v.minor)}.${pad(v.patch)}${tail}`;
}

export class ReleaseExistsError extends Error {}

export async function publishRelease(db: DynamoDBDocumentClient, input: ReleaseInput, options: { replace?: boolean } = {}): Promise<Release> {
  const problems = releaseProblems(input);
  if (problems.length) throw new Error(problems.join('\n'));
  const release: Release = {
    platform: input.platform,
    versionKey: versionKey(input.version),
    version: input.version,
    pubDate: new Date(input.pubDate).toISOString(),
    downloadUrl: input.downloadUrl,
    notes: input.notes,
  };
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
      throw new ReleaseExistsError(`Version ${input.version} is already published for ${input.platform}; pass --replace to overwrite it`);
    }
    throw error;
  }
  return release;
}

