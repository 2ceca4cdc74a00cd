/**
 * The public pages: prerendered to their own HTML at build time and served as files by the CDN. A
 * client route (CLIENT_ROUTES) gets the app shell (APP_SHELL_FILE); any other path without a file
 * extension is answered 404 with NOT_FOUND_FILE.
 */
/** The unrendered app shell the CDN serves for client routes (the prerendered home owns /index.html). */
export const APP_SHELL_FILE = '/_app.html';

/**
 * The app shell titled "Page not found", which the CDN and the local servers send with status 404 for a
 * path that is neither a page nor a client route; the router renders its not-found page in it.
 */
export const NOT_FOUND_FILE = '/404.html';
export const NOT_FOUND_TITLE = 'Page not found | Voxpen';

/** The second step of a sign-in (two-step verification): where a session that still owes it is sent. */
export const SECOND_STEP_PATH = '/auth/mfa';

/** The account's settings: /account, and a page of its own for each section (on a phone /account lists them). */
export const ACCOUNT_PATH = '/account';
export const SETTINGS_SECTIONS = ['profile', 'dictation', 'security', 'sessions', 'billing', 'data'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
export const settingsPath = (section: SettingsSection) => `${ACCOUNT_PATH}/${section}`;

/**
 * The router's other paths, rendered in the browser from a shell: with SITE_PAGES, every path the
 * site answers 200 (frontend/src/routes.test.ts checks the router has exactly these). `/x/*` stands for
 * every path under /x, as in the router.
 */
export const CLIENT_ROUTES: readonly string[] = [
  '/auth',
  '/auth/*',
  '/signin',
  '/signup',
  '/auth/callback',
  '/launch',
  SECOND_STEP_PATH,
  '/auth/reset-password',
  '/check-inbox',
  '/verify-email',
  '/checkout/success',
  '/dashboard',
  ACCOUNT_PATH,
  ...SETTINGS_SECTIONS.map(settingsPath),
];

export interface SitePage {
  path: string;
  title: string;
  description: string;
}

export const SITE_PAGES: readonly SitePage[] = [
  { path: '/', title: 'Voxpen: speak naturally, write beautifully', description: 'Voice to text for writers and creators: 500+ words per minute, 99.9% accuracy, AI enhancement and smart formatting.' },
  { path: '/pricing', title: 'Pricing | Voxpen', description: 'Free, Pro at $11 a month, or Enterprise. Your first Pro plan starts with a 14-day trial, no card needed.' },
  { path: '/features', title: 'Features | Voxpen', description: 'Voice to text, smart formatting, AI enhancement and export to every format you write in.' },
  { path: '/download', title: 'Download for Windows | Voxpen', description: 'Download the Voxpen desktop app for Windows 10 and 11 (64-bit).' },
  { path: '/download/releases', title: 'Release notes | Voxpen', description: 'Every version of the Voxpen desktop app for Windows and Mac, newest first, with its date and what changed.' },
  { path: '/about', title: 'About us | Voxpen', description: 'Our story, mission and vision: helping 1M+ writers in 20+ countries write with their voice.' },
  { path: '/careers', title: 'Careers | Voxpen', description: 'Join the Voxpen team: open roles in engineering, product, machine learning and design.' },
  { path: '/contact', title: 'Contact | Voxpen', description: 'Questions, sales or support: send us a message and we will get back to you.' },
  { path: '/privacy', title: 'Privacy Policy | Voxpen', description: 'How Voxpen collects, uses and keeps your data: recordings 30 days, usage data 12 months.' },
  { path: '/terms', title: 'Terms of Service | Voxpen', description: 'The terms that govern your use of Voxpen.' },
  { path: '/security', title: 'Security | Voxpen', description: 'How Voxpen protects your account, your recordings and your writing.' },
];

/** The cookie the SuperTokens web SDK keeps, readable by the page, beside its session cookies while a session exists. */
export const FRONT_TOKEN_COOKIE = 'sFrontToken';

/** The front-token cookie's value in a Cookie header (or document.cookie), if it is there. */
export function frontTokenIn(cookie: string): string | undefined {
  for (const pair of cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === FRONT_TOKEN_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The signed-in routes and where a visit without FRONT_TOKEN_COOKIE goes: the CDN answers it with a
 * 302 there (shared/url-rewrite.ts signedOutRedirect), exactly where the route's own loader would send
 * it, so a signed-out visit loads nothing of the route.
 */
export const SIGNED_OUT_TO: Readonly<Record<string, string>> = {
  '/dashboard': '/signin',
  // /account's loader keeps it as the return path (return-to.ts); /signin keeps a redirectToPath the
  // same way (rememberReturnToIn), so the CDN's redirect lands there in one step.
  '/account': '/signin?redirectToPath=%2Faccount',
  // Each settings section's page likewise, back to itself: a link to /account/billing is a page of its own.
  ...Object.fromEntries(SETTINGS_SECTIONS.map((s) => [settingsPath(s), `/signin?redirectToPath=${encodeURIComponent(settingsPath(s))}`])),
  // Where a session whose address is not proven waits (a sign-in page, FORM_SHELL_ROUTES): its loader sends the signed-out to /signin.
  '/check-inbox': '/signin',
  // The second step of a sign-in (a sign-in page too): its page sends a visit without a session to /signin.
  [SECOND_STEP_PATH]: '/signin',
};

/**
 * The signed-out pages and where a visit with FRONT_TOKEN_COOKIE and no query goes: the CDN answers
 * it with a 302 there (shared/url-rewrite.ts signedInRedirect), so a signed-in visitor never sees
 * their prerendered form; a desktop sign-in's goes to DESKTOP_SIGN_IN_TO with its query.
 */
export const SIGNED_IN_TO: Readonly<Record<string, string>> = {
  '/signin': '/dashboard',
  '/signup': '/dashboard',
};

/** Where /signin sends a signed-in desktop sign-in (docs/desktop-api.md#sign-in-handoff): the page that asks, then hands the app its code. */
export const DESKTOP_SIGN_IN_TO = '/launch';

/**
 * Signed-in client routes with an app shell of their own: their loading view prerendered,
 * their stylesheets inline, and their chunks named in the head as modulepreload links so they arrive in
 * one round with the entry. Stored, like a prerendered page, as pageFile(path); every other client
 * route gets APP_SHELL_FILE (or, a sign-in page, a FORM_SHELL_ROUTES one).
 */
export const SHELL_ROUTES: readonly string[] = ['/dashboard', '/account', ...SETTINGS_SECTIONS.map(settingsPath)];

/**
 * Client routes prerendered with their page's first view, its form as a visitor first sees it, their
 * stylesheets inline and their chunks named in the head: the form paints from the HTML (each
 * signed-out visit to a signed-in route lands on /signin) and the code hydrates it in place; a press
 * before that (a form sent, a button clicked) is held and answered once hydrated
 * (frontend/public/held-press.js, docs/decisions.md#27). What only the visit knows (an intent, a
 * return path) shows once hydrated. A signed-in visitor never gets /signin's or /signup's
 * (SIGNED_IN_TO). Stored as pageFile(path).
 */
export const FORM_SHELL_ROUTES: readonly string[] = ['/signin', '/signup', '/auth/reset-password', '/check-inbox', SECOND_STEP_PATH];

/**
 * A sign-in page's address that opens another of its views than the one prerendered, by the query
 * parameter that does (shared/url-rewrite.ts opensOtherView): served the bare app shell, rendered in
 * the browser, rather than a form it would replace. /auth/reset-password?token=… is the emailed link.
 */
export const OTHER_VIEW_PARAMS: Readonly<Record<string, string>> = { '/auth/reset-password': 'token' };

/** Every path the CDN answers with an HTML file of its own (shared/url-rewrite.ts). */
export const HTML_PATHS: readonly string[] = [...SITE_PAGES.map((p) => p.path), ...SHELL_ROUTES, ...FORM_SHELL_ROUTES];

/** The HTML file a prerendered page is stored as: `/pricing` → `/pricing/index.html`. */
export function pageFile(path: string): string {
  return path === '/' ? '/index.html' : `${path.replace(/\/$/, '')}/index.html`;
}
