/**
 * What the browser test files of one vitest run share (the browser project's globalSetup): one
 * Chromium, which each file connects to instead of launching its own, and one production build of
 * the site, made by the first file that needs it and reused by the rest. The build bakes in the API's
 * origin, so every file serves it beside a stack whose API listens on the one port chosen here (the
 * files run one at a time). Each file still starts its own local stack: the journeys sign people up
 * from the browser's one address, and the per-address limits must start afresh for each file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/ports';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, for `chromium.connect`. */
    chromiumEndpoint: string;
    /** Where the run's build of the site goes (empty until the first file that needs it builds it). */
    builtSiteDir: string;
    /** The port every built-site file's API listens on: the build calls it. */
    builtSiteApiPort: number;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  const runDir = mkdtempSync(join(tmpdir(), 'voxpen-browser-run-'));
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('builtSiteDir', join(runDir, 'site'));
  project.provide('builtSiteApiPort', await freePort());
  return async () => {
    await browser.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
