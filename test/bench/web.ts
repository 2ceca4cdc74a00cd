/**
 * `npm run bench:web`: the public home page against a minimal React + ReactDOM + react-router page
 * built with the same Vite config, side by side in one run, both served by the local static server
 * (gzip, as the CDN serves them), in headless Chromium:
 *  - gzip size of the JavaScript each loads before interaction (target: home ≤ 1.3 × minimal),
 *  - total transfer for `/` (bytes over the wire, headers included),
 *  - first contentful paint, median of 5 cold loads, unthrottled and on an emulated slow phone.
 * Prints figures; never fails on them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { freePort } from '../../infra/local/ports';
import { staticSiteService } from '../../infra/local/static-site';
import { launchBrowser } from '../support/browser';
import { buildSite, chunkSources, PRIVATE_CODE } from '../support/built-site';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_RATIO = 1.3;

interface Profile {
  name: string;
  /** Chrome DevTools network emulation (latency ms, throughput bytes/s) and CPU slowdown, or none. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpuSlowdown?: number;
}

const PROFILES: Profile[] = [
  { name: 'unthrottled' },
  { name: 'slow phone (150 ms RTT, 1.6 Mbit/s, 4x CPU)', network: { latency: 150, downloadThroughput: 200_000, uploadThroughput: 94_000 }, cpuSlowdown: 4 },
];

interface Load {
  fcpMs: number;
  transferBytes: number;
  requests: number;
  scripts: { url: string; gzipBytes: number }[];
}

async function load(browser: Browser, url: string, profile: Profile): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });

  // Bytes on the wire per request, as Chromium's network stack counts them (headers and gzip body).
  let transferBytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    transferBytes += e.encodedDataLength;
    requests += 1;
  });
  const scriptResponses: Promise<{ url: string; gzipBytes: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scriptResponses.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body).length })));
  });

  await page.goto(url, { waitUntil: 'networkidle' });
  const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  const scripts = await Promise.all(scriptResponses);
  await context.close();
  return { fcpMs, transferBytes, requests, scripts };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function buildMinimalPage(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'voxpen-minimal-'));
  await build({
    configFile: resolve('frontend/vite.config.ts'),
    root: resolve('test/bench/minimal-page'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

async function main() {
  console.log('Building the site and the minimal page with the same Vite config...');
  const site = await buildSite();
  const minimalDir = await buildMinimalPage();
  const home = await staticSiteService({ dir: site.dir, port: await freePort() }).start();
  const minimal = await staticSiteService({ dir: minimalDir, port: await freePort(), prerendered: ['/'] }).start();
  const browser = await launchBrowser();
  try {
    const homeUrl = `${home.url}/`;
    const minimalUrl = `${minimal.url}/`;
    const fcp: Record<string, { home: number[]; minimal: number[] }> = {};
    let first: { home: Load; minimal: Load } | undefined;
    for (const profile of PROFILES) {
      fcp[profile.name] = { home: [], minimal: [] };
      for (let run = 0; run < RUNS; run++) {
        // Alternating, so neither page always runs on a warmer machine.
        const h = await load(browser, homeUrl, profile);
        const m = await load(browser, minimalUrl, profile);
        fcp[profile.name]!.home.push(h.fcpMs);
        fcp[profile.name]!.minimal.push(m.fcpMs);
        first ??= { home: h, minimal: m };
      }
    }

    const homeJs = first!.home.scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const minimalJs = first!.minimal.scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const privateSources = (await Promise.all(first!.home.scripts.map((s) => chunkSources(s.url)))).flat().filter((s) => PRIVATE_CODE.test(s));

    console.log('\nJavaScript loaded before interaction (gzip):');
    console.log(`  home page /           ${kb(homeJs).padStart(9)}  in ${first!.home.scripts.length} files`);
    console.log(`  minimal React page    ${kb(minimalJs).padStart(9)}  in ${first!.minimal.scripts.length} files`);
    console.log(`  ratio                 ${(homeJs / minimalJs).toFixed(2)}x (target at most ${TARGET_RATIO}x)`);
    console.log(`  auth/dashboard/billing modules on /: ${privateSources.length === 0 ? 'none' : privateSources.join(', ')}`);
    for (const s of [...first!.home.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`    ${kb(s.gzipBytes).padStart(9)}  ${new URL(s.url).pathname}`);
    }
    console.log('\nTotal transfer (headers + gzip bodies, cold cache):');
    console.log(`  home page /           ${kb(first!.home.transferBytes).padStart(9)}  in ${first!.home.requests} requests`);
    console.log(`  minimal React page    ${kb(first!.minimal.transferBytes).padStart(9)}  in ${first!.minimal.requests} requests`);
    console.log(`\nFirst contentful paint, median of ${RUNS} cold loads:`);
    for (const profile of PROFILES) {
      const f = fcp[profile.name]!;
      console.log(`  ${profile.name}`);
      console.log(`    home page /         ${ms(median(f.home)).padStart(9)}   (runs: ${f.home.map(ms).join(', ')})`);
      console.log(`    minimal React page  ${ms(median(f.minimal)).padStart(9)}   (runs: ${f.minimal.map(ms).join(', ')})`);
    }
  } finally {
    await browser.close();
    await home.stop();
    await minimal.stop();
    site.remove();
    rmSync(minimalDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
