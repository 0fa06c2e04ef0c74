import { describe, expect, it } from 'vitest';
import { searchCache } from './search-cache';

describe('store search cache', () => {
  const make = (maxChars = 100, maxEntries = 10) => {
    let t = 0;
    const cache = searchCache<string>({
      maxAgeMs: 1000,
      maxSize: maxChars,
      maxEntries,
      sizeOf: (json) => json.length,
      now: () => t,
    });
    return { cache, advance: (ms: number) => (t += ms) };
  };

  it('serves an entry only under the store version it was made under', () => {
    const { cache } = make();
    cache.set('ASC ', 'f1', '[1]');
    expect(cache.get('ASC ', 'f1')).toBe('[1]');
    expect(cache.get('DESC ', 'f1')).toBeUndefined();
    expect(cache.get('ASC ', 'f2')).toBeUndefined();
    // A changed store dropped it: the old version does not bring it back.
    expect(cache.get('ASC ', 'f1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stops serving an entry older than its age limit, whatever the version', () => {
    const { cache, advance } = make();
    cache.set('k', 'f', '[]');
    advance(1000);
    expect(cache.get('k', 'f')).toBe('[]');
    advance(1);
    expect(cache.get('k', 'f')).toBeUndefined();
  });

  it('keeps at most maxSize (here characters of JSON), dropping the least recently used first', () => {
    const { cache } = make(10);
    cache.set('a', 'f', '1234');
    cache.set('b', 'f', '1234');
    expect(cache.get('a', 'f')).toBe('1234'); // a is now the most recently used
    cache.set('c', 'f', '1234'); // 12 chars: b goes
    expect(cache.get('b', 'f')).toBeUndefined();
    expect(cache.get('a', 'f')).toBe('1234');
    expect(cache.get('c', 'f')).toBe('1234');
    cache.set('huge', 'f', '12345678901'); // larger than the whole cache: not kept, nothing else lost
    expect(cache.get('huge', 'f')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('keeps at most maxEntries, however small they are', () => {
    const { cache } = make(1000, 3);
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, 'f', '[]');
    expect(cache.size).toBe(3);
    expect(cache.get('a', 'f')).toBeUndefined();
    expect(cache.get('d', 'f')).toBe('[]');
  });

  it('replacing an entry counts its size once', () => {
    const { cache } = make(8);
    cache.set('a', 'f', '1234');
    cache.set('a', 'g', '5678');
    cache.set('b', 'g', '1234');
    expect(cache.get('a', 'g')).toBe('5678');
    expect(cache.get('b', 'g')).toBe('1234');
  });

  it('keeps a value set on second ask only when the same key was asked before under the same version', () => {
    const { cache } = make();
    expect(cache.setOnSecondAsk('k', 'f', '[1]')).toBe(false);
    expect(cache.get('k', 'f')).toBeUndefined();
    // Another version is another first ask.
    expect(cache.setOnSecondAsk('k', 'g', '[2]')).toBe(false);
    expect(cache.get('k', 'g')).toBeUndefined();
    expect(cache.setOnSecondAsk('k', 'f', '[1]')).toBe(true);
    expect(cache.get('k', 'f')).toBe('[1]');
    expect(cache.size).toBe(1);
  });

  it('forgets every first ask once it remembers maxRemembered of them', () => {
    const { cache } = make(100, 10); // remembers 40
    for (let i = 0; i < 40; i++) cache.setOnSecondAsk(`k${i}`, 'f', '[]');
    // The 41st first ask empties the memory of first asks, then remembers itself.
    expect(cache.setOnSecondAsk('k40', 'f', '[]')).toBe(false);
    expect(cache.setOnSecondAsk('k0', 'f', '[]')).toBe(false);
    expect(cache.setOnSecondAsk('k40', 'f', '[]')).toBe(true);
    expect(cache.size).toBe(1);
  });
});
