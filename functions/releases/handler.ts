/**
 * The releases function group (spec §3, §7), all public and cacheable at the CDN:
 * GET /api/latest-version[?platform=…] for /download and older desktop apps, GET /api/releases for
 * /download/releases, and Tauri's update endpoint, GET /api/updates/{target}/{arch}/{current_version}.
 */
import { DEFAULT_PLATFORM, platformNamed, PLATFORMS } from '../../shared/platforms';
import { apiTexts } from '../../shared/texts/api';
import { cacheableJson } from '../lib/cacheable';
import { documentClient } from '../lib/dynamo';
import { byRouteKey, httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { json } from '../lib/response';
import { latestRelease, platformReleases, publicReleases, toLatestVersion } from './releases';
import { INSTALL_ID_HEADER, installIdOf } from './rollout';
import { chooseUpdate, toUpdateManifest, updateRequest } from './updates';

export const LATEST_VERSION_MAX_AGE_SECONDS = 60;

const latestVersion = httpHandler(async (event) => {
  const requested = event.queryStringParameters?.platform;
  // The legacy name is accepted too: it is the same build, and was the only one before platforms.
  const platform = requested === undefined ? DEFAULT_PLATFORM : platformNamed(requested);
  if (!platform) throw new HttpError(400, apiTexts.unknownPlatform(PLATFORMS));
  const release = await latestRelease(documentClient(), platform);
  if (!release) throw new HttpError(404, apiTexts.noRelease);
  return cacheableJson(event, toLatestVersion(release), LATEST_VERSION_MAX_AGE_SECONDS);
}, { route: 'GET /api/latest-version' });

const releaseList = httpHandler(async (event) => cacheableJson(event, { platforms: await publicReleases(documentClient()) }, LATEST_VERSION_MAX_AGE_SECONDS), {
  route: 'GET /api/releases',
});

const updates = httpHandler(async (event) => {
  const { platform, currentVersion } = updateRequest(event.pathParameters);
  const installId = installIdOf(event.headers[INSTALL_ID_HEADER]);
  const { release, variesByInstallation } = chooseUpdate(await platformReleases(documentClient(), platform), currentVersion, installId);
  // CloudFront's key is the path alone: an answer that hangs on this installation's rollout bucket
  // (or on its having none) must not be served to the next poller, so it is never stored there.
  if (variesByInstallation) {
    const headers = { 'cache-control': 'private, no-store' };
    return release ? json(200, toUpdateManifest(release), headers) : { statusCode: 204, headers, body: '' };
  }
  if (!release) return { statusCode: 204, headers: { 'cache-control': `public, max-age=${LATEST_VERSION_MAX_AGE_SECONDS}` }, body: '' };
  return cacheableJson(event, toUpdateManifest(release), LATEST_VERSION_MAX_AGE_SECONDS);
}, { route: 'GET /api/updates/{target}/{arch}/{current_version}' });

export const handler = byRouteKey({
  'GET /api/latest-version': latestVersion,
  'GET /api/releases': releaseList,
  'GET /api/updates/{target}/{arch}/{current_version}': updates,
});
