import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { isIPv4, isIPv6 } from 'node:net';
import { ORIGIN_VERIFY_HEADER } from '../../shared/secrets';
import { carriesOriginSecret, type OriginSecret } from './origin-check';

/**
 * The visitor's IP address. Behind CloudFront, API Gateway's sourceIp is an edge server's, so the
 * address CloudFront saw (`CloudFront-Viewer-Address: <ip>:<port>`) comes first, but only on a request
 * that carries CloudFront's origin secret: API Gateway's own address is public too, and a request sent
 * there directly could claim any viewer address. Such a request (and every local one) is known by its
 * sourceIp, which is then the caller's own. While the secret rotates, its previous value counts too.
 */
export function clientIp(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>, originSecret: OriginSecret | string): string {
  const viewer = event.headers['cloudfront-viewer-address'];
  if (viewer && carriesOriginSecret(event.headers[ORIGIN_VERIFY_HEADER], originSecret)) {
    const colon = viewer.lastIndexOf(':');
    const ip = colon > 0 ? viewer.slice(0, colon) : viewer;
    if (ip) return ip.replace(/^\[|\]$/g, '');
  }
  return event.requestContext.http.sourceIp;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The subject every per-address limit counts by: an IPv4 address whole; an IPv6 address by its /64,
 * the network one subscriber is given, inside which a host picks any of 2^64 addresses at will (so a
 * limit per full IPv6 address is no limit); an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, a dual-stack
 * socket's way of showing an IPv4 client) as the IPv4 address it is. Anything else (never from API
 * Gateway) is kept as given, so it still counts against itself.
 */
export function addressKey(ip: string): string {
  const bare = ip.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The key of the client a request came from, for every per-address limit: addressKey of clientIp. */
export function clientKey(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>, originSecret: OriginSecret | string): string {
  return addressKey(clientIp(event, originSecret));
}
