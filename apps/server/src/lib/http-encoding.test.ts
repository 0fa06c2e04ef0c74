import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_SYNC_MAX, chooseEncoding, compressOnTheFly, ON_THE_FLY_ENCODINGS } from './http-encoding';

describe('chooseEncoding', () => {
  it('prefers br, then gzip, then deflate among what the client accepts', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('deflate');
    expect(chooseEncoding('identity')).toBeNull();
  });

  it('follows q values: a higher q wins, q=0 refuses, * stands for the rest', () => {
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.1, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('BR ; Q=1')).toBe('br');
  });
});

describe('chooseEncoding among the on-the-fly encodings', () => {
  const zstd = ON_THE_FLY_ENCODINGS.includes('zstd');
  it('prefers Zstandard where Node has it, else brotli; the kept answers stay with brotli', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', ON_THE_FLY_ENCODINGS)).toBe(zstd ? 'zstd' : 'br');
    expect(chooseEncoding('gzip, deflate, br', ON_THE_FLY_ENCODINGS)).toBe('br');
    expect(chooseEncoding('zstd;q=0, br', ON_THE_FLY_ENCODINGS)).toBe('br');
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
  });
});

describe('compressOnTheFly', () => {
  const json = Buffer.from(
    JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i, text: `choice ${i % 7}` }))),
  );
  const decode: Record<string, (b: Buffer) => Buffer> = {
    br: zlib.brotliDecompressSync,
    gzip: zlib.gunzipSync,
    deflate: zlib.inflateSync,
    zstd: (b) => (zlib as unknown as { zstdDecompressSync: (b: Buffer) => Buffer }).zstdDecompressSync(b),
  };
  // Over COMPRESS_SYNC_MAX the work goes to the thread pool: the same bytes either way.
  const large = Buffer.concat(Array.from({ length: 20 }, () => json));
  it.each(ON_THE_FLY_ENCODINGS)(
    '%s gives back the same bytes, smaller, on the loop and in the pool',
    async (encoding) => {
      expect(large.length).toBeGreaterThan(COMPRESS_SYNC_MAX);
      for (const bytes of [json, large]) {
        const out = await compressOnTheFly(bytes, encoding);
        expect(out.length).toBeLessThan(bytes.length / 4);
        expect(decode[encoding]!(out).equals(bytes)).toBe(true);
      }
    },
  );
});
