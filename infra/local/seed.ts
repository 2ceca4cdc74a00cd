/** What a newcomer sees on first start: one sample release, written only when there is none. */
import { DEFAULT_PLATFORM } from '../../shared/platforms';
import { createDocumentClient } from '../../functions/lib/dynamo';
import { publishRelease } from '../../functions/releases/publish-release';
import { latestRelease } from '../../functions/releases/releases';

export const SAMPLE_RELEASE = {
  version: '1.4.2',
  pubDate: '2026-11-02T09:00:00.000Z',
  notes: 'Faster dictation start-up and a new export to Markdown.',
};

export async function seedSampleRelease(dynamoEndpoint: string, webOrigin: string): Promise<boolean> {
  const db = createDocumentClient(dynamoEndpoint);
  try {
    if (await latestRelease(db, DEFAULT_PLATFORM)) return false;
    await publishRelease(db, {
      platform: DEFAULT_PLATFORM,
      ...SAMPLE_RELEASE,
      // Served by the local web server so the Download button works offline.
      downloadUrl: `${webOrigin}/downloads/Voxpen_${SAMPLE_RELEASE.version}_x64-setup.exe`,
    });
    return true;
  } finally {
    db.destroy();
  }
}
