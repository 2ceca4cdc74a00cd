/**
 * The CloudFront Function (cloudfront-js-2.0) that maps a viewer path to a bucket object. Its code is
 * generated from shared/url-rewrite.ts, the very function the local static server uses, with the list
 * of prerendered pages inlined, so the CDN and the local site cannot disagree.
 */
import { rewriteUri } from '../../shared/url-rewrite';
import { SITE_PAGES } from '../../shared/site-pages';

export function rewriteFunctionCode(prerendered: readonly string[] = SITE_PAGES.map((p) => p.path)): string {
  return [
    `var PRERENDERED = ${JSON.stringify(prerendered)};`,
    `var rewriteUri = ${rewriteUri.toString()};`,
    'function handler(event) {',
    '  var request = event.request;',
    '  request.uri = rewriteUri(request.uri, PRERENDERED);',
    '  return request;',
    '}',
  ].join('\n');
}
