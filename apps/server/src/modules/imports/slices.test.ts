import { describe, expect, it } from 'vitest';
import { joinSlices, ownBuffer, packBatches, sliceRanges, unpackBatch } from './slices';

describe('sliceRanges', () => {
  it('covers the length in slices of at most the size, the last one shorter', () => {
    expect(sliceRanges(10, 4)).toEqual([
      [0, 4],
      [4, 8],
      [8, 10],
    ]);
    expect(sliceRanges(8, 4)).toEqual([
      [0, 4],
      [4, 8],
    ]);
    expect(sliceRanges(3, 4)).toEqual([[0, 3]]);
    expect(sliceRanges(0, 4)).toEqual([]);
  });

  it('refuses a size that would never end', () => {
    expect(() => sliceRanges(10, 0)).toThrow(RangeError);
    expect(() => sliceRanges(10, 1.5)).toThrow(RangeError);
  });
});

describe('packBatches', () => {
  const items = Array.from({ length: 7 }, (_, i) => ({
    index: i,
    stem: `<p>Question ${i}</p>`,
    media: i % 3 === 0 ? [{ bytes: new Uint8Array([i, 1, 2]) }] : [],
  }));

  it('packs the items in batches of the size, each unpacking to its items, media bytes included', () => {
    const packed = packBatches(items, 3);
    expect(packed).toHaveLength(3);
    const unpacked = packed.map((p) => unpackBatch<(typeof items)[number]>(p));
    expect(unpacked.map((b) => b.map((q) => q.index))).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(unpacked.flat()).toEqual(items);
    expect(unpacked[1]![0]!.media[0]!.bytes).toBeInstanceOf(Uint8Array);
  });

  it('gives every batch a buffer of its own, so it can be moved to another thread', () => {
    for (const p of packBatches(items, 2)) {
      expect(p.byteOffset).toBe(0);
      expect(p.buffer.byteLength).toBe(p.byteLength);
    }
    expect(packBatches([], 2)).toEqual([]);
  });
});

describe('joinSlices', () => {
  it('joins the slices in order into one buffer of its own', () => {
    const pooled = Buffer.from('cd');
    const whole = joinSlices([new Uint8Array([97, 98]), pooled, new Uint8Array()]);
    expect(Buffer.from(whole).toString()).toBe('abcd');
    expect(whole.buffer.byteLength).toBe(4);
  });
});

describe('ownBuffer', () => {
  it('keeps bytes that are all of their buffer and copies a slice of a larger one', () => {
    const own = new Uint8Array([1, 2, 3]);
    expect(ownBuffer(own)).toBe(own);
    const slice = new Uint8Array(new ArrayBuffer(8), 2, 3);
    const copy = ownBuffer(slice);
    expect(copy).not.toBe(slice);
    expect(copy.buffer.byteLength).toBe(3);
    const pooled = Buffer.from('abc');
    expect(Buffer.from(ownBuffer(pooled)).toString()).toBe('abc');
  });
});
