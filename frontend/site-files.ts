/**
 * The files the build writes beside the client bundle: each public page's HTML (its own head, the
 * prerendered app), the app shell for client routes, sitemap.xml and robots.txt.
 */
import { PRODUCT_NAME } from '../shared/product';
import type { SitePage } from '../shared/site-pages';

export const DEFAULT_SITE_ORIGIN = 'https://voxpen.app';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function canonicalUrl(siteOrigin: string, path: string): string {
  return `${siteOrigin.replace(/\/$/, '')}${path}`;
}

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(html)) throw new Error(`frontend/index.html has no ${what} to fill in`);
  return html.replace(pattern, () => replacement);
}

const modulepreload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}" />`;

export interface PageHtmlInput {
  page: SitePage;
  appHtml: string;
  siteOrigin: string;
  /** Built chunk URLs the page needs before it can hydrate (its route module and what it imports). */
  preload: readonly string[];
  /** The entry's stylesheets by URL, with their contents: written into the page instead of linked. */
  styles: ReadonlyMap<string, string>;
}

/** A stylesheet's rules as a `<style>` element, for a page that carries them in its head. */
function styleElement(href: string, css: string): string {
  if (/<\/style/i.test(css)) throw new Error(`${href} contains </style and cannot be inlined`);
  return `<style>${css}</style>`;
}

/**
 * A linked stylesheet holds the first paint a round trip after the HTML (Lighthouse's
 * render-blocking request); the whole of it is a few KB gzip, so each prerendered page and signed-in
 * shell carries it in its head. The file stays in the build, linked by the bare app shell; a page's
 * later navigations are the client's and load no stylesheet again.
 *
 * Each linked stylesheet of `styles` is written into the page instead. With `keepLinks` (a route's own
 * shell) the link stays too, disabled (never fetched, never applied), for vite's preload helper: a
 * lazy chunk that shares the entry's code (/account's vocabulary sections) lists the entry's
 * stylesheet among its own, and the helper fetches, and waits for, every listed stylesheet the
 * document does not link already.
 */
function inlineStyles(html: string, styles: ReadonlyMap<string, string>, keepLinks = false): string {
  for (const [href, css] of styles) {
    const link = `<link rel="stylesheet" crossorigin href="${href}">`;
    if (!html.includes(link)) throw new Error(`frontend/index.html has no ${link} to inline`);
    html = html.replace(link, () => `${styleElement(href, css)}${keepLinks ? `<link rel="stylesheet" crossorigin href="${href}" disabled />` : ''}`);
  }
  return html;
}

/**
 * A prerendered page paints its content without JavaScript, so its scripts (the entry and
 * every module it preloads) are fetched at low priority: they hydrate, they do not render. At high
 * priority, Lighthouse's model counts each script that arrived before the first paint as blocking it
 * (on a local load they all arrive first): 1.9 s FCP on its slow phone instead of 0.7 s. Nothing else
 * on these pages competes for the network, so the scripts arrive as soon as before.
 */
function scriptsAtLowPriority(html: string): string {
  const entry = /<script type="module" crossorigin /;
  if (!entry.test(html)) throw new Error('frontend/index.html has no module script to fetch at low priority');
  return html.replace(entry, '<script type="module" fetchpriority="low" crossorigin ').replace(/<link rel="modulepreload" crossorigin /g, '<link rel="modulepreload" fetchpriority="low" crossorigin ');
}

export function pageHtml(template: string, { page, appHtml, siteOrigin, preload, styles }: PageHtmlInput): string {
  const url = canonicalUrl(siteOrigin, page.path);
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const head = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
    ...preload.map(modulepreload),
  ].join('\n    ');
  let html = replaceOnce(inlineStyles(template, styles), /<title>[^<]*<\/title>/, `<title>${title}</title>`, '<title>');
  html = replaceOnce(html, /<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${description}" />`, 'meta description');
  html = replaceOnce(html, /<\/head>/, `  ${head}\n  </head>`, '</head>');
  return scriptsAtLowPriority(replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${appHtml}</div>`, '<div id="root"></div>'));
}

/** A signed-in route's own shell: what it names and holds beyond the bare one. */
export interface ShellRoute {
  /** Built chunk URLs of the route (its lazy modules and what they import) beyond the entry's. */
  preload: readonly string[];
  /** The entry's stylesheets by URL, with their contents: written into the shell instead of linked. */
  entryStyles: ReadonlyMap<string, string>;
  /** The route's own stylesheets (its lazy chunks' CSS) by URL, with their contents: written in too. */
  styles: ReadonlyMap<string, string>;
  /** Its loading view, prerendered, which the client hydrates; none for a route that renders only in the browser. */
  appHtml?: string;
}

/**
 * The unrendered shell for client routes (sign-up, unknown paths): not for search engines. A route's
 * own shell (SHELL_ROUTES, FORM_SHELL_ROUTES) also names its chunks, so they load beside the entry;
 * a signed-in route's holds its loading view too,
 * which paints before any script arrives, so it carries its stylesheets in its head as a
 * prerendered page does: linked, they held that paint a round trip after the HTML, behind the 23
 * chunks sharing the line (on bench:web's slow phone the stylesheets arrived 320 ms after the HTML).
 * Each route stylesheet also keeps a link, disabled (never fetched, never applied), for vite's preload
 * helper: when the route's chunk loads it adds a link for each of the chunk's stylesheets the document
 * does not link already, and waits for it, which would fetch the rules the page already has.
 */
export function appShellHtml(template: string, route?: ShellRoute): string {
  const head = [
    '<meta name="robots" content="noindex" />',
    ...[...(route?.styles ?? [])].flatMap(([href, css]) => [styleElement(href, css), `<link rel="stylesheet" crossorigin href="${href}" disabled />`]),
    ...(route?.preload ?? []).map(modulepreload),
  ].join('\n    ');
  const html = replaceOnce(route ? inlineStyles(template, route.entryStyles, true) : template, /<\/head>/, `  ${head}\n  </head>`, '</head>');
  return route?.appHtml ? replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${route.appHtml}</div>`, '<div id="root"></div>') : html;
}

/** A sign-in page's shell (FORM_SHELL_ROUTES): a route's own shell with its form prerendered, and its tab title. */
export interface FormShellRoute extends ShellRoute {
  appHtml: string;
  title: string;
}

/**
 * A sign-in page prerendered with its form (shared/site-pages.ts FORM_SHELL_ROUTES): a route's own
 * shell, titled, with /held-press.js in its head beside /theme.js (blocking, a few lines, fetched
 * beside theme.js so it costs the first paint no round of its own): a press before the code has
 * hydrated the page (a form sent, a button clicked) is held and answered once it can be
 * (docs/decisions.md#27). Its scripts are fetched at low priority, as a prerendered page's: they
 * hydrate the form, they do not paint it.
 */
export function formShellHtml(template: string, route: FormShellRoute): string {
  let html = replaceOnce(appShellHtml(template, route), /<title>[^<]*<\/title>/, `<title>${escapeHtml(route.title)}</title>`, '<title>');
  html = replaceOnce(html, /<script src="\/theme.js"><\/script>/, '<script src="/theme.js"></script>\n    <script src="/held-press.js"></script>', 'theme.js script');
  return scriptsAtLowPriority(html);
}

export function sitemapXml(pages: readonly SitePage[], siteOrigin: string): string {
  const urls = pages.map((p) => `  <url><loc>${escapeHtml(canonicalUrl(siteOrigin, p.path))}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteOrigin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /account', 'Disallow: /launch', '', `Sitemap: ${canonicalUrl(siteOrigin, '/sitemap.xml')}`, ''].join('\n');
}

/**
 * The not-found page (NOT_FOUND_FILE): the bare app shell with its own title, which the CDN sends with
 * status 404 (it carries it inside its function, infra/site/rewrite-function.ts, so it stays small).
 */
export function notFoundShellHtml(template: string, title: string): string {
  return replaceOnce(appShellHtml(template), /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`, '<title>');
}
