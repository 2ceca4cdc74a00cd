import { defineConfig } from 'vitest/config';

/**
 * The node and dom files run first, two at a time on the machine's two cores (vitest's own default
 * here is one worker: all cores but one).
 */
const UNIT_AND_INTEGRATION = { maxWorkers: 2, sequence: { groupOrder: 0 } };

export default defineConfig({
  test: {
    // The local machine runs Node 20 on purpose (Lambda runs 22); the SDK's notice about it is noise here.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/infra/**/*.test.ts', 'test/repo/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...UNIT_AND_INTEGRATION,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['frontend/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/support/dom-setup.ts'],
          // The component files share their worker's modules and jsdom instead of each importing React,
          // the testing library and the page modules afresh: each file's mocks (vi.mock) still apply to
          // it alone, and dom-setup unmounts what a test rendered.
          isolate: false,
          ...UNIT_AND_INTEGRATION,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium and one build of the site for the run's browser files (each keeps its own stack).
          globalSetup: ['test/support/browser-run.ts'],
          // One file at a time: two at once on this machine's two cores measured 12% faster, but each
          // journey ran 1.7 times slower, and the layout-shift and timing journeys are for a quiet page.
          // (Each file running at once would claim a build of its own: test/support/browser-run.ts.)
          fileParallelism: false,
          // After the node and dom files: vitest runs projects of one worker count together, groups in turn.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          // A page reaches its state when the machine gets to it: `expect.poll` waits for it as long as a
          // locator's `waitFor` would, not vitest's default second (a busy machine missed it).
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
  define: { __LOCAL_API_ORIGIN__: JSON.stringify('http://localhost:4000') },
});
