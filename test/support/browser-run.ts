/**
 * What the browser test files of one vitest run share (the browser project's globalSetup): one
 * Chromium, which each file connects to instead of launching its own, and one production build of the
 * site, served by one CDN stand-in (infra/local/static-site.ts) that sends `/api/*` on to the API of
 * the file whose journeys run, as CloudFront sends it to API Gateway: the page calls its own origin,
 * as deployed, and the build bakes in that origin alone. The stand-in listens before the build is made,
 * on a port the OS picked, so no port is chosen now and bound later.
 *
 * Each file still starts its own local stack (the journeys sign people up from the browser's one
 * address, and the per-address limits must start afresh for each file) and claims the stand-in for its
 * whole run (test/support/built-site.ts): one file at a time, as the project runs them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { close, listen, portOf } from '../../infra/local/http-server';
import { staticSiteService, type ApiOrigin } from '../../infra/local/static-site';
import { CHROMIUM_FLAGS, JOURNEY_CHROMIUM_PATH } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, for `chromium.connect`. */
    chromiumEndpoint: string;
    /** The run's build of the site (empty until the first file that needs it makes it), the stand-in serving it, and where a file claims the stand-in's /api. */
    builtSite: { dir: string; url: string; claims: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browser = await chromium.launchServer({ executablePath: JOURNEY_CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  const runDir = mkdtempSync(join(tmpdir(), 'voxpen-browser-run-'));
  const dir = join(runDir, 'site');

  // The API the stand-in's /api goes to: the claiming file's stack, one file at a time.
  let api: ApiOrigin | undefined;
  const waiting: (() => void)[] = [];
  const site = await staticSiteService({ dir, port: 0, api: () => api }).start();
  // POST /claim {origin, originSecret} answers once the stand-in is the caller's; POST /release frees it.
  const claims = createServer(async (req, res) => {
    if (req.url === '/release') {
      api = undefined;
      waiting.shift()?.();
      return void res.end();
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    while (api) await new Promise<void>((resolve) => waiting.push(resolve));
    api = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApiOrigin;
    res.end();
  });
  await listen(claims, 0);

  project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('builtSite', { dir, url: site.url, claims: `http://localhost:${portOf(claims)}` });
  return async () => {
    await close(claims);
    await site.stop();
    await browser.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
