import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUuid } from './uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a version 4 UUID', () => {
    expect(newUuid()).toMatch(V4);
  });

  it('is one without crypto.randomUUID too (plain http on a network address), and never the same twice', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    expect(crypto.randomUUID).toBeUndefined();
    const made = Array.from({ length: 1000 }, newUuid);
    for (const id of made) expect(id).toMatch(V4);
    expect(new Set(made).size).toBe(1000);
  });
});
