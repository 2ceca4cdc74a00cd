/** A browser journey file's setup: the whole local stack serving the built app, with seed data, and Debian's Chromium. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startTestStack, type TestStack } from './local-stack';

export interface Journey {
  stack: TestStack;
  browser: Browser;
}

/** Starts both before the file's tests and stops them after; read the fields inside tests. */
export function useJourney(): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.stack = await startTestStack({ web: true, seed: true });
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.stack?.stop();
  });
  return journey;
}
