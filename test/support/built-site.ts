/**
 * The production build of the site, served as the CDN serves it, beside the local API: what browser
 * tests of the public pages and the web benchmark load. Built into a temporary directory, so it never
 * disturbs frontend/dist, with the API origin of this very stack baked in.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { staticSiteService } from '../../infra/local/static-site';
import type { RunningService } from '../../infra/local/service';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { runBrowser } from './browser';
import { freePorts, startTestStack, type TestStack } from './local-stack';

const run = promisify(execFile);

export async function buildSite(options: { apiOrigin?: string; outDir?: string } = {}): Promise<{ dir: string; remove(): void }> {
  const dir = options.outDir ?? mkdtempSync(join(tmpdir(), 'voxpen-site-'));
  await run('node', ['node_modules/.bin/tsx', 'frontend/prerender.ts', '--out-dir', dir], {
    env: { ...process.env, ...(options.apiOrigin ? { VOXPEN_API_ORIGIN: options.apiOrigin } : {}) },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function serveSite(dir: string, port: number): Promise<RunningService> {
  return staticSiteService({ dir, port }).start();
}

/** The original modules a served chunk was built from, read from its source map. */
export async function chunkSources(chunkUrl: string): Promise<string[]> {
  const answer = await fetch(`${chunkUrl}.map`);
  if (!answer.ok) return [];
  return ((await answer.json()) as { sources: string[] }).sources;
}

/** Code that must never load on a marketing page. */
export const PRIVATE_CODE = /supertokens|\/src\/auth\/|\/src\/pages\/auth\/|\/src\/pages\/dashboard\/|\/src\/pages\/account\/|\/src\/api\/account\.ts|billing|stripe/i;

export interface BuiltSiteJourney {
  stack: TestStack;
  /** The built site, on the stack's web port: the API's CORS allows that origin, as it allows the dev server. */
  web: RunningService;
  browser: Browser;
  /** The build's directory. */
  siteDir: string;
  url(path: string): string;
}

/**
 * A slot of the browser run (test/support/browser-run.ts) claimed for this file alone, with its build
 * made if no file before made it; `release` frees it for the next file once this one's stack is down.
 * Claiming is a directory made beside the slot's: the OS makes it for one process only.
 */
async function claimBuild(): Promise<{ dir: string; apiPort: number; release(): void }> {
  for (;;) {
    for (const slot of inject('builtSiteSlots')) {
      const claim = `${slot.dir}.claimed`;
      try {
        mkdirSync(claim);
      } catch {
        continue;
      }
      const release = () => rmSync(claim, { recursive: true, force: true });
      if (!existsSync(join(slot.dir, 'index.html'))) {
        rmSync(slot.dir, { recursive: true, force: true });
        // A failed build frees the slot, so the next file fails on the same error rather than waiting for a slot.
        await buildSite({ apiOrigin: `http://localhost:${slot.apiPort}`, outDir: slot.dir }).catch((error: unknown) => {
          release();
          throw error;
        });
      }
      return { ...slot, release };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A browser test file's setup for the site as the CDN serves it: the local stack with seed data (its
 * own, its API on the port the run's build calls), the production build, and Debian's Chromium.
 * Started before the file's tests (its own beforeAll hooks run after this one) and stopped after; read
 * the fields inside tests.
 */
export function useBuiltSite(): BuiltSiteJourney {
  const journey = { url: (path: string) => `${journey.web.url}${path}` } as BuiltSiteJourney;
  let release = () => {};
  beforeAll(async () => {
    const site = await claimBuild();
    release = site.release;
    journey.stack = await startTestStack({ seed: true, ports: { ...(await freePorts()), api: site.apiPort } });
    journey.siteDir = site.dir;
    journey.web = await serveSite(site.dir, journey.stack.ports.web);
    journey.browser = await runBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.web?.stop();
    await journey.stack?.stop();
    release();
  });
  return journey;
}
