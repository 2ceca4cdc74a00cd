/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score (its default config: a Moto G
 * Power's screen, simulated slow 4G and 4x CPU) for the public pages, run against the production build
 * served as the CDN serves it, in Debian's Chromium, and for bench:web's React + router floor beside
 * them (what the same model gives a page that is only React, the router and one heading). Offline:
 * Lighthouse only talks to the browser over the DevTools protocol, and error reporting stays off.
 * Prints figures; never fails on them.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/browser';
import { startSiteAndFloors } from './bench-site';
import { FLOOR_PATHS } from './floor-pages';

const PAGES = ['/', '/pricing', '/download'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

// chrome-launcher starts Chromium itself: headless, with the flags every test browser gets.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  console.log('Starting the local stack and building the site and the floor page...');
  // What has been started, undone in reverse order however far the setup got.
  const started: (() => unknown)[] = [];
  try {
    const { site, floorUrl } = await startSiteAndFloors(started);
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    started.push(() => chrome.kill());

    const targets: [string, string][] = [['floor', floorUrl(FLOOR_PATHS.router)], ...PAGES.map((path): [string, string] => [path, site.url(path)])];
    console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (default config), performance, median of ${RUNS}:`);
    for (const [name, url] of targets) {
      const scores: number[] = [];
      const figures: Record<string, number[]> = {};
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
        if (!result) throw new Error(`Lighthouse returned nothing for ${name}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        scores.push(Math.round((lhr.categories.performance?.score ?? NaN) * 100));
        for (const id of METRICS) (figures[id] ??= []).push(lhr.audits[id]?.numericValue ?? NaN);
      }
      const line = METRICS.map((id) => `${id.replace(/-/g, ' ')} ${id === 'cumulative-layout-shift' ? median(figures[id]!).toFixed(3) : `${median(figures[id]!).toFixed(0)} ms`}`).join(', ');
      console.log(`  ${name.padEnd(10)} score ${String(median(scores)).padStart(3)}  (runs: ${scores.join(', ')})  ${line}`);
    }
    console.log('(floor: bench:web\'s React + router page, prerendered: one heading, 95 KB of JavaScript.)');
  } finally {
    for (const undo of started.reverse()) await undo();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
