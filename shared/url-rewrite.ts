/**
 * What the CDN does with a viewer's request for the site: sends a signed-out visit to a signed-in
 * route on to sign-in, else maps the path to an object in the site bucket. The CloudFront Function
 * is generated from these very functions (infra/site/rewrite-function.ts), and the local static
 * server calls them too, so they agree. Kept to ES5-level syntax the CloudFront Functions runtime
 * accepts: no imports, no nested or arrow functions (tsx would wrap those in a helper the runtime lacks).
 */

/** The path without its trailing slash (`/pricing/` is `/pricing`); `/` stays. */
export function sitePath(uri: string): string {
  return uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
}

export function rewriteUri(uri: string, htmlPaths: readonly string[]): string {
  if (uri.indexOf('/api/') === 0 || uri === '/api') return uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return uri; // a file: hashed asset, favicon, robots.txt, sitemap.xml
  var path = sitePath(uri);
  // A prerendered page, or a route's own shell (/dashboard, /account, /signin: HTML_PATHS in shared/site-pages.ts): its file.
  if (htmlPaths.indexOf(path) !== -1) return path === '/' ? '/index.html' : path + '/index.html';
  // Any other client route (/launch, /checkout/success, unknown paths): the bare app shell, which the
  // build writes beside the prerendered pages as APP_SHELL_FILE (shared/site-pages.ts).
  return '/_app.html';
}

/**
 * Where a request for a signed-in route goes when it carries no front-token cookie (the web
 * SDK keeps one beside its session cookies for as long as a session exists), or undefined to serve it.
 * Without that cookie the route's own loader would send the visitor to the same place, after the
 * shell, its chunks and its skeleton; with it (even a stale one) the shell is served and the loader
 * decides, as it does wherever no CDN stands in front (the Vite dev server).
 */
export function signedOutRedirect(uri: string, hasFrontToken: boolean, signedOutTo: Readonly<Record<string, string>>): string | undefined {
  if (hasFrontToken) return undefined;
  var path = sitePath(uri);
  return Object.prototype.hasOwnProperty.call(signedOutTo, path) ? signedOutTo[path] : undefined;
}
