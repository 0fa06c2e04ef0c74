import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * The encodings of answers compressed once and kept (the store's), in the order they are preferred when a
 * client accepts several: brotli's output is the smallest, and its cost is paid once.
 */
export const ENCODINGS = ['br', 'gzip', 'deflate'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * Zstandard in node:zlib, where this Node has it (22.15 and later); typed here because the type package
 * follows the oldest Node the product runs on.
 */
const zstd = zlib as unknown as {
  zstdCompressSync?: (b: Buffer, o: object) => Buffer;
  zstdCompress?: (b: Buffer, o: object, cb: (err: Error | null, out: Buffer) => void) => void;
  constants: { ZSTD_c_compressionLevel: number };
};
const zstdCompress = zstd.zstdCompressSync;
const zstdCompressAsync = zstd.zstdCompress ? promisify(zstd.zstdCompress) : null;

/**
 * The encodings of answers compressed as they are sent, preferred in this order. Zstandard comes first where
 * Node has it: on a 160 KB test review at level 1 it took 0.2 ms for 25 KB, where brotli at quality 3 took
 * 1.1 ms for 27 KB and gzip at level 6 1.6 ms (Chrome and Firefox ask for it; Safari gets brotli).
 */
export const ON_THE_FLY_ENCODINGS: readonly OnTheFlyEncoding[] = zstdCompress
  ? ['zstd', ...ENCODINGS]
  : ENCODINGS;
export type OnTheFlyEncoding = Encoding | 'zstd';

/** Answers smaller than this go as they are (compressing them saves less than it costs). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The encoding to send for an Accept-Encoding header: of `ours` (in order of preference), the one with the
 * highest q above 0 (`*` stands for any not named), or null for none.
 */
export function chooseEncoding<E extends string = Encoding>(
  header: string | undefined,
  ours: readonly E[] = ENCODINGS as unknown as readonly E[],
): E | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [raw, ...params] = part.toLowerCase().split(';');
    const name = raw?.trim();
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: E | null = null;
  let bestQ = 0;
  for (const e of ours) {
    const w = q.get(e) ?? q.get('*') ?? 0;
    if (w > bestQ) {
      best = e;
      bestQ = w;
    }
  }
  return best;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);

const BROTLI_QUALITY = 3;
const ZSTD_LEVEL = 1;

/** Up to this size an answer is compressed on the event loop (about 2 ms at most); larger ones in the pool. */
export const COMPRESS_SYNC_MAX = 512 * 1024;

/**
 * Compresses a whole answer made on the fly: Zstandard at level 1 (see ON_THE_FLY_ENCODINGS), brotli at quality 3 (on a 300 KB test review 2.6 ms, where
 * quality 4 took 4.5 ms and gzip 10 ms, for output under 1 % larger than quality 4's), gzip and deflate at
 * level 6. Answers up to `COMPRESS_SYNC_MAX` are compressed at once on the event loop: handing a job of a
 * millisecond to libuv's thread pool and back cost a busy two-core server far more in waits and switches (a
 * 160 KB review's p50 at 100 req/s went from 24 to 14 ms when compressed here). Larger ones go to the pool,
 * so nothing blocks the loop for long.
 */
export function compressOnTheFly(bytes: Buffer, encoding: OnTheFlyEncoding): Buffer | Promise<Buffer> {
  const sync = bytes.length <= COMPRESS_SYNC_MAX;
  switch (encoding) {
    case 'zstd': {
      if (!zstdCompress || !zstdCompressAsync) throw new Error('This Node has no Zstandard');
      const options = {
        params: {
          [zstd.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL,
        },
        pledgedSrcSize: bytes.length,
      };
      return sync ? zstdCompress(bytes, options) : zstdCompressAsync(bytes, options);
    }
    case 'br': {
      const options = {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      };
      return sync ? zlib.brotliCompressSync(bytes, options) : brotli(bytes, options);
    }
    case 'gzip':
      return sync ? zlib.gzipSync(bytes, { level: 6 }) : gzip(bytes, { level: 6 });
    case 'deflate':
      return sync ? zlib.deflateSync(bytes, { level: 6 }) : deflate(bytes, { level: 6 });
  }
}
