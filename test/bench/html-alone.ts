/**
 * The bench's "HTML alone" rows: a page's built HTML as the CDN serves it, with its scripts and module
 * preloads taken out, so what the HTML and its inline stylesheets cost to paint shows apart from the
 * JavaScript's (the signed-in dashboard's first paint is measured against a page that renders
 * one heading; this says how much of the gap is there before any script). Written under /html-alone/
 * in a directory of their own, beside links to the build's other files (its assets, the icon), so
 * whatever else the HTML asks for is served as from the build.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pageFile } from '../../shared/site-pages';

const SCRIPT = /<script\b[\s\S]*?<\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

export function withoutScripts(html: string): string {
  const stripped = html.replace(SCRIPT, '').replace(MODULE_PRELOAD, '');
  if (/<script\b|rel="modulepreload"/.test(stripped)) throw new Error('A script or module preload is left in the HTML alone');
  return stripped;
}

/** A built page's HTML alone at `served` (under /html-alone/), from its `path` in the build. */
export interface HtmlAlonePage {
  served: string;
  path: string;
}

/** The pages of one build, each's HTML alone at its `served` path, in a directory that links the build's other files. */
export function writeHtmlAlone(builtDir: string, pages: readonly HtmlAlonePage[]): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'voxpen-html-alone-'));
  try {
    for (const entry of readdirSync(builtDir, { withFileTypes: true })) {
      // The hashed assets and the top-level files (the icon); the pages' own HTML is not served from here.
      if (entry.isDirectory() ? entry.name === 'assets' : !entry.name.endsWith('.html')) symlinkSync(join(builtDir, entry.name), join(dir, entry.name));
    }
    for (const page of pages) {
      if (!page.served.startsWith('/html-alone/')) throw new Error(`${page.served} is not under /html-alone/`);
      const file = join(dir, pageFile(page.served));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, withoutScripts(readFileSync(join(builtDir, pageFile(page.path)), 'utf8')));
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
