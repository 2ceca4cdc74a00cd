/** The rotation's CloudFront side: only the API origin's origin-verify header changes, written If-Match the ETag read. */
import { GetDistributionConfigCommand, UpdateDistributionCommand, type CloudFrontClient, type DistributionConfig } from '@aws-sdk/client-cloudfront';
import { describe, expect, it } from 'vitest';
import { cloudFrontOriginHeader, originHeaderValue, withOriginHeader } from './distribution';

const config = (): DistributionConfig =>
  ({
    CallerReference: 'ref',
    Comment: 'Voxpen site and API',
    Enabled: true,
    Origins: {
      Quantity: 2,
      Items: [
        { Id: 'site', DomainName: 'bucket.s3.amazonaws.com', CustomHeaders: { Quantity: 0 }, S3OriginConfig: { OriginAccessIdentity: '' } },
        {
          Id: 'api',
          DomainName: 'abc.execute-api.eu-central-1.amazonaws.com',
          CustomHeaders: { Quantity: 2, Items: [{ HeaderName: 'x-other', HeaderValue: 'keep' }, { HeaderName: 'X-Origin-Verify', HeaderValue: 'old' }] },
          CustomOriginConfig: { HTTPPort: 80, HTTPSPort: 443, OriginProtocolPolicy: 'https-only' },
        },
      ],
    },
    DefaultCacheBehavior: { TargetOriginId: 'site', ViewerProtocolPolicy: 'redirect-to-https' },
    WebACLId: 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/x/1',
  }) as DistributionConfig;

describe('withOriginHeader', () => {
  it("changes the origin-verify header's value on the API origin and nothing else", () => {
    const before = config();
    const after = withOriginHeader(before, 'x-origin-verify', 'new');
    expect(originHeaderValue(after, 'x-origin-verify')).toBe('new');
    const expected = config();
    expected.Origins!.Items![1]!.CustomHeaders!.Items![1]!.HeaderValue = 'new';
    expect(after).toEqual(expected);
    // The configuration read is left as it was.
    expect(before).toEqual(config());
  });

  it('reads nothing where no origin sends the header', () => {
    const headerless = config();
    headerless.Origins!.Items![1]!.CustomHeaders = { Quantity: 0 };
    expect(originHeaderValue(headerless, 'x-origin-verify')).toBeUndefined();
    expect(withOriginHeader(headerless, 'x-origin-verify', 'new')).toEqual(headerless);
  });
});

describe('cloudFrontOriginHeader', () => {
  it('writes back the configuration it read, with the new value, If-Match its ETag', async () => {
    const sent: unknown[] = [];
    const client = {
      send: async (command: unknown) => {
        sent.push(command);
        if (command instanceof GetDistributionConfigCommand) return { DistributionConfig: config(), ETag: 'E2ETAG' };
        if (command instanceof UpdateDistributionCommand) return { ETag: 'E3ETAG' };
        throw new Error('unexpected command');
      },
    } as unknown as Pick<CloudFrontClient, 'send'>;
    const header = cloudFrontOriginHeader(client, 'E123', 'x-origin-verify');
    expect(await header.read()).toBe('old');
    await header.write('new');
    const update = sent.find((c) => c instanceof UpdateDistributionCommand) as UpdateDistributionCommand;
    expect(update.input.Id).toBe('E123');
    expect(update.input.IfMatch).toBe('E2ETAG');
    expect(update.input.DistributionConfig).toEqual(withOriginHeader(config(), 'x-origin-verify', 'new'));
    expect((sent[0] as GetDistributionConfigCommand).input).toEqual({ Id: 'E123' });
  });
});
