import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

const event = (headers: Record<string, string>, sourceIp = '130.176.1.1') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as Parameters<typeof clientIp>[0];

describe('clientIp', () => {
  it('takes the viewer address CloudFront saw, not the edge server that called the API', () => {
    expect(clientIp(event({ 'cloudfront-viewer-address': '198.51.100.10:46532' }))).toBe('198.51.100.10');
    expect(clientIp(event({ 'cloudfront-viewer-address': '2001:db8::8a2e:370:7334:443' }))).toBe('2001:db8::8a2e:370:7334');
  });

  it('falls back to the source IP when there is no CDN in front (local runtime)', () => {
    expect(clientIp(event({}, '127.0.0.1'))).toBe('127.0.0.1');
  });
});
