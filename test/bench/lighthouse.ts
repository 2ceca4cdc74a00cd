/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score (its default config: a Moto G
 * Power's screen, simulated slow 4G and 4x CPU) for the public pages, run against the production build
 * served as the CDN serves it, in Debian's Chromium. Offline: Lighthouse only talks to the browser
 * over the DevTools protocol, and error reporting stays off. Prints figures; never fails on them.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/browser';
import { startBenchSite } from './bench-site';

const PAGES = ['/', '/pricing', '/download'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

// chrome-launcher starts Chromium itself: headless, with the flags every test browser gets.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  console.log('Starting the local stack and building the site...');
  const site = await startBenchSite();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (default config), performance, median of ${RUNS}:`);
    for (const path of PAGES) {
      const scores: number[] = [];
      const figures: Record<string, number[]> = {};
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(site.url(path), { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        scores.push(Math.round((lhr.categories.performance?.score ?? NaN) * 100));
        for (const id of METRICS) (figures[id] ??= []).push(lhr.audits[id]?.numericValue ?? NaN);
      }
      const line = METRICS.map((id) => `${id.replace(/-/g, ' ')} ${id === 'cumulative-layout-shift' ? median(figures[id]!).toFixed(3) : `${median(figures[id]!).toFixed(0)} ms`}`).join(', ');
      console.log(`  ${path.padEnd(10)} score ${String(median(scores)).padStart(3)}  (runs: ${scores.join(', ')})  ${line}`);
    }
  } finally {
    chrome.kill();
    await site.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
