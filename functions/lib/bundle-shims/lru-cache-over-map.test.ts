import MnemonistLRUCache from 'mnemonist/lru-cache';
import { describe, expect, it } from 'vitest';
import LRUCache from './lru-cache-over-map';

/** The same calls on the shim and on mnemonist's cache it stands in for, and what each then holds. */
function play(cache: { set(k: string, v: number): unknown; get(k: string): number | undefined; peek(k: string): number | undefined; has(k: string): boolean; clear(): void }) {
  const seen: unknown[] = [];
  cache.set('a', 1);
  cache.set('b', 2);
  seen.push(cache.get('a')); // a is now the most recent
  cache.set('c', 3); // evicts b, the least recent
  seen.push(cache.has('b'), cache.peek('c'));
  seen.push(cache.peek('a')); // a read that does not make a recent
  cache.set('d', 4); // evicts a: the peek left it the least recent
  seen.push(cache.has('a'), cache.has('c'), cache.get('d'));
  cache.set('c', 30); // an update makes c the most recent
  cache.set('e', 5); // evicts d
  seen.push(cache.has('d'), cache.get('c'), cache.get('e'));
  cache.clear();
  seen.push(cache.has('c'));
  return seen;
}

describe('the LRU cache the Lambda bundles use in place of mnemonist\'s', () => {
  it('keeps and evicts exactly as mnemonist\'s LRUCache does for the calls the AWS SDK\'s endpoint cache makes', () => {
    expect(play(new LRUCache<string, number>(2))).toEqual(play(new MnemonistLRUCache<string, number>(2)));
    expect(play(new LRUCache<string, number>(2))).toEqual([1, false, 3, 1, false, true, 4, false, 30, 5, false]);
  });
});
