/**
 * The CloudFront Function (cloudfront-js-2.0) that maps a viewer path to a bucket object. Its code is
 * generated from shared/url-rewrite.ts, the very function the local static server uses, with the list
 * of paths that have HTML of their own (prerendered pages, signed-in shells) inlined, so the CDN and the local site cannot disagree.
 */
import { rewriteUri } from '../../shared/url-rewrite';
import { HTML_PATHS } from '../../shared/site-pages';

export function rewriteFunctionCode(htmlPaths: readonly string[] = HTML_PATHS): string {
  return [
    `var HTML_PATHS = ${JSON.stringify(htmlPaths)};`,
    `var rewriteUri = ${rewriteUri.toString()};`,
    'function handler(event) {',
    '  var request = event.request;',
    '  request.uri = rewriteUri(request.uri, HTML_PATHS);',
    '  return request;',
    '}',
  ].join('\n');
}
