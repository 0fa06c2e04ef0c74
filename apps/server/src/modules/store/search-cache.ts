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
}

interface Entry<V> {
  version: string;
  value: V;
  size: number;
  at: number;
}

export function searchCache<V>({ maxAgeMs, maxSize, maxEntries, sizeOf, now }: SearchCacheOptions<V>) {
  const entries = new Map<string, Entry<V>>(); // in order of last use, oldest first
  let total = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    total -= e.size;
    entries.delete(key);
  };
  return {
    /** The value kept for this key under this version, if it is still young enough. */
    get(key: string, version: string): V | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.version !== version || now() - e.at >= maxAgeMs) {
        drop(key);
        return undefined;
      }
      entries.delete(key); // most recently used last
      entries.set(key, e);
      return e.value;
    },
    set(key: string, version: string, value: V): void {
      drop(key);
      const size = sizeOf(value);
      if (size > maxSize) return;
      entries.set(key, { version, value, size, at: now() });
      total += size;
      for (const oldest of entries.keys()) {
        if (total <= maxSize && entries.size <= maxEntries) break;
        drop(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
