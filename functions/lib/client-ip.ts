import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The visitor's IP address. Behind CloudFront, API Gateway's sourceIp is an edge server's, so the
 * address CloudFront saw (`CloudFront-Viewer-Address: <ip>:<port>`, forwarded to public routes by the
 * stack's origin request policy) comes first; locally there is no CDN and sourceIp is the visitor.
 */
export function clientIp(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const viewer = event.headers['cloudfront-viewer-address'];
  if (viewer) {
    const colon = viewer.lastIndexOf(':');
    const ip = colon > 0 ? viewer.slice(0, colon) : viewer;
    if (ip) return ip.replace(/^\[|\]$/g, '');
  }
  return event.requestContext.http.sourceIp;
}
