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

/** Whether a site path is one of the router's client routes (`/auth/*`: any path under /auth). */
export function isClientRoute(path: string, clientRoutes: readonly string[]): boolean {
  for (var i = 0; i < clientRoutes.length; i++) {
    var route = clientRoutes[i]!;
    if (route === path) return true;
    if (route.substring(route.length - 2) === '/*' && path.indexOf(route.substring(0, route.length - 1)) === 0) return true;
  }
  return false;
}

/**
 * The bucket object a request is answered from. `/404.html` (NOT_FOUND_FILE in shared/site-pages.ts)
 * means the path is neither a page nor a client route: the caller answers it with status 404.
 */
export function rewriteUri(uri: string, htmlPaths: readonly string[], clientRoutes: readonly string[]): string {
  if (uri.indexOf('/api/') === 0 || uri === '/api') return uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return uri; // a file: hashed asset, favicon, robots.txt, sitemap.xml
  var path = sitePath(uri);
  // A prerendered page, or a route's own shell (/dashboard, /account, /signin: HTML_PATHS in shared/site-pages.ts): its file.
  if (htmlPaths.indexOf(path) !== -1) return path === '/' ? '/index.html' : path + '/index.html';
  // Any other client route (/launch, /checkout/success): the bare app shell, which the build writes
  // beside the prerendered pages as APP_SHELL_FILE (shared/site-pages.ts).
  if (isClientRoute(path, clientRoutes)) return '/_app.html';
  return '/404.html';
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

/**
 * Whether a request for a sign-in page (one prerendered with its form) is for another of its views,
 * which the prerendered form would show wrongly until hydrated: its address carries the parameter
 * `otherViews` names for its path (/auth/reset-password?token=…, the emailed link's new password).
 * The caller then serves the bare app shell (APP_SHELL_FILE) instead of the page's file. `query` as in
 * signedInRedirect.
 */
export function opensOtherView(uri: string, query: string, otherViews: Readonly<Record<string, string>>): boolean {
  var path = sitePath(uri);
  if (!Object.prototype.hasOwnProperty.call(otherViews, path)) return false;
  var names = query.split('&');
  for (var i = 0; i < names.length; i++) if (names[i]!.split('=')[0] === otherViews[path]) return true;
  return false;
}

/**
 * Where a request for a signed-out page (/signin, /signup) goes when it carries the front-token
 * cookie, or undefined to serve it: the page's own loader would send a signed-in visitor on too, but
 * only after its HTML (the form, prerendered) had painted. `query` is the request's query string as
 * received, without its `?`. Without one, on to `signedInTo`'s place (the dashboard, whose loader
 * takes a sign-in that owes its second step or its address's proof on to /auth/mfa or /check-inbox).
 * A desktop sign-in (/signin?origin=desktop&redirect_url=…, docs/desktop-api.md#sign-in-handoff)
 * goes to `desktopTo` (/launch) with its query, as the page would send it (/launch reads its own
 * parameters and asks the visitor first). Any other query (a `redirectToPath`) is the page's to read:
 * served, its loader decides. A stale cookie costs a hop, never a loop: the dashboard's loader sends a
 * visit without a session to /signin inside the page, where no CDN stands.
 */
export function signedInRedirect(uri: string, query: string, hasFrontToken: boolean, signedInTo: Readonly<Record<string, string>>, desktopTo: string): string | undefined {
  if (!hasFrontToken) return undefined;
  var path = sitePath(uri);
  if (!Object.prototype.hasOwnProperty.call(signedInTo, path)) return undefined;
  if (query === '') return signedInTo[path];
  if (path === '/signin' && /(^|&)origin=desktop(&|$)/.test(query)) return desktopTo + '?' + query;
  return undefined;
}
