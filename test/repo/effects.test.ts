/**
 * The frontend keeps its effects few and explained: at most EFFECT_BUDGET calls of useEffect (or
 * useLayoutEffect) in non-test code, each with a comment right above it saying why it is an effect.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EFFECT_BUDGET, effectCalls, saysWhy } from './effects';
import { sourceFiles } from './table-owners';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('effects in the frontend', () => {
  it('counts calls, not imports or comments, skips tests, and reads the comment right above each', () => {
    const files = [
      {
        path: 'frontend/src/a.ts',
        text: [
          "import { useEffect, useLayoutEffect } from 'react';",
          '// An effect: a subscription to the window, which React does not own.',
          'useEffect(() => {});',
          '/*',
          ' * An effect: the tab title',
          ' * belongs to the document.',
          ' */',
          'useLayoutEffect(() => {});',
          'const x = 1;',
          'useEffect(() => {});',
          '// An effect.',
          'useEffect(() => {});',
          '// useEffect(() => {}) in a comment is none',
          'useEffectEvent(() => {});',
        ].join('\n'),
      },
      { path: 'frontend/src/a.test.tsx', text: 'useEffect(() => {});' },
      { path: 'frontend/src/b.test-support.ts', text: 'useEffect(() => {});' },
    ];
    const calls = effectCalls(files);
    expect(calls.map((c) => [c.line, saysWhy(c)])).toEqual([
      [3, true],
      [8, true],
      [10, false],
      [12, false],
    ]);
  });

  it(`has at most ${EFFECT_BUDGET} in frontend/, each saying why it is an effect`, () => {
    const calls = effectCalls(sourceFiles(root, ['frontend']));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => !saysWhy(c)).map((c) => `${c.file}:${c.line}`)).toEqual([]);
    expect(calls.map((c) => `${c.file}:${c.line}`).length, calls.map((c) => `${c.file}:${c.line}`).join('\n')).toBeLessThanOrEqual(EFFECT_BUDGET);
  });
});
