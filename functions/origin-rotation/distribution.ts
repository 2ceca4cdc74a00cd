import { GetDistributionConfigCommand, UpdateDistributionCommand, type CloudFrontClient, type DistributionConfig } from '@aws-sdk/client-cloudfront';
import type { OriginHeader } from './rotation';

const sameName = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/** The header's value on the first origin that sends it (the API origin; the site's S3 origin has none). */
export function originHeaderValue(config: DistributionConfig, header: string): string | undefined {
  for (const origin of config.Origins?.Items ?? []) {
    const found = origin.CustomHeaders?.Items?.find((h) => sameName(h.HeaderName, header));
    if (found) return found.HeaderValue;
  }
  return undefined;
}

/**
 * The configuration with the header's value replaced on each origin that sends it, everything else as
 * it was: UpdateDistribution replaces the whole configuration, so what goes back is what came.
 */
export function withOriginHeader(config: DistributionConfig, header: string, value: string): DistributionConfig {
  const items = (config.Origins?.Items ?? []).map((origin) => {
    const headers = origin.CustomHeaders?.Items;
    if (!headers?.some((h) => sameName(h.HeaderName, header))) return origin;
    return {
      ...origin,
      CustomHeaders: { ...origin.CustomHeaders!, Items: headers.map((h) => (sameName(h.HeaderName, header) ? { ...h, HeaderValue: value } : h)) },
    };
  });
  return { ...config, Origins: { ...config.Origins!, Items: items } };
}

/**
 * The distribution's origin header through CloudFront's API: read the configuration with its ETag, write
 * it back with only the header changed, If-Match that ETag, so a change made in between (a deploy) makes
 * the write fail (PreconditionFailed) instead of being overwritten; the rotation is then retried.
 */
export function cloudFrontOriginHeader(client: Pick<CloudFrontClient, 'send'>, distributionId: string, header: string): OriginHeader {
  const current = async () => {
    const out = await client.send(new GetDistributionConfigCommand({ Id: distributionId }));
    if (!out.DistributionConfig || !out.ETag) throw new Error(`CloudFront returned no configuration for distribution ${distributionId}`);
    return { config: out.DistributionConfig, etag: out.ETag };
  };
  return {
    async read() {
      return originHeaderValue((await current()).config, header);
    },
    async write(value) {
      const { config, etag } = await current();
      await client.send(new UpdateDistributionCommand({ Id: distributionId, IfMatch: etag, DistributionConfig: withOriginHeader(config, header, value) }));
    },
  };
}
