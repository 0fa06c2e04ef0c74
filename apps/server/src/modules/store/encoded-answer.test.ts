import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerEtag, EncodedAnswer, etagMatches } from './encoded-answer';

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
});
