/**
 * No import cycle between modules anywhere in our code (what `madge --circular` checks), type-only
 * imports included: a cycle makes two modules one in all but name, and hides which comes first.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleGraph, tangles } from './import-cycles';
import { sourceFiles } from './table-owners';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('import cycles', () => {
  it('finds a cycle through a type-only import, and none in a chain', () => {
    const files = [
      { path: 'src/a.ts', text: "import { b } from './b';" },
      { path: 'src/b.tsx', text: "import type { C } from './c/index';\nexport const b = 1;" },
      { path: 'src/c/index.ts', text: "export type { A } from '../a';" },
      { path: 'src/d.ts', text: "import { b } from './b';" },
    ];
    const exists = (path: string) => files.some((f) => f.path === path);
    expect(tangles(moduleGraph(root, files, exists))).toEqual([['src/a.ts', 'src/b.tsx', 'src/c/index.ts']]);
    expect(tangles(moduleGraph(root, files.slice(1), exists))).toEqual([]);
  });

  it('has none in shared/, functions/, frontend/, infra/ or test/', () => {
    const files = sourceFiles(root, ['shared', 'functions', 'frontend', 'infra', 'test']);
    const graph = moduleGraph(root, files);
    expect([...graph.values()].reduce((n, targets) => n + targets.size, 0)).toBeGreaterThan(500);
    expect(tangles(graph)).toEqual([]);
  });
});
