import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, SITE_PAGES } from '../../shared/site-pages';
import { rewriteFunctionCode } from './rewrite-function';

/** Runs the generated CloudFront Function code the way the runtime does: `handler(event)` in a bare context. */
function viewerRequest(uri: string): string {
  const sandbox: { result?: { uri: string } } = {};
  runInNewContext(`${rewriteFunctionCode()}\nresult = handler({ request: { uri: ${JSON.stringify(uri)}, headers: {} } });`, sandbox);
  return sandbox.result!.uri;
}

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

  it('serves each signed-in route its own shell, which preloads its chunks (issue 16)', () => {
    expect(SHELL_ROUTES).toEqual(['/dashboard', '/account']);
    for (const path of SHELL_ROUTES) {
      expect(viewerRequest(path)).toBe(`${path}/index.html`);
      expect(viewerRequest(`${path}/`)).toBe(`${path}/index.html`);
    }
  });

  it('serves other client routes and unknown paths the app shell', () => {
    const clientRoutes = ['/launch', '/checkout/success', '/signin', '/signup', '/auth', '/auth/callback', '/auth/callback/google', '/no-such-page', '/dashboard/more', '/accounts'];
    for (const uri of clientRoutes) expect(viewerRequest(uri)).toBe('/_app.html');
  });

  it('is plain enough for the cloudfront-js-2.0 runtime: no imports, no module syntax', () => {
    const code = rewriteFunctionCode();
    expect(code).not.toMatch(/\b(import|export|require)\b/);
    expect(code).toContain('function handler(event)');
  });
});
