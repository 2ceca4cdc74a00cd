import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, type Finding, outsideCitations, reader, repoFiles } from './design-record';

const root = fileURLToPath(new URL('../..', import.meta.url));
const files = repoFiles(root);
const read = reader(root);
const show = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line}: ${f.why}: ${f.text}`);

describe('the design record lives in the repository', () => {
  it('finds what a citation check must find, and leaves the reason alone', () => {
    expect(outsideCitations('a.ts', '// issue 16: one write\n/** see DECISIONS.md */\n// Issue #3 and issues 4\n')).toHaveLength(3);
    expect(outsideCitations('a.ts', '// ARCHITECTURE.md says so; product-spec.md §2\n')).toHaveLength(2);
    expect(outsideCitations('a.ts', '// docs/decisions.md#8: once per account; the code issued 12 times; spec §9\n')).toEqual([]);
  });

  it('has no code that cites an issue number or a design file outside the repository', () => {
    const code = files.filter((f) => /\.(ts|tsx|mts|cts|js|mjs|cjs|css|html)$/.test(f) && f !== 'test/repo/design-record.test.ts');
    expect(code.length).toBeGreaterThan(100);
    expect(show(code.flatMap((f) => outsideCitations(f, read(f) ?? '')))).toEqual([]);
  });

  it('has every docs page and anchor the code cites (docs/decisions.md#N, docs/security.md, …)', () => {
    const cited = files
      .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f) && !f.startsWith('test/repo/'))
      .flatMap((f) => [...(read(f) ?? '').matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g)].map((m) => ({ file: f, page: m[1], anchor: m[2] })));
    expect(cited.filter((c) => c.page === 'decisions.md' && c.anchor).length).toBeGreaterThan(20);
    const missing = cited.filter((c) => {
      const page = read(`docs/${c.page}`);
      return page === undefined || (c.anchor !== undefined && !anchorsOf(page).has(c.anchor));
    });
    expect(missing).toEqual([]);
  });
});

describe("the README's and docs' links", () => {
  it('finds a missing file and a missing anchor, and skips code and other sites', () => {
    const fake: Record<string, string> = {
      'README.md': '[a](docs/a.md#two) [b](docs/gone.md) [c](docs/a.md#nope) `[d](nowhere.md)` [e](https://example.com/x.md)\n',
      'docs/a.md': '# One\n\n<a id="two"></a>\n## Two words here\n[back](../README.md#one-more) [self](#two-words-here)\n',
    };
    const readFake = (p: string) => fake[p];
    expect(show(brokenLinks(root, 'README.md', readFake))).toEqual([
      'README.md:1: no such file: docs/gone.md',
      'README.md:1: no anchor #nope in docs/a.md: docs/a.md#nope',
    ]);
    expect(show(brokenLinks(root, 'docs/a.md', readFake))).toEqual(['docs/a.md:5: no anchor #one-more in README.md: ../README.md#one-more']);
  });

  it('lead to files and anchors that exist', () => {
    const markdown = files.filter((f) => f.endsWith('.md'));
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'docs/decisions.md', 'docs/architecture.md', 'docs/security.md']));
    expect(show(markdown.flatMap((f) => brokenLinks(root, f, read)))).toEqual([]);
  });

  it('keeps the README a README: at most 150 lines', () => {
    expect((read('README.md') ?? '').trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });
});
