/**
 * The CloudFront Function (cloudfront-js-2.0) that answers a viewer request: a signed-out visit to a
 * signed-in route is redirected to sign-in, any other request has its path mapped to a bucket object.
 * Its code is generated from shared/url-rewrite.ts, the very functions the local static server uses,
 * with the lists they need (paths with HTML of their own, signed-in routes) inlined, so the CDN and
 * the local site cannot disagree.
 */
import { signedOutRedirect, rewriteUri, sitePath } from '../../shared/url-rewrite';
import { FRONT_TOKEN_COOKIE, HTML_PATHS, SIGNED_OUT_TO } from '../../shared/site-pages';

export function rewriteFunctionCode(htmlPaths: readonly string[] = HTML_PATHS, signedOutTo: Readonly<Record<string, string>> = SIGNED_OUT_TO): string {
  return [
    `var HTML_PATHS = ${JSON.stringify(htmlPaths)};`,
    `var SIGNED_OUT_TO = ${JSON.stringify(signedOutTo)};`,
    `var sitePath = ${sitePath.toString()};`,
    `var rewriteUri = ${rewriteUri.toString()};`,
    `var signedOutRedirect = ${signedOutRedirect.toString()};`,
    'function handler(event) {',
    '  var request = event.request;',
    `  var to = signedOutRedirect(request.uri, !!(request.cookies && request.cookies[${JSON.stringify(FRONT_TOKEN_COOKIE)}]), SIGNED_OUT_TO);`,
    // A response made here skips the cache, so no visitor is ever served another's redirect; no-store
    // keeps browsers from replaying it after the visitor has signed in.
    "  if (to) return { statusCode: 302, statusDescription: 'Found', headers: { location: { value: to }, 'cache-control': { value: 'no-store' } } };",
    '  request.uri = rewriteUri(request.uri, HTML_PATHS);',
    '  return request;',
    '}',
  ].join('\n');
}
