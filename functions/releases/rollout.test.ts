import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { installIdOf, isOffered, rolloutBucket } from './rollout';

const release = { platform: 'windows-x86_64', version: '1.5.0' };
const ids = Array.from({ length: 10_000 }, () => randomUUID());

describe('rolloutBucket', () => {
  it('is stable: the same installation and release always land in the same bucket, 0–99', () => {
    const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
    const bucket = rolloutBucket(id, release);
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(100);
    expect(rolloutBucket(id, { ...release })).toBe(bucket);
    // Pinned: a change of hash would reshuffle every installation in the middle of a rollout.
    expect(bucket).toBe(90);
  });

  it('is monotonic in N: an installation offered a release at N is offered it at every larger N', () => {
    for (const id of ids.slice(0, 500)) {
      const answers = Array.from({ length: 100 }, (_, i) => isOffered(i + 1, id, release));
      const first = answers.indexOf(true);
      expect(first, id).toBeGreaterThanOrEqual(0);
      expect(answers.slice(first).every(Boolean), id).toBe(true);
    }
  });

  it.each([1, 10, 25, 50, 90])('offers a %i% rollout to about that share of 10,000 installations', (n) => {
    const share = ids.filter((id) => isOffered(n, id, release)).length / ids.length;
    expect(Math.abs(share - n / 100)).toBeLessThan(0.02);
  });

  it('picks a different first few percent for each release', () => {
    const first = (version: string) => new Set(ids.filter((id) => isOffered(5, id, { ...release, version })));
    const a = first('1.5.0');
    const overlap = [...first('1.6.0')].filter((id) => a.has(id)).length;
    expect(overlap / a.size).toBeLessThan(0.2);
  });

  it('offers a staged release to no one without an install id, and a full one to everyone', () => {
    expect(isOffered(99, undefined, release)).toBe(false);
    expect(isOffered(100, undefined, release)).toBe(true);
  });
});

describe('installIdOf', () => {
  it('takes a UUID in any case and refuses anything else', () => {
    expect(installIdOf('3F2B8C1E-9A4D-4E6F-8B7A-1C2D3E4F5A6B')).toBe('3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b');
    expect(installIdOf(undefined)).toBeUndefined();
    expect(installIdOf('')).toBeUndefined();
    expect(installIdOf('not-a-uuid')).toBeUndefined();
  });
});
