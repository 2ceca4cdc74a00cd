/** Debian's Chromium driven by playwright-core, with the flags this closed network needs. */
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';

/** Debian's Chromium, the browser people run: what the benchmarks load pages in. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/**
 * The journeys' browser: Debian's chromium-headless-shell when it is installed (.ci/run installs it),
 * the same engine and version without the desktop browser's UI and background processes, which ran
 * three journey files in 72 s where Chromium took 98 s; else Chromium.
 */
export const JOURNEY_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
export const SCREENSHOT_DIR = resolve('test-results/screenshots');

/** What this closed network needs: no sandbox in the container, and nothing that tries to reach Google or anywhere else. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/**
 * The browser test run's one Chromium (test/support/browser-run.ts), connected to: a file's contexts
 * are its own, and closing it only disconnects. Outside a browser-project run (a benchmark), its own.
 */
export async function runBrowser(): Promise<Browser> {
  const { inject } = await import('vitest');
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

/** A download's content as text: its stream, which works on the run's shared (connected) browser, where path() does not. */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return resolve(SCREENSHOT_DIR, `${name}.png`);
}

/** axe's rules that read colours: all a change of colour scheme alone can break. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** WCAG 2.2 A and AA and axe's best practices: what the accessibility journeys hold every page to. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe in each frame of the page's current document, put there once and reused by every check on that
 * document (light and dark). @axe-core/playwright's AxeBuilder evaluates axe's 0.5 MB source again on
 * each check and finishes each in a blank page it opens: 2-3 s a check where axe.run in the page takes
 * 0.1-0.3 s. Frames of another origin answer axe's messages as they do under AxeBuilder.
 */
async function withAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(axe.source);
    await frame.evaluate(() => (window as unknown as { axe: typeof axe }).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }));
  }
}

/**
 * Every axe finding at WCAG 2.2 A and AA and axe's best practices on the page as it stands, whatever
 * its impact; or only those of `rules` (the same page again in another colour scheme: COLOUR_RULES).
 * axe works out only the violations and what it leaves for review in full (`resultTypes`: the passes
 * keep one node each), which changes no finding and spares it the selectors of every node that passed.
 * Of what it leaves for review, text the colour of its background counts as a finding.
 */
export async function axeFindings(page: Page, rules?: string[]): Promise<string[]> {
  await withAxe(page);
  const runOnly: axe.RunOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: AXE_TAGS };
  return page.evaluate(async (only) => {
    const { violations, incomplete } = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: only, resultTypes: ['violations', 'incomplete'] });
    const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    // Text the colour of its background: axe leaves a 1:1 ratio for a person to review (it could be
    // hidden on purpose), but on our pages it is text nobody can read.
    const invisible = incomplete
      .filter((r) => r.id === 'color-contrast')
      .flatMap((r) => r.nodes)
      .filter((n) => n.any.some((check) => (check.data as { contrastRatio?: number } | null)?.contrastRatio === 1));
    if (invisible.length) found.push(`color-contrast (invisible: text the colour of its background): ${invisible.map((n) => n.target.join(' ')).join(', ')}`);
    return found;
  }, runOnly);
}
