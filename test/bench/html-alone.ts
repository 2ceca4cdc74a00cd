/**
 * The bench's "HTML alone" rows: a page's built HTML as the CDN serves it, with its scripts and module
 * preloads taken out, so what the HTML and its inline stylesheets cost to paint shows apart from the
 * JavaScript's (issue 16: the signed-in dashboard's first paint is measured against a page that renders
 * one heading; this says how much of the gap is there before any script). Written under /html-alone/
 * in a directory of their own, which the bench serves beside the floors.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** The pages' HTML alone, each at /html-alone<path>; answers those paths by page path. */
export function writeHtmlAlone(siteDir: string, paths: readonly string[]): { dir: string; pathOf: Record<string, string>; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'voxpen-html-alone-'));
  const pathOf: Record<string, string> = {};
  for (const path of paths) {
    const served = `/html-alone${path === '/' ? '/home' : path}`;
    const file = join(dir, pageFile(served));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, withoutScripts(readFileSync(join(siteDir, pageFile(path)), 'utf8')));
    pathOf[path] = served;
  }
  return { dir, pathOf, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
