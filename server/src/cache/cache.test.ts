import { describe, expect, it, vi } from 'vitest';
import { createCache } from './cache.ts';

describe('createCache', () => {
  it('loads once per key while the entry lives, concurrent lookups sharing the load', async () => {
    const cache = createCache<string, number>({ ttlMs: 1000, maxEntries: 10 });
    const load = vi.fn(async () => 7);
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, await cache.get('k', load)]).toEqual([7, 7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after the time to live', async () => {
    vi.useFakeTimers();
    try {
      const cache = createCache<string, number>({ ttlMs: 1000, maxEntries: 10 });
      let n = 0;
      const load = async () => ++n;
      expect(await cache.get('k', load)).toBe(1);
      vi.advanceTimersByTime(999);
      expect(await cache.get('k', load)).toBe(1);
      vi.advanceTimersByTime(1);
      expect(await cache.get('k', load)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps neither a failed load nor one that found nothing', async () => {
    const cache = createCache<string, number>({ ttlMs: 60_000, maxEntries: 10 });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => undefined)).toBeUndefined();
    expect(await cache.get('k', async () => 3)).toBe(3);
  });

  it('keeps only the values `keep` accepts', async () => {
    const cache = createCache<string, number>({ ttlMs: 60_000, maxEntries: 10, keep: (n) => n > 1 });
    expect(await cache.get('k', async () => 1)).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
    expect(await cache.get('k', async () => 3)).toBe(2);
  });

  it('drops a deleted key, even while its load is under way', async () => {
    const cache = createCache<string, number>({ ttlMs: 60_000, maxEntries: 10 });
    let release: (value: number) => void = () => undefined;
    const pending = cache.get('k', () => new Promise<number>((resolve) => (release = resolve)));
    cache.delete('k');
    release(1);
    expect(await pending).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('drops the least recently used entry first', async () => {
    const cache = createCache<number, number>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get(1, async () => 1);
    await cache.get(2, async () => 2);
    await cache.get(1, async () => 10);
    await cache.get(3, async () => 3);
    const load = vi.fn(async () => 20);
    expect([await cache.get(1, load), await cache.get(2, load), cache.size()]).toEqual([1, 20, 2]);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createCache<number, number>({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of [1, 2, 3]) await cache.get(key, async () => key);
    const load = vi.fn(async () => 10);
    expect(await cache.get(3, load)).toBe(3);
    expect(await cache.get(1, load)).toBe(10);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
