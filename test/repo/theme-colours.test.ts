import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hardCodedColours, styleSheets } from './theme-colours';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('colours in the stylesheets', () => {
  it('finds a colour written outside the theme, and lets the theme and its variables be', () => {
    const sheet = {
      path: 'frontend/src/a.css',
      text: [
        ':root { --surface: light-dark(#ffffff, #1a1e2a); --on-fill: #fff; }',
        ":root[data-theme='dark'] { --ink: #eee; }",
        '/* a comment may say #fff */',
        '.card { background: var(--surface); white-space: nowrap; }',
        '.factor:hover, .factor:focus-visible {',
        '  border-color: var(--ink);',
        '  background: #fff;',
        '}',
        '@media (max-width: 480px) { .card { box-shadow: 0 1px 2px rgba(0, 0, 0, 0.1); color: white } }',
        '.local { --mine: #123456; }',
        '.mix { background: color-mix(in srgb, var(--bg) 75%, transparent); }',
      ].join('\n'),
    };
    expect(hardCodedColours([sheet]).map(({ line, selector, declaration }) => [line, selector, declaration])).toEqual([
      [7, '.factor:hover, .factor:focus-visible', 'background: #fff'],
      [9, '.card', 'box-shadow: 0 1px 2px rgba(0, 0, 0, 0.1)'],
      [9, '.card', 'color: white'],
      [10, '.local', '--mine: #123456'],
    ]);
  });

  it('takes every colour of the site from the theme, so both schemes have one', () => {
    const sheets = styleSheets(root);
    expect(sheets.map((s) => s.path)).toContain('frontend/src/styles.css');
    expect(hardCodedColours(sheets).map((c) => `${c.path}:${c.line} ${c.selector} { ${c.declaration} }`)).toEqual([]);
  });
});
