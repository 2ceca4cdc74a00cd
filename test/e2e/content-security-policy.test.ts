/**
 * The Content-Security-Policy CloudFront sends (infra/site/security-headers.ts), applied to the built
 * site in Chromium: every page the product has must load, hydrate and style itself without a single
 * violation, and what the policy exists to stop (inline script, framing) must be refused.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../infra/site/security-headers';
import { SITE_PAGES } from '../../shared/site-pages';
import { useBuiltSite } from '../support/built-site';

const built = useBuiltSite();

/** Client routes the app shell serves, beside the prerendered pages. */
const CLIENT_ROUTES = ['/signin', '/signup', '/auth', '/auth/reset-password', '/auth/reset-password?token=not-a-real-token', '/dashboard', '/launch?redirect_url=http%3A%2F%2Flocalhost%3A54321%2Fcb', '/checkout/success', '/no-such-page'];

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

let context: BrowserContext;

beforeAll(async () => {
  context = await built.browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The header on every answer of the site, as the response headers policy adds it at the edge: the
  // deployed policy itself, since the run's CDN stand-in sends /api/* on from the page's own origin
  // as CloudFront does, so `connect-src 'self'` covers it here too.
  const policy = CONTENT_SECURITY_POLICY;
  await context.route(`${built.web.url}/**`, async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, headers: { ...answer.headers(), 'content-security-policy': policy } });
  });
  await context.addInitScript(() => {
    const seen: { directive: string; blocked: string; page: string }[] = [];
    (window as unknown as { __cspViolations: typeof seen }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI, page: location.pathname }));
  });
});

async function violationsOn(page: Page): Promise<Violation[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
}

async function visit(page: Page, path: string): Promise<Violation[]> {
  await page.goto(`${built.web.url}${path}`, { waitUntil: 'networkidle' });
  // Hydration and lazy routes have run; the root holds rendered content, not an empty shell.
  await page.waitForFunction(() => (document.getElementById('root')?.children.length ?? 0) > 0);
  return violationsOn(page);
}

describe('the Content-Security-Policy on the built site', () => {
  it('lets every public page and client route load, hydrate and style itself with no violation', async () => {
    const page = await context.newPage();
    const found: Violation[] = [];
    for (const path of [...SITE_PAGES.map((p) => p.path), ...CLIENT_ROUTES]) found.push(...(await visit(page, path)));
    expect(found).toEqual([]);
    await page.close();
  });

  it("sends the prebuilt pages' old /auth address to the site's own sign-in page, which styles itself with no violation", async () => {
    const page = await context.newPage();
    expect(await visit(page, '/auth?show=signin')).toEqual([]);
    await page.waitForURL(`${built.web.url}/signin`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    // The site's stylesheet applied: the form's card has its rounded border (auth.css).
    expect(await page.locator('.auth-card').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).not.toBe('0px');
    expect(await violationsOn(page)).toEqual([]);
    await page.close();
  });

  it('refuses inline script and being framed', async () => {
    const page = await context.newPage();
    await visit(page, '/');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 50));
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    expect((await violationsOn(page)).map((v) => v.directive)).toContain('script-src-elem');

    // A page of another origin framing the site gets nothing: frame-ancestors 'none'.
    const framer = await context.newPage();
    await framer.setContent(`<iframe src="${built.web.url}/pricing"></iframe>`); // resolves once the frame has loaded or failed
    const frame = framer.frames().find((f) => f !== framer.mainFrame());
    expect(frame?.url()).not.toContain(built.web.url);
    await framer.close();
    await page.close();
  });
});
