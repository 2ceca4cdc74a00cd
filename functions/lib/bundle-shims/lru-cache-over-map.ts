/**
 * Stands in for `mnemonist/lru-cache` (with the obliterator helpers it brings, ~7 KB) in the Lambda
 * bundles (infra/constructs/bundling.ts). Its one importer is the AWS SDK's endpoint cache
 * (@aws-sdk/endpoint-cache), which every DynamoDB client makes at construction and reads only when
 * endpoint discovery is on, which it never is here. What the cache calls (new LRUCache(capacity),
 * get, set, has, peek, clear) is served the same over a Map, whose insertion order is the recency
 * order: a read or write moves the key to the end, and the first key is the least recent.
 */
export default class LRUCache<K, V> {
  readonly #items = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.#items.size;
  }

  has(key: K): boolean {
    return this.#items.has(key);
  }

  /** The value without making it recent. */
  peek(key: K): V | undefined {
    return this.#items.get(key);
  }

  get(key: K): V | undefined {
    if (!this.#items.has(key)) return undefined;
    const value = this.#items.get(key) as V;
    this.#items.delete(key);
    this.#items.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.#items.delete(key);
    this.#items.set(key, value);
    if (this.#items.size > this.capacity) this.#items.delete(this.#items.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.#items.clear();
  }
}
