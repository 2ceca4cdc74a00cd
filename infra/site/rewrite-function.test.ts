import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FORM_SHELL_ROUTES, FRONT_TOKEN_COOKIE, NOT_FOUND_TITLE, SETTINGS_SECTIONS, settingsPath, SHELL_ROUTES, SIGNED_OUT_TO, SITE_PAGES } from '../../shared/site-pages';
import { FUNCTION_CODE_LIMIT_BYTES, rewriteFunctionCode } from './rewrite-function';

interface Answer {
  uri?: string;
  statusCode?: number;
  headers: Record<string, { value: string }>;
  body?: { encoding: string; data: string };
}

/** CloudFront's parsed query string: each value as the viewer sent it, a repeated parameter's as multiValue. */
type Querystring = Record<string, { value: string; multiValue?: { value: string }[] }>;

/** Runs the generated CloudFront Function code the way the runtime does: `handler(event)` in a bare context. */
function handle(uri: string, cookies: Record<string, { value: string }> = {}, querystring: Querystring = {}): Answer {
  const sandbox: { result?: Answer } = {};
  runInNewContext(`${rewriteFunctionCode()}\nresult = handler(${JSON.stringify({ request: { uri, querystring, headers: {}, cookies } })});`, sandbox);
  return sandbox.result!;
}

/** A viewer signed in as far as the CDN can tell: the web SDK's front-token cookie (its value is not read there). */
const signedIn = { [FRONT_TOKEN_COOKIE]: { value: 'eyJ1aWQiOiJ1In0=' } };

/** The object a signed-in viewer's request is answered from. */
const viewerRequest = (uri: string) => handle(uri, signedIn).uri;

describe('the CloudFront rewrite function', () => {
  it('leaves /api/* alone, whatever it looks like', () => {
    for (const uri of ['/api/latest-version', '/api/auth/signin', '/api/unknown/route', '/api']) expect(viewerRequest(uri)).toBe(uri);
  });

  it('leaves asset and file paths alone', () => {
    for (const uri of ['/assets/index-Ab12Cd.js', '/assets/style-9f8e.css', '/favicon.svg', '/robots.txt', '/sitemap.xml']) {
      expect(viewerRequest(uri)).toBe(uri);
    }
  });

  it('serves each prerendered page its own HTML file, with or without a trailing slash', () => {
    expect(viewerRequest('/')).toBe('/index.html');
    for (const page of SITE_PAGES.filter((p) => p.path !== '/')) {
      expect(viewerRequest(page.path)).toBe(`${page.path}/index.html`);
      expect(viewerRequest(`${page.path}/`)).toBe(`${page.path}/index.html`);
    }
  });

  it('serves each signed-in route its own shell, which preloads its chunks', () => {
    expect(SHELL_ROUTES).toEqual(['/dashboard', '/account', ...SETTINGS_SECTIONS.map(settingsPath)]);
    for (const path of SHELL_ROUTES) {
      expect(viewerRequest(path)).toBe(`${path}/index.html`);
      expect(viewerRequest(`${path}/`)).toBe(`${path}/index.html`);
    }
  });

  it('serves each sign-in page its own HTML, its form prerendered', () => {
    expect(FORM_SHELL_ROUTES).toEqual(['/signin', '/signup', '/auth/reset-password', '/check-inbox', '/auth/mfa']);
    for (const path of FORM_SHELL_ROUTES) {
      // /check-inbox and /auth/mfa to a visitor with a session (its address unproven, its second step owed): without one, redirected as below.
      for (const uri of [path, `${path}/`]) expect(handle(uri, SIGNED_OUT_TO[path] ? signedIn : {}).uri).toBe(`${path}/index.html`);
    }
  });

  it('redirects a signed-in route asked for without the front-token cookie to where its loader would send it', () => {
    for (const [path, to] of [['/dashboard', '/signin'], ['/account', '/signin?redirectToPath=%2Faccount'], ['/account/billing', '/signin?redirectToPath=%2Faccount%2Fbilling'], ['/check-inbox', '/signin'], ['/auth/mfa', '/signin']] as const) {
      for (const uri of [path, `${path}/`]) {
        const answer = handle(uri, { other: { value: 'x' } });
        expect(answer.statusCode).toBe(302);
        expect(answer.headers).toEqual({ location: { value: to }, 'cache-control': { value: 'no-store' } });
      }
    }
  });

  it("serves the emailed reset link (/auth/reset-password?token=…) the bare app shell, not the request form the page's own HTML shows", () => {
    for (const cookies of [{}, signedIn]) {
      expect(handle('/auth/reset-password', cookies, { token: { value: 'abc' } }).uri).toBe('/_app.html');
      expect(handle('/auth/reset-password/', cookies, { email: { value: 'a%40example.com' }, token: { value: 'abc' } }).uri).toBe('/_app.html');
      // A security notice's link names the address only: the request form, filled in once hydrated.
      expect(handle('/auth/reset-password', cookies, { email: { value: 'a%40example.com' } }).uri).toBe('/auth/reset-password/index.html');
      expect(handle('/auth/reset-password', cookies, { tokens: { value: 'x' } }).uri).toBe('/auth/reset-password/index.html');
    }
  });

  it('redirects a signed-in viewer asking for /signin or /signup to the dashboard, before any of the form', () => {
    for (const uri of ['/signin', '/signin/', '/signup', '/signup/']) {
      const answer = handle(uri, signedIn);
      expect(answer.statusCode, uri).toBe(302);
      expect(answer.headers).toEqual({ location: { value: '/dashboard' }, 'cache-control': { value: 'no-store' } });
    }
  });

  it("sends a signed-in desktop sign-in on to /launch with the app's parameters as sent, as /signin would", () => {
    const redirect = 'http%3A%2F%2F127.0.0.1%3A53123%2Fcallback';
    const querystring: Querystring = {
      origin: { value: 'desktop' },
      redirect_url: { value: redirect },
      code_challenge: { value: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
      code_challenge_method: { value: 'S256' },
      state: { value: 'a%20b', multiValue: [{ value: 'a%20b' }, { value: 'c' }] },
    };
    const answer = handle('/signin', signedIn, querystring);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toEqual({
      value: `/launch?origin=desktop&redirect_url=${redirect}&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=a%20b&state=c`,
    });
  });

  it('serves /signin with any other query, and /signin and /signup signed out, for the page to read', () => {
    // A return path (the CDN's own redirect of a signed-out /account) is the page's to keep; its loader sends a signed-in visitor there.
    expect(handle('/signin', signedIn, { redirectToPath: { value: '%2Faccount' } }).uri).toBe('/signin/index.html');
    // Not a desktop sign-in: an origin that is not the app's, or a sign-up (the app opens /signin only).
    expect(handle('/signin', signedIn, { origin: { value: 'desktopx' } }).uri).toBe('/signin/index.html');
    expect(handle('/signup', signedIn, { origin: { value: 'desktop' } }).uri).toBe('/signup/index.html');
    for (const uri of ['/signin', '/signup']) expect(handle(uri, {}, { origin: { value: 'desktop' } }).statusCode).toBeUndefined();
  });

  it('serves every other path to a viewer without the cookie as to one with it', () => {
    const uris = ['/', '/pricing', '/auth', '/launch', '/checkout/success', '/assets/index-Ab12Cd.js', '/api/users'];
    for (const uri of uris) expect(handle(uri)).toEqual({ uri: viewerRequest(uri), querystring: {}, headers: {}, cookies: {} });
  });

  it('serves other client routes the app shell', () => {
    const clientRoutes = ['/launch', '/checkout/success', '/auth', '/auth/callback', '/auth/callback/google'];
    for (const uri of clientRoutes) expect(viewerRequest(uri)).toBe('/_app.html');
  });

  it('answers a path that is neither a page nor a client route 404, with the not-found page, signed in or not', () => {
    for (const uri of ['/no-such-page', '/pricing/nope', '/dashboard/more', '/accounts', '/signin/extra', '/authors']) {
      for (const answer of [handle(uri, signedIn), handle(uri)]) {
        expect(answer.statusCode, uri).toBe(404);
        expect(answer.uri).toBeUndefined();
        expect(answer.headers['content-type']).toEqual({ value: 'text/html; charset=utf-8' });
        expect(answer.body?.encoding).toBe('text');
        expect(answer.body?.data).toContain(`<title>${NOT_FOUND_TITLE}</title>`);
      }
    }
  });

  it('carries the page it is given as the 404 body, within CloudFront\'s code limit', () => {
    const notFoundPage = '<!doctype html><title>Built not-found shell</title>';
    const sandbox: { result?: Answer } = {};
    const code = rewriteFunctionCode({ notFoundPage });
    runInNewContext(`${code}\nresult = handler(${JSON.stringify({ request: { uri: '/nope', headers: {}, cookies: {} } })});`, sandbox);
    expect(sandbox.result!.body!.data).toBe(notFoundPage);
    expect(Buffer.byteLength(rewriteFunctionCode())).toBeLessThan(FUNCTION_CODE_LIMIT_BYTES);
  });

  it('is plain enough for the cloudfront-js-2.0 runtime: no imports, no module syntax', () => {
    const code = rewriteFunctionCode();
    expect(code).not.toMatch(/\b(import|export|require)\b/);
    expect(code).toContain('function handler(event)');
  });
});
