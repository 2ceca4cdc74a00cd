import type { APIGatewayProxyEventV2 } from 'aws-lambda';
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
