/** Installer releases as readers see them: the newest per platform. */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LatestVersion } from '../../shared/api-types';
import { tableName } from '../../shared/tables';

export interface Release {
  platform: string;
  versionKey: string;
  version: string;
  pubDate: string;
  downloadUrl: string;
  notes?: string;
}

export async function latestRelease(db: DynamoDBDocumentClient, platform: string): Promise<Release | undefined> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName('releases'),
      KeyConditionExpression: 'platform = :p',
      ExpressionAttributeValues: { ':p': platform },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return out.Items?.[0] as Release | undefined;
}

export function toLatestVersion(release: Release): LatestVersion {
  return {
    version: release.version,
    pub_date: release.pubDate,
    download_url: release.downloadUrl,
    ...(release.notes ? { notes: release.notes } : {}),
  };
}
