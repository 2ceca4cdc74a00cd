import { describe, expect, it } from 'vitest';
import { addressKey, clientIp, clientKey } from './client-ip';

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

describe('addressKey: what the per-address limits count by', () => {
  it('keys an IPv4 address by the whole address', () => {
    expect(addressKey('198.51.100.10')).toBe('198.51.100.10');
    expect(addressKey('198.51.100.11')).toBe('198.51.100.11');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = addressKey('2001:db8:aa:bb:1:2:3:4');
    expect(key).toBe('2001:db8:aa:bb::/64');
    // Another host of the same network (the attacker's next address) counts as the same client...
    expect(addressKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:0DB8:00aa:00bb::1')).toBe(key);
    expect(addressKey('[2001:db8:aa:bb::9]')).toBe(key);
    expect(addressKey('2001:db8:aa:bb::1%eth0')).toBe(key);
    // ...and the next network does not.
    expect(addressKey('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('keys an IPv4-mapped IPv6 address as the IPv4 address it is', () => {
    expect(addressKey('::ffff:198.51.100.10')).toBe('198.51.100.10');
    expect(addressKey('::FFFF:c633:640a')).toBe('198.51.100.10');
    expect(addressKey('0:0:0:0:0:ffff:198.51.100.10')).toBe('198.51.100.10');
    // Not mapped (NAT64's prefix is a real IPv6 network): keyed by its /64.
    expect(addressKey('64:ff9b::198.51.100.10')).toBe('64:ff9b:0:0::/64');
  });

  it('is what clientKey gives for a request, through CloudFront or not', () => {
    expect(clientKey(viaCloudFront('[2001:db8:aa:bb:1:2:3:4]:443'), SECRET)).toBe('2001:db8:aa:bb::/64');
    expect(clientKey(viaCloudFront('2001:db8:aa:bb::7:443'), SECRET)).toBe('2001:db8:aa:bb::/64');
    expect(clientKey(event({}, '::ffff:127.4.5.6'), SECRET)).toBe('127.4.5.6');
    expect(clientKey(event({}, '127.4.5.6'), SECRET)).toBe('127.4.5.6');
  });
});
