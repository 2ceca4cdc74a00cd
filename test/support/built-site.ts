/**
 * The production build of the site, served as the CDN serves it, beside the local API: what browser
 * tests and the web benchmark load. Built into a temporary directory, so it never disturbs
 * frontend/dist, with the origin the page calls for /api baked in (the browser run's: the site's own).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { staticSiteService } from '../../infra/local/static-site';
import type { RunningService } from '../../infra/local/service';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { localSecretEnvName } from '../../shared/secrets';
import { ANY_PORTS } from '../../infra/local/stack';
import { runBrowser } from './browser';
import { startTestStack, type TestStack } from './local-stack';

const run = promisify(execFile);

export async function buildSite(options: { apiOrigin?: string; outDir?: string } = {}): Promise<{ dir: string; remove(): void }> {
  const dir = options.outDir ?? mkdtempSync(join(tmpdir(), 'voxpen-site-'));
  await run('node', ['node_modules/.bin/tsx', 'frontend/prerender.ts', '--out-dir', dir], {
    // NODE_ENV as `npm run build` has it: vitest sets `test`, which vite keeps, so the journeys ran
    // React's development build (its DevTools notice in every page's console), not the one deployed.
    env: { ...process.env, NODE_ENV: 'production', ...(options.apiOrigin ? { VOXPEN_API_ORIGIN: options.apiOrigin } : {}) },
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
  /** The run's CDN stand-in serving the built site, on the stack's web port (WEB_ORIGIN). */
  web: RunningService;
  browser: Browser;
  /** The build's directory. */
  siteDir: string;
  url(path: string): string;
}

/**
 * The run's build (test/support/browser-run.ts), made by the first file that needs it: its origin
 * baked in as the API's, so the page calls its own origin (the stand-in sends /api on) as it does
 * deployed. Making it is claimed with a directory beside it, which the OS makes for one process
 * only; a file that finds it claimed waits for the build to be done (or to have failed: then it
 * fails on the same error rather than waiting).
 */
async function theRunsBuild(): Promise<string> {
  const { dir, url } = inject('builtSite');
  try {
    mkdirSync(`${dir}.claimed`);
  } catch {
    while (!existsSync(`${dir}.done`)) {
      if (existsSync(`${dir}.failed`)) throw new Error(`the site build failed: ${readFileSync(`${dir}.failed`, 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return dir;
  }
  try {
    await buildSite({ apiOrigin: url, outDir: dir });
  } catch (error) {
    writeFileSync(`${dir}.failed`, String(error));
    throw error;
  }
  writeFileSync(`${dir}.done`, '');
  return dir;
}

/** Makes the run's CDN stand-in send /api on to this stack's API, once no other file has it. */
async function claimStandIn(stack: TestStack): Promise<void> {
  const originSecret = (JSON.parse(stack.env[localSecretEnvName('originVerify')]!) as { value: string }).value;
  const answer = await fetch(`${inject('builtSite').claims}/claim`, { method: 'POST', body: JSON.stringify({ origin: stack.api, originSecret }) });
  if (!answer.ok) throw new Error(`claiming the site's stand-in answered ${answer.status}`);
}

/**
 * A browser test file's setup for the site as the CDN serves it: the local stack with seed data (its
 * own; WEB_ORIGIN the run's stand-in, which sends /api on to this stack while the file runs), the
 * run's production build, and Debian's Chromium. Started before the file's tests (its own beforeAll
 * hooks run after this one) and stopped after; read the fields inside tests.
 */
export function useBuiltSite(): BuiltSiteJourney {
  const journey = { url: (path: string) => `${journey.web.url}${path}` } as BuiltSiteJourney;
  const { url, claims } = inject('builtSite');
  let claimed = false;
  beforeAll(async () => {
    journey.siteDir = await theRunsBuild();
    journey.stack = await startTestStack({ seed: true, ports: { ...ANY_PORTS, web: Number(new URL(url).port) } });
    await claimStandIn(journey.stack);
    claimed = true;
    journey.web = { url, stop: async () => {} };
    journey.browser = await runBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    if (claimed) await fetch(`${claims}/release`, { method: 'POST' });
    await journey.stack?.stop();
  });
  return journey;
}
