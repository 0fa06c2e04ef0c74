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
  size: number;
  at: number;
}

export function searchCache<V>({
  maxAgeMs,
  maxSize,
  maxEntries,
  sizeOf,
  now,
  maxRemembered = maxEntries * 4,
}: SearchCacheOptions<V>) {
  const entries = new Map<string, Entry<V>>(); // in order of last use, oldest first
  let total = 0;
  const askedOnce = new Set<string>();
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
