/**
 * How the CDN maps a request path to an object in the site bucket. The CloudFront Function is
 * generated from this very function (infra), and the local static server uses it too, so they agree.
 * Kept to ES5-level syntax the CloudFront Functions runtime accepts; no imports inside.
 */
export function rewriteUri(uri: string, htmlPaths: readonly string[]): string {
  if (uri.indexOf('/api/') === 0 || uri === '/api') return uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return uri; // a file: hashed asset, favicon, robots.txt, sitemap.xml
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
  // A prerendered page, or a signed-in route's own shell (HTML_PATHS in shared/site-pages.ts): its file.
  if (htmlPaths.indexOf(path) !== -1) return path === '/' ? '/index.html' : path + '/index.html';
  // Any other client route (/launch, /checkout/success, unknown paths): the bare app shell, which the
  // build writes beside the prerendered pages as APP_SHELL_FILE (shared/site-pages.ts).
  return '/_app.html';
}
