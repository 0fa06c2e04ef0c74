import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_SYNC_MAX, ON_THE_FLY_ENCODINGS } from '../../lib/http-encoding';
import { answerEtag, EncodedAnswer, etagMatches } from './encoded-answer';

const zstdDecompress = (b: Buffer) =>
  (zlib as unknown as { zstdDecompressSync: (b: Buffer) => Buffer }).zstdDecompressSync(b);
const CHROME = 'gzip, deflate, br, zstd';

describe('etagMatches', () => {
  const etag = answerEtag('42', 'page ASC 0 24 [""]');
  it('compares weakly, in a list, and * matches anything', () => {
    expect(etag).toMatch(/^W\/"42-[\w-]{22}"$/);
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(etag.slice(2), etag)).toBe(true);
    expect(etagMatches(`W/"1-x", ${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches(answerEtag('43', 'page ASC 0 24 [""]'), etag)).toBe(false);
    expect(etagMatches(answerEtag('42', 'page ASC 1 24 [""]'), etag)).toBe(false);
  });
});

describe('EncodedAnswer', () => {
  it('compresses once per encoding, and sends small answers as they are', async () => {
    const big = new EncodedAnswer(JSON.stringify({ text: 'store '.repeat(500) }), 'W/"1-a"');
    const br = await big.bytes('br');
    expect(await big.bytes('br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).equals(big.json)).toBe(true);
    expect(zlib.gunzipSync(await big.bytes('gzip')).equals(big.json)).toBe(true);
    expect(zlib.inflateSync(await big.bytes('deflate')).equals(big.json)).toBe(true);
    expect(big.bytes(null)).toBe(big.json);
    const small = new EncodedAnswer('[]', 'W/"1-b"');
    expect(small.bytes('br')).toBe(small.json);
  });

  it('compresses a page at once on the event loop, Zstandard first; a full list in the pool, brotli first', async () => {
    const page = new EncodedAnswer(JSON.stringify({ content: 'card '.repeat(3000) }), 'W/"1-c"');
    const encoding = page.encodingFor(CHROME);
    expect(encoding).toBe(ON_THE_FLY_ENCODINGS[0]);
    const bytes = page.bytes(encoding);
    expect(Buffer.isBuffer(bytes)).toBe(true); // made here, not handed to the thread pool
    expect(page.bytes(encoding)).toBe(bytes);
    const decoded =
      encoding === 'zstd' ? zstdDecompress(bytes as Buffer) : zlib.brotliDecompressSync(bytes as Buffer);
    expect(decoded.equals(page.json)).toBe(true);
    expect(page.encodingFor('gzip, deflate')).toBe('gzip');
    expect(page.encodingFor('identity')).toBeNull();

    const list = new EncodedAnswer(
      JSON.stringify(Array.from({ length: 30_000 }, (_, i) => ({ i, name: `QBank ${i % 97}` }))),
      'W/"1-d"',
    );
    expect(list.json.length).toBeGreaterThan(COMPRESS_SYNC_MAX);
    expect(list.encodingFor(CHROME)).toBe('br');
    const br = list.bytes('br');
    expect(br).toBeInstanceOf(Promise);
    expect(zlib.brotliDecompressSync(await br).equals(list.json)).toBe(true);
  });
});
