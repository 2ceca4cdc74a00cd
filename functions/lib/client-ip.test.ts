import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

const SECRET = 'origin-secret-value';
const event = (headers: Record<string, string>, sourceIp = '130.176.1.1') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as Parameters<typeof clientIp>[0];
const viaCloudFront = (viewer: string) => event({ 'cloudfront-viewer-address': viewer, 'x-origin-verify': SECRET });

describe('clientIp', () => {
  it('takes the viewer address CloudFront saw, not the edge server that called the API', () => {
    expect(clientIp(viaCloudFront('198.51.100.10:46532'), SECRET)).toBe('198.51.100.10');
    expect(clientIp(viaCloudFront('2001:db8::8a2e:370:7334:443'), SECRET)).toBe('2001:db8::8a2e:370:7334');
  });

  it('ignores a viewer address on a request that did not come through CloudFront (API Gateway called directly)', () => {
    expect(clientIp(event({ 'cloudfront-viewer-address': '198.51.100.10:1' }, '203.0.113.7'), SECRET)).toBe('203.0.113.7');
    expect(clientIp(event({ 'cloudfront-viewer-address': '198.51.100.10:1', 'x-origin-verify': 'guess' }, '203.0.113.7'), SECRET)).toBe('203.0.113.7');
    expect(clientIp(event({ 'cloudfront-viewer-address': '198.51.100.10:1', 'x-origin-verify': '' }, '203.0.113.7'), '')).toBe('203.0.113.7');
  });

  it('falls back to the source IP when there is no CDN in front (local runtime)', () => {
    expect(clientIp(event({}, '127.0.0.1'), SECRET)).toBe('127.0.0.1');
  });
});

describe('clientIp while the origin secret rotates', () => {
  it('trusts the viewer address with the previous value too, and with neither value not at all', () => {
    const rotating = { value: 'next-origin-secret', previous: SECRET };
    expect(clientIp(viaCloudFront('198.51.100.10:46532'), rotating)).toBe('198.51.100.10');
    expect(clientIp(event({ 'cloudfront-viewer-address': '198.51.100.10:1', 'x-origin-verify': 'next-origin-secret' }), rotating)).toBe('198.51.100.10');
    expect(clientIp(viaCloudFront('198.51.100.10:46532'), { value: 'next-origin-secret' })).toBe('130.176.1.1');
  });
});
