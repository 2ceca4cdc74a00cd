/**
 * Every colour on the site comes from the theme: the custom properties on `:root` in
 * frontend/src/styles.css, each with its light and dark value (docs/architecture.md#light-and-dark).
 * A colour written anywhere else in a stylesheet keeps one value in both schemes, which is how a
 * white card with near-white titles reached dark mode.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StyleSheet {
  path: string;
  text: string;
}

export interface HardCodedColour {
  path: string;
  line: number;
  selector: string;
  declaration: string;
}

/** The stylesheets the site ships (tests and built output aside). */
export function styleSheets(root: string, dir = 'frontend'): StyleSheet[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css') && !file.split(/[\\/]/).some((part) => part === 'node_modules' || part === 'dist'))
    .map((file) => {
      const path = `${dir}/${file.split(/[\\/]/).join('/')}`;
      return { path, text: readFileSync(join(root, path), 'utf8') };
    });
}

const NAMED = ['white', 'black', 'red', 'green', 'blue', 'gray', 'grey', 'silver', 'yellow', 'orange', 'purple', 'pink', 'navy', 'teal', 'maroon', 'olive', 'lime', 'aqua', 'fuchsia', 'indigo', 'violet'];
const COLOUR = new RegExp(
  [
    String.raw`#[0-9a-fA-F]{3,8}\b`,
    String.raw`\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(`,
    String.raw`\b(?:${NAMED.join('|')})\b`,
  ].join('|'),
  'i',
);

/** A rule's selector is the theme when it is `:root` (or `:root` with its data-theme pick). */
const isTheme = (selector: string) => /^:root(\[data-theme=['"]?\w+['"]?\])?$/.test(selector.trim());

/**
 * Each declaration holding a colour literal outside a custom property of the theme. A small walk of
 * the stylesheet (comments out, then rules and at-rules by their braces) is enough for our own CSS:
 * no strings hold braces, and url() holds no colour.
 */
export function hardCodedColours(sheets: readonly StyleSheet[]): HardCodedColour[] {
  const found: HardCodedColour[] = [];
  for (const { path, text } of sheets) {
    const source = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
    const selectors: string[] = [];
    let start = 0;
    for (let i = 0; i < source.length; i++) {
      const c = source[i];
      if (c === '{') {
        selectors.push(source.slice(start, i).trim());
        start = i + 1;
      } else if (c === ';' || c === '}') {
        const declaration = source.slice(start, i).trim();
        const colon = declaration.indexOf(':');
        if (colon > 0) {
          const property = declaration.slice(0, colon).trim();
          const value = declaration.slice(colon + 1);
          const selector = selectors.at(-1) ?? '';
          const themeVariable = property.startsWith('--') && isTheme(selector);
          if (!themeVariable && COLOUR.test(value)) {
            const at = start + source.slice(start, i).search(/\S/);
            found.push({ path, line: source.slice(0, at).split('\n').length, selector, declaration: declaration.replace(/\s+/g, ' ') });
          }
        }
        if (c === '}') selectors.pop();
        start = i + 1;
      }
    }
  }
  return found;
}
