/** GET /api/latest-version: the newest Windows release (spec §3, §7), cacheable for a minute. */
import { DEFAULT_PLATFORM } from '../../shared/product';
import { apiTexts } from '../../shared/texts';
import { cacheableJson } from '../lib/cacheable';
import { documentClient } from '../lib/dynamo';
import { httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { latestRelease, toLatestVersion } from './releases';

export const LATEST_VERSION_MAX_AGE_SECONDS = 60;

export const handler = httpHandler(async (event) => {
  const release = await latestRelease(documentClient(), DEFAULT_PLATFORM);
  if (!release) throw new HttpError(404, apiTexts.noRelease);
  return cacheableJson(event, toLatestVersion(release), LATEST_VERSION_MAX_AGE_SECONDS);
});
