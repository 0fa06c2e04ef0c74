import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The encodings an answer is kept in, in the order they are preferred when a client accepts several. */
export const ENCODINGS = ['br', 'gzip', 'deflate'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Answers smaller than this go as they are, like the compress plugin's threshold (app.ts). */
export const COMPRESS_THRESHOLD = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);

// Made once per answer and kept, so brotli can afford a better quality than the plugin's on-the-fly 4. Run in
// libuv's thread pool: a large answer never blocks the event loop.
const compress: Record<Encoding, (b: Buffer) => Promise<Buffer>> = {
  br: (b) =>
    brotli(b, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length,
      },
    }),
  gzip: (b) => gzip(b, { level: 6 }),
  deflate: (b) => deflate(b, { level: 6 }),
};

/** Bumped when the shape of an answer changes, so an ETag from an older server never matches a newer answer. */
const ANSWER_FORMAT = '1';

/**
 * A weak ETag naming an answer: the store version it was made under and what was asked (term, order, page).
 * Weak, because the same answer goes out in several encodings.
 */
export function answerEtag(version: string, key: string): string {
  const h = createHash('sha256').update(`${ANSWER_FORMAT}\n${key}`).digest('base64url').slice(0, 22);
  return `W/"${version}-${h}"`;
}

/** An answer serialized once, its JSON bytes and, made at most once each when first asked for, its compressed bytes. */
export class EncodedAnswer {
  readonly json: Buffer;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    json: string,
    readonly etag: string,
  ) {
    this.json = Buffer.from(json, 'utf8');
  }

  /** The bytes in this encoding (null: as they are). */
  bytes(encoding: Encoding | null): Promise<Buffer> | Buffer {
    if (!encoding || this.json.length < COMPRESS_THRESHOLD) return this.json;
    let kept = this.encoded.get(encoding);
    if (!kept) {
      kept = compress[encoding](this.json);
      // A failure is not kept: the next call tries again.
      kept.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, kept);
    }
    return kept;
  }

  /** Memory held, counting the compressed copies as a fifth of the JSON (they are far smaller). */
  get size(): number {
    return Math.ceil(this.json.length * 1.2);
  }
}

/**
 * The encoding to send for an Accept-Encoding header: the preferred one of ours with the highest q above 0
 * (`*` stands for any not named), or null for none.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
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
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const e of ENCODINGS) {
    const w = q.get(e) ?? q.get('*') ?? 0;
    if (w > bestQ) {
      best = e;
      bestQ = w;
    }
  }
  return best;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const want = opaque(etag);
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === want);
}
