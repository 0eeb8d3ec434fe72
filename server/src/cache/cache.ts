/**
 * A small in-memory cache of lookups: an entry lives `ttlMs`, at most `maxEntries` are kept (the least recently
 * used go first), and concurrent lookups of one key share one load. A load that fails is not kept, nor one whose value
 * `keep` refuses (by default: nothing found).
 */
export type Cache<K, V> = {
  get: (key: K, load: () => Promise<V | undefined>) => Promise<V | undefined>;
  /** Drops the key: the next `get` loads afresh (a load already under way is not kept). */
  delete: (key: K) => void;
  /** How many entries are kept now (at most `maxEntries`). */
  size: () => number;
};

export type CacheOptions<V> = { ttlMs: number; maxEntries: number; keep?: (value: V) => boolean };

export function createCache<K, V>({ ttlMs, maxEntries, keep = () => true }: CacheOptions<V>): Cache<K, V> {
  const entries = new Map<K, { value: Promise<V | undefined>; expires: number }>();
  const dropIfCurrent = (key: K, value: Promise<V | undefined>) => {
    if (entries.get(key)?.value === value) entries.delete(key);
  };
  return {
    get(key, load) {
      const now = Date.now();
      const entry = entries.get(key);
      if (entry && entry.expires > now) {
        // Least recently used first out: a hit moves the entry to the end of the order.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value;
      }
      entries.delete(key);
      const value = load();
      entries.set(key, { value, expires: now + ttlMs });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      value.then(
        (found) => {
          if (found === undefined || !keep(found)) dropIfCurrent(key, value);
        },
        () => dropIfCurrent(key, value),
      );
      return value;
    },
    delete(key) {
      entries.delete(key);
    },
    size: () => entries.size,
  };
}
