/**
 * What the browser test files of one vitest run share (the browser project's globalSetup): one
 * Chromium, which each file connects to instead of launching its own, and a production build of the
 * site per file running at once (the project's maxWorkers), each made by the first file that needs it and
 * reused by the files after it. A build bakes in the API's origin, so a file claims a slot (a build
 * and the API port it calls) for its whole run and serves that build beside a stack whose API listens
 * on the slot's port. Each file still starts its own local stack: the journeys sign people up from the
 * browser's one address, and the per-address limits must start afresh for each file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { reservablePort } from '../../infra/local/ports';
import { CHROMIUM_FLAGS, JOURNEY_CHROMIUM_PATH } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, for `chromium.connect`. */
    chromiumEndpoint: string;
    /** One slot per file running at once: where its build goes (empty until a file needs it) and the API port the build calls. */
    builtSiteSlots: { dir: string; apiPort: number }[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browser = await chromium.launchServer({ executablePath: JOURNEY_CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  const runDir = mkdtempSync(join(tmpdir(), 'voxpen-browser-run-'));
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  const slots = [];
  for (let i = 0; i < project.config.maxWorkers; i++) slots.push({ dir: join(runDir, `site-${i}`), apiPort: await reservablePort() });
  project.provide('builtSiteSlots', slots);
  return async () => {
    await browser.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
