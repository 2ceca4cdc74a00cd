import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The dom project shares its worker between files (isolate: false in vitest.config.ts): each file
// still imports our own modules afresh, so a module's state and another file's mocks never reach it;
// the packages under them (React, jsdom's globals, the testing library) stay loaded.
vi.resetModules();

// findBy and waitFor wait for a state as long as the test may run (vitest's 5 s), not the testing
// library's 1 s: a state a busy machine reaches late is still the state asserted (PricingPage's
// back/forward-cache test missed its enabled button at 1 s in two of five full dom runs under load),
// and a state never reached still fails. The browser project's expect.poll waits likewise.
configure({ asyncUtilTimeout: 5_000 });

/**
 * What a test left in the browser's storage and cookies goes with it, as a new page's would: jsdom is
 * shared by the files of a worker, and a return-to or sign-in intent one file's test remembered sent
 * another file's /verify-email somewhere other than the dashboard (a CI run, in one order of files).
 */
function forgetTheBrowsersState() {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
forgetTheBrowsersState();

afterEach(() => {
  cleanup();
  forgetTheBrowsersState();
});
