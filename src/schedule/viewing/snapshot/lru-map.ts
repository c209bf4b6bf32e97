/** A Map that keeps at most `capacity` entries, dropping the least recently used one first. */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  /**
   * The key inserted last, so the most recently used whenever it is still in the map. Reading it again
   * needs no re-insertion: a delete and a set on every read of one busy tenant filled the Map's table
   * with deleted slots that it then rebuilt, 2 % of a week view's CPU (issue 29).
   */
  private newest: K | undefined;

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && key !== this.newest) {
      // Re-insert so the key becomes the most recently used (Map keeps insertion order).
      this.entries.delete(key);
      this.entries.set(key, value);
      this.newest = key;
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    this.newest = key;
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
  }

  /** Removes `key` only while it still holds `value` (a newer entry is left alone). */
  deleteIf(key: K, value: V): void {
    if (this.entries.get(key) === value) this.entries.delete(key);
  }

  /** The values, least recently used first (without touching their order). */
  values(): IterableIterator<V> {
    return this.entries.values();
  }

  /**
   * Drops the least recently used entries while the sizes of all exceed `budget`; returns the keys
   * dropped. Sizes are asked once per call, so an estimate that moves meanwhile does not matter.
   */
  evictOver(budget: number, sizeOf: (value: V) => number): K[] {
    const sizes = new Map<K, number>();
    let total = 0;
    for (const [key, value] of this.entries) {
      const size = sizeOf(value);
      sizes.set(key, size);
      total += size;
    }
    const evicted: K[] = [];
    for (const [key, size] of sizes) {
      if (total <= budget) break;
      this.entries.delete(key);
      evicted.push(key);
      total -= size;
    }
    return evicted;
  }

  get size(): number {
    return this.entries.size;
  }
}
