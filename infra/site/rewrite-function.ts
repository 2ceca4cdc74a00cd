/**
 * The CloudFront Function (cloudfront-js-2.0) that answers a viewer request: a signed-out visit to a
 * signed-in route is redirected to sign-in, a signed-in visit to sign-in or sign-up on past it, a path that is neither a page nor a client route is
 * answered 404 with the not-found page, any other request has its path mapped to a bucket object.
 * Its code is generated from shared/url-rewrite.ts, the very functions the local static server uses,
 * with the lists they need (paths with HTML of their own, client routes, signed-in routes) inlined, so
 * the CDN and the local site cannot disagree.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isClientRoute, opensOtherView, rewriteUri, signedInRedirect, signedOutRedirect, sitePath } from '../../shared/url-rewrite';
import { APP_SHELL_FILE, CLIENT_ROUTES, DESKTOP_SIGN_IN_TO, FRONT_TOKEN_COOKIE, HTML_PATHS, NOT_FOUND_FILE, NOT_FOUND_TITLE, OTHER_VIEW_PARAMS, SIGNED_IN_TO, SIGNED_OUT_TO } from '../../shared/site-pages';

/** CloudFront's limit on a function's code. */
export const FUNCTION_CODE_LIMIT_BYTES = 10 * 1024;

/** What a 404 carries when there is no built site to take the not-found page from (a synth without a build). */
const BARE_NOT_FOUND_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="robots" content="noindex" /><title>${NOT_FOUND_TITLE}</title></head><body><h1>Page not found</h1><p><a href="/">Go to Home</a></p></body></html>`;

/**
 * The built not-found page: the app shell titled for it (frontend/prerender.ts). S3 cannot give an
 * object a status and CloudFront's custom error pages would apply to the API's answers too, so the
 * function carries the page and answers the 404 itself; the shell is small enough to fit its code.
 */
export function notFoundHtml(distDir: string): string {
  const file = join(distDir, NOT_FOUND_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8') : BARE_NOT_FOUND_HTML;
}

export interface RewriteFunctionOptions {
  htmlPaths?: readonly string[];
  clientRoutes?: readonly string[];
  signedOutTo?: Readonly<Record<string, string>>;
  signedInTo?: Readonly<Record<string, string>>;
  /** The body of a 404 answer. */
  notFoundPage?: string;
}

export function rewriteFunctionCode(options: RewriteFunctionOptions = {}): string {
  const { htmlPaths = HTML_PATHS, clientRoutes = CLIENT_ROUTES, signedOutTo = SIGNED_OUT_TO, signedInTo = SIGNED_IN_TO, notFoundPage = BARE_NOT_FOUND_HTML } = options;
  return [
    `var HTML_PATHS = ${JSON.stringify(htmlPaths)};`,
    `var CLIENT_ROUTES = ${JSON.stringify(clientRoutes)};`,
    `var SIGNED_OUT_TO = ${JSON.stringify(signedOutTo)};`,
    `var SIGNED_IN_TO = ${JSON.stringify(signedInTo)};`,
    `var OTHER_VIEW_PARAMS = ${JSON.stringify(OTHER_VIEW_PARAMS)};`,
    `var NOT_FOUND_PAGE = ${JSON.stringify(notFoundPage)};`,
    `var sitePath = ${sitePath.toString()};`,
    `var isClientRoute = ${isClientRoute.toString()};`,
    `var rewriteUri = ${rewriteUri.toString()};`,
    `var signedOutRedirect = ${signedOutRedirect.toString()};`,
    `var signedInRedirect = ${signedInRedirect.toString()};`,
    `var opensOtherView = ${opensOtherView.toString()};`,
    // The query string as received: CloudFront hands the function its parameters parsed, their values
    // as the viewer sent them (still URL-encoded), a repeated one as multiValue.
    'function queryOf(querystring) {',
    '  var parts = [];',
    '  for (var name in querystring) {',
    '    var entry = querystring[name];',
    '    if (entry.multiValue) for (var i = 0; i < entry.multiValue.length; i++) parts.push(name + "=" + entry.multiValue[i].value);',
    '    else parts.push(name + "=" + entry.value);',
    '  }',
    '  return parts.join("&");',
    '}',
    'function handler(event) {',
    '  var request = event.request;',
    `  var hasFrontToken = !!(request.cookies && request.cookies[${JSON.stringify(FRONT_TOKEN_COOKIE)}]);`,
    '  var query = queryOf(request.querystring || {});',
    `  var to = signedOutRedirect(request.uri, hasFrontToken, SIGNED_OUT_TO) || signedInRedirect(request.uri, query, hasFrontToken, SIGNED_IN_TO, ${JSON.stringify(DESKTOP_SIGN_IN_TO)});`,
    // A response made here skips the cache, so no visitor is ever served another's redirect; no-store
    // keeps browsers from replaying it after the visitor has signed in.
    "  if (to) return { statusCode: 302, statusDescription: 'Found', headers: { location: { value: to }, 'cache-control': { value: 'no-store' } } };",
    `  var uri = opensOtherView(request.uri, query, OTHER_VIEW_PARAMS) ? ${JSON.stringify(APP_SHELL_FILE)} : rewriteUri(request.uri, HTML_PATHS, CLIENT_ROUTES);`,
    `  if (uri === ${JSON.stringify(NOT_FOUND_FILE)}) return { statusCode: 404, statusDescription: 'Not Found', headers: { 'content-type': { value: 'text/html; charset=utf-8' }, 'cache-control': { value: 'no-cache' } }, body: { encoding: 'text', data: NOT_FOUND_PAGE } };`,
    '  request.uri = uri;',
    '  return request;',
    '}',
  ].join('\n');
}
