/**
 * `npm run bench:web`: the site's pages against two floors, side by side in one run, in headless
 * Chromium, each page a cold load in a fresh context, served as the CDN serves them (gzip):
 *  - pages: `/`, `/pricing`, `/download`, `/signin`; `/dashboard` signed in (a real account on the local
 *    stack) and signed out: up to the redirect to /signin, then the whole visit (what /signin loads),
 *  - floors, prerendered as the site's pages are: a minimal React + react-router page, React alone,
 *  - the same pages' HTML alone (html-alone.ts): scripts and module preloads taken out, so the paint of
 *    the HTML and its inline stylesheets shows apart from what the JavaScript adds.
 * For each: JavaScript before interaction (gzip) and in how many request rounds, total transfer, FCP
 * and LCP unthrottled and on an emulated slow phone, total blocking time; medians of BENCH_RUNS (3)
 * loads, then each page's ratios to the floors, then a verdict line per budget (BUDGETS: PASS or OVER
 * with its figure); exits 1 when any is over, so a change that breaks one cannot pass unnoticed.
 */
import type { Browser, Page } from 'playwright-core';
import { holdPort } from '../../infra/local/ports';
import { staticSiteService } from '../../infra/local/static-site';
import { launchBrowser } from '../support/browser';
import { roundCount } from '../support/js-rounds';
import { isScript, measureLoad, SLOW_PHONE, UNTHROTTLED, type PageLoad, type RequestRecord, type Throttle } from '../support/page-load';
import { signedInState, type StorageState } from '../support/signed-in';
import { startSiteAndFloors } from './bench-site';
import { FLOOR_PATHS } from './floor-pages';
import { writeHtmlAlone, type HtmlAlonePage } from './html-alone';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THROTTLES: Throttle[] = [UNTHROTTLED, SLOW_PHONE];

interface Target {
  name: string;
  url: string;
  floor?: boolean;
  storageState?: StorageState;
  ready?: (page: Page) => Promise<unknown>;
  /** The requests that count: for the signed-out dashboard, those before the redirect. */
  counted?: (load: PageLoad) => RequestRecord[];
  /** A page's HTML alone (html-alone.ts): no JavaScript to count, its paint the only figure to compare. */
  htmlAlone?: boolean;
}

const SITE_HTML_ALONE: HtmlAlonePage[] = [
  { path: '/', served: '/html-alone/home' },
  { path: '/pricing', served: '/html-alone/pricing' },
  { path: '/download', served: '/html-alone/download' },
  { path: '/signin', served: '/html-alone/signin' },
  { path: '/dashboard', served: '/html-alone/dashboard' },
];
const FLOOR_HTML_ALONE: HtmlAlonePage = { path: FLOOR_PATHS.router, served: '/html-alone/floor' };

/** A build's pages' HTML alone, served on a port of their own; what it started is added to `started`. */
async function htmlAloneServer(builtDir: string, pages: HtmlAlonePage[], started: (() => unknown)[]) {
  const alone = writeHtmlAlone(builtDir, pages);
  started.push(() => alone.remove());
  const server = await staticSiteService({ dir: alone.dir, port: await holdPort(), prerendered: pages.map((p) => p.served) }).start();
  started.push(() => server.stop());
  return server;
}

interface Figures {
  jsBytes: number;
  jsFiles: number;
  rounds: number;
  transferBytes: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  leftAtMs?: number;
}

function figures(target: Target, load: PageLoad): Figures {
  const requests = target.counted?.(load) ?? load.requests;
  const scripts = requests.filter(isScript);
  return {
    jsBytes: scripts.reduce((sum, s) => sum + s.bodyBytes, 0),
    jsFiles: scripts.length,
    rounds: roundCount(scripts),
    transferBytes: requests.reduce((sum, r) => sum + r.transferBytes, 0),
    fcpMs: load.fcpMs,
    lcpMs: load.lcpMs,
    tbtMs: load.tbtMs,
    cls: load.cls,
    leftAtMs: load.leftAtMs,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const pad = (s: string, n: number) => s.padStart(n);

/** The dashboard is loaded once it shows its heading and nothing on it is busy any more. */
const toSignIn = (page: Page) => page.waitForURL(/\/signin/, { timeout: 60_000 });

const dashboardReady = (page: Page) =>
  page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Dashboard' && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 60_000 });

/**
 * What the signed-out dashboard costs before it redirects. Redirected by the CDN: the
 * requests up to that answer, which carries no JavaScript. Redirected by the page (a CDN that let the
 * shell through): every request before the first one for a chunk only the sign-in page needs (one a
 * direct /signin load asks for and a signed-in dashboard never does). The router loads the sign-in
 * page's chunks before the address changes, so the address alone cannot mark that redirect.
 */
async function beforeRedirect(browser: Browser, signIn: string, signedInDashboard: PageLoad): Promise<(load: PageLoad) => RequestRecord[]> {
  const dashboardUrls = new Set(signedInDashboard.requests.map((r) => r.url));
  const signInOnly = new Set((await measureLoad(browser, signIn)).requests.filter(isScript).map((r) => r.url).filter((u) => !dashboardUrls.has(u)));
  if (signInOnly.size === 0) throw new Error('The sign-in page loads no chunk of its own: cannot tell where the redirect starts');
  return (load) => {
    const redirected = load.requests.findIndex((r) => r.redirectStatus !== undefined);
    if (redirected !== -1) return load.requests.slice(0, redirected + 1);
    const cut = load.requests.findIndex((r) => signInOnly.has(r.url));
    return cut === -1 ? load.requests : load.requests.slice(0, cut);
  };
}

async function main() {
  console.log('Starting the local stack, building the site and the floor pages with the same Vite config...');
  // What has been started, undone in reverse order however far the setup got.
  const started: (() => unknown)[] = [];
  try {
    const { site, floorsDir, floorUrl } = await startSiteAndFloors(started);
    const siteAlone = await htmlAloneServer(site.dir, SITE_HTML_ALONE, started);
    const floorAlone = await htmlAloneServer(floorsDir, [FLOOR_HTML_ALONE], started);
    const browser = await launchBrowser();
    started.push(() => browser.close());

    const signedIn = await signedInState(browser, site.stack);
    const dashboardIn: Target = { name: '/dashboard signed in', url: site.url('/dashboard'), storageState: signedIn, ready: dashboardReady };
    const probe = await measureLoad(browser, dashboardIn.url, { context: { storageState: signedIn }, ready: dashboardReady });
    if (probe.finalPath !== '/dashboard') throw new Error(`The signed-in dashboard ended on ${probe.finalPath}: the session was not taken`);

    const targets: Target[] = [
      { name: 'floor: React + router', url: floorUrl(FLOOR_PATHS.router), floor: true },
      { name: 'floor: React alone', url: floorUrl(FLOOR_PATHS.react), floor: true },
      { name: '/', url: site.url('/') },
      { name: '/pricing', url: site.url('/pricing') },
      { name: '/download', url: site.url('/download') },
      { name: '/signin', url: site.url('/signin') },
      dashboardIn,
      { name: '/dashboard signed out', url: site.url('/dashboard'), ready: toSignIn, counted: await beforeRedirect(browser, site.url('/signin'), probe) },
      // The same visit as a whole: the redirect, then the sign-in page it lands on.
      { name: '  then on /signin', url: site.url('/dashboard'), ready: toSignIn },
      // The HTML alone: /dashboard's is the signed-in shell, its loading view with no script to replace it.
      { name: 'floor HTML alone', url: `${floorAlone.url}${FLOOR_HTML_ALONE.served}`, htmlAlone: true },
      ...SITE_HTML_ALONE.map(({ path, served }): Target => ({ name: `${path} HTML alone`, url: `${siteAlone.url}${served}`, htmlAlone: true })),
    ];

    const runs = new Map<string, Figures[]>();
    for (const throttle of THROTTLES) {
      for (let run = 0; run < RUNS; run++) {
        // Interleaved, so no page always runs on a warmer (or busier) machine.
        for (const target of targets) {
          const load = await measureLoad(browser, target.url, { throttle, context: target.storageState ? { storageState: target.storageState } : undefined, ready: target.ready });
          const key = `${throttle.name}|${target.name}`;
          runs.set(key, [...(runs.get(key) ?? []), figures(target, load)]);
        }
      }
    }
    const over = report(targets, runs);
    if (over > 0) process.exitCode = 1;
  } finally {
    for (const undo of started.reverse()) await undo();
  }
}

/**
 * The budgets each run is judged by (issue figures, docs/testing.md#benchmarks): a figure of a page (by
 * its row's name), as a ratio to another row's on one profile, at most `max`.
 */
interface Budget {
  what: string;
  page: string;
  /** The row it is a ratio to: the React + router floor unless named. */
  to?: string;
  figure: 'jsBytes' | 'fcpMs';
  throttle: Throttle;
  max: number;
}

const ROUTER_FLOOR = 'floor: React + router';

const BUDGETS: readonly Budget[] = [
  ...['/', '/pricing', '/download'].map((page): Budget => ({ what: `${page} JS before interaction`, page, figure: 'jsBytes', throttle: UNTHROTTLED, max: 1.15 })),
  { what: '/dashboard signed in JS before interaction', page: '/dashboard signed in', figure: 'jsBytes', throttle: UNTHROTTLED, max: 1.3 },
  { what: 'signed-out /dashboard to /signin, first paint on the slow phone', page: '  then on /signin', figure: 'fcpMs', throttle: SLOW_PHONE, max: 2 },
  { what: '/signin first paint on the slow phone, to /pricing\'s', page: '/signin', to: '/pricing', figure: 'fcpMs', throttle: SLOW_PHONE, max: 1.2 },
];

const FIGURE_UNITS: Record<Budget['figure'], (x: number) => string> = { jsBytes: kb, fcpMs: ms };

/** Prints the figures, the ratios and a verdict line per budget; answers how many budgets are over. */
function report(targets: Target[], runs: Map<string, Figures[]>): number {
  const m = (throttle: Throttle, target: Target, pick: (f: Figures) => number | undefined) => {
    const values = runs.get(`${throttle.name}|${target.name}`)!.map(pick).filter((v): v is number => v !== undefined);
    return values.length ? median(values) : NaN;
  };
  const name = (t: Target) => t.name.padEnd(24);

  console.log(`\nMedians of ${RUNS} cold loads. JS: JavaScript (gzip) loaded before interaction, in files and request rounds`);
  console.log('(a chunk asked for by a script that had to arrive first is one round later); transfer: headers and');
  console.log('bodies over the wire; the signed-out dashboard counts what loads before its redirect to /signin, the row');
  console.log('after it the whole visit.');
  console.log(`\n${''.padEnd(24)} ${pad('JS', 9)} ${pad('files', 5)} ${pad('rounds', 6)} ${pad('transfer', 9)}`);
  for (const t of targets) {
    // The HTML alone has no JavaScript to count; its transfer is its HTML's (and whatever that asks for).
    const js = t.htmlAlone ? ['–', '–', '–'] : [kb(m(UNTHROTTLED, t, (f) => f.jsBytes)), String(m(UNTHROTTLED, t, (f) => f.jsFiles)), String(m(UNTHROTTLED, t, (f) => f.rounds))];
    console.log(`${name(t)} ${pad(js[0]!, 9)} ${pad(js[1]!, 5)} ${pad(js[2]!, 6)} ${pad(kb(m(UNTHROTTLED, t, (f) => f.transferBytes)), 9)}`);
  }
  for (const throttle of THROTTLES) {
    console.log(`\n${throttle.name}, ${throttle.viewport.width}x${throttle.viewport.height}`);
    console.log(`${''.padEnd(24)} ${pad('FCP', 8)} ${pad('LCP', 8)} ${pad('TBT', 8)} ${pad('CLS', 6)} ${pad('redirect', 8)}   FCP runs`);
    for (const t of targets) {
      const left = m(throttle, t, (f) => f.leftAtMs);
      const fcps = runs.get(`${throttle.name}|${t.name}`)!.map((f) => ms(f.fcpMs)).join(', ');
      console.log(
        `${name(t)} ${pad(ms(m(throttle, t, (f) => f.fcpMs)), 8)} ${pad(ms(m(throttle, t, (f) => f.lcpMs)), 8)} ${pad(ms(m(throttle, t, (f) => f.tbtMs)), 8)} ${pad(m(throttle, t, (f) => f.cls).toFixed(3), 6)} ${pad(Number.isNaN(left) ? '' : ms(left), 8)}   ${fcps}`,
      );
    }
  }

  const [routerFloor, reactFloor] = targets.filter((t) => t.floor) as [Target, Target];
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
  console.log('\nRatios to the floors (React + router / React alone):');
  console.log(`${''.padEnd(24)} ${pad('JS', 13)} ${pad('transfer', 13)} ${pad('FCP', 13)} ${pad('LCP', 13)} ${pad('FCP slow', 13)} ${pad('LCP slow', 13)}`);
  for (const t of targets.filter((x) => !x.floor)) {
    const both = (throttle: Throttle, pick: (f: Figures) => number) => pad(`${ratio(m(throttle, t, pick), m(throttle, routerFloor, pick))} / ${ratio(m(throttle, t, pick), m(throttle, reactFloor, pick))}`, 13);
    // Against floors that load their scripts, the HTML alone's bytes say nothing; its paints are compared.
    const bytes = (pick: (f: Figures) => number) => (t.htmlAlone ? pad('–', 13) : both(UNTHROTTLED, pick));
    console.log(
      `${name(t)} ${bytes((f) => f.jsBytes)} ${bytes((f) => f.transferBytes)} ${both(UNTHROTTLED, (f) => f.fcpMs)} ${both(UNTHROTTLED, (f) => f.lcpMs)} ${both(SLOW_PHONE, (f) => f.fcpMs)} ${both(SLOW_PHONE, (f) => f.lcpMs)}`,
    );
  }
  console.log('(The signed-out dashboard is redirected by the CDN before any page: its paints are /signin\'s. "redirect" is when the');
  console.log('address changed in the page, a redirect by the page rather than by the CDN. "HTML alone": the page with its scripts');
  console.log('and module preloads taken out (/dashboard\'s: the signed-in shell, its loading view), what its HTML and inline');
  console.log('stylesheets cost to paint with no JavaScript; "floor HTML alone" is the React + router floor\'s, the like for like.)');

  console.log('\nBudgets (medians; a ratio to the React + router floor of the same run unless named):');
  let over = 0;
  for (const budget of BUDGETS) {
    const row = (rowName: string) => targets.find((t) => t.name === rowName) ?? fail(`bench:web has no row ${rowName} for the budget "${budget.what}"`);
    const to = budget.to ?? ROUTER_FLOOR;
    const value = m(budget.throttle, row(budget.page), (f) => f[budget.figure]);
    const base = m(budget.throttle, row(to), (f) => f[budget.figure]);
    const r = value / base;
    const pass = Number.isFinite(r) && r <= budget.max;
    if (!pass) over++;
    const unit = FIGURE_UNITS[budget.figure];
    console.log(`${pass ? 'PASS' : 'OVER'}  ${budget.what}: ${r.toFixed(2)}x (${unit(value)} vs ${unit(base)}, ${to.trim()}), budget <= ${budget.max}x`);
  }
  console.log(over === 0 ? 'Every budget holds.' : `${over} of ${BUDGETS.length} budgets over.`);
  return over;
}

function fail(message: string): never {
  throw new Error(message);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
