/**
 * Store search answers kept by term and order (the blank term, the store's first view, costs most: every
 * product with its plans). An entry is used only while the store's fingerprint is the one it was made under,
 * so a write to a product or plan, by this process or another, is seen on the next call. A time limit and a
 * size limit bound what a fingerprint could miss (see storeFingerprint) and the memory held.
 */
export interface SearchCacheOptions {
  /** How long an entry may serve, whatever the fingerprint says. */
  maxAgeMs: number;
  /** The most characters of JSON kept in all (the least recently used entries go first). */
  maxChars: number;
  /** The most entries kept, however small: a stream of made-up terms with no results cannot fill memory. */
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  fingerprint: string;
  json: string;
  at: number;
}

export function searchCache({ maxAgeMs, maxChars, maxEntries, now = Date.now }: SearchCacheOptions) {
  const entries = new Map<string, Entry>(); // in order of last use, oldest first
  let chars = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    chars -= e.json.length;
    entries.delete(key);
  };
  return {
    /** The JSON kept for this key under this fingerprint, if it is still young enough. */
    get(key: string, fingerprint: string): string | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.fingerprint !== fingerprint || now() - e.at >= maxAgeMs) {
        drop(key);
        return undefined;
      }
      entries.delete(key); // most recently used last
      entries.set(key, e);
      return e.json;
    },
    set(key: string, fingerprint: string, json: string): void {
      drop(key);
      if (json.length > maxChars) return;
      entries.set(key, { fingerprint, json, at: now() });
      chars += json.length;
      for (const oldest of entries.keys()) {
        if (chars <= maxChars && entries.size <= maxEntries) break;
        drop(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
