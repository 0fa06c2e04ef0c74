import { LRUCache } from 'lru-cache';

/**
 * Store search answers kept by key (term, order, page). An entry is used only while the store's version is the
 * one it was made under, so a write to a product or plan, by this process or another, is seen on the next
 * call. A time limit and a size limit bound what a missed version bump could cost (a write with the triggers
 * disabled) and the memory held.
 */
export interface SearchCacheOptions<V> {
  /** How long an entry may serve, whatever the version says. */
  maxAgeMs: number;
  /** The most bytes kept in all, as `sizeOf` counts them (the least recently used entries go first). */
  maxSize: number;
  /** The most entries kept, however small: a stream of made-up terms with no results cannot fill memory. */
  maxEntries: number;
  sizeOf: (value: V) => number;
  now: () => number;
  /**
   * How many first asks `setOnSecondAsk` remembers (keys and versions only). When full, it is emptied and starts
   * again, so a key asked once long ago counts as asked for the first time.
   */
  maxRemembered?: number;
}

interface Entry<V> {
  version: string;
  value: V;
}

/**
 * An LRU of answers (lru-cache: its least recently used entries leave first when the size or the count is over,
 * and an entry older than `maxAgeMs` is not served), with each entry's version checked on the way out and the
 * TinyLFU doorkeeper of `setOnSecondAsk` in front, which lru-cache does not have.
 */
export function searchCache<V>({
  maxAgeMs,
  maxSize,
  maxEntries,
  sizeOf,
  now,
  maxRemembered = maxEntries * 4,
}: SearchCacheOptions<V>) {
  const entries = new LRUCache<string, Entry<V>>({
    max: maxEntries,
    maxSize,
    // lru-cache counts sizes from 1: an empty answer still takes a place.
    sizeCalculation: (e) => Math.max(1, sizeOf(e.value)),
    ttl: maxAgeMs,
    // Time is read from `now` on every check, not kept for a moment: tests move their clock. One is added
    // because lru-cache takes a start time of 0 for none, and a test clock may start there.
    ttlResolution: 0,
    perf: { now: () => now() + 1 },
  });
  const askedOnce = new Set<string>();
  return {
    /** The value kept for this key under this version, if it is still young enough. */
    get(key: string, version: string): V | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.version !== version) {
        entries.delete(key);
        return undefined;
      }
      return e.value;
    },
    /** Keeps the value (one larger than `maxSize` is not kept, and the key's old value goes). */
    set(key: string, version: string, value: V): void {
      entries.delete(key);
      entries.set(key, { version, value });
    },
    /**
     * Keeps a value only when this key was set before under this version (the doorkeeper of TinyLFU): a term asked
     * once, as most new terms are, leaves nothing behind but its key, so its answer dies young instead of being
     * copied by the garbage collector and pushing out answers that are asked again. Whether it was kept.
     */
    setOnSecondAsk(key: string, version: string, value: V): boolean {
      const asked = `${version} ${key}`;
      if (!askedOnce.delete(asked)) {
        if (askedOnce.size >= maxRemembered) askedOnce.clear();
        askedOnce.add(asked);
        return false;
      }
      this.set(key, version, value);
      return true;
    },
    get size() {
      return entries.size;
    },
  };
}
