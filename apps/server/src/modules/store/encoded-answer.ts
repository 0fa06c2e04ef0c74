import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  COMPRESS_SYNC_MAX,
  COMPRESS_THRESHOLD,
  chooseEncoding,
  compressOnTheFly,
  ENCODINGS,
  type Encoding,
  ON_THE_FLY_ENCODINGS,
  type OnTheFlyEncoding,
} from '../../lib/http-encoding';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);

// A large answer (a full list, megabytes) is compressed once and kept, so brotli can afford a better quality than
// on the fly. Run in libuv's thread pool: a large answer never blocks the event loop.
const compressLarge: Record<Encoding, (b: Buffer) => Promise<Buffer>> = {
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

/**
 * An answer serialized once, its JSON bytes and, made at most once each when first asked for, its compressed bytes.
 * A small answer (a page of cards, up to `COMPRESS_SYNC_MAX`) is compressed at once on the event loop the way answers
 * made on the fly are, Zstandard first where the client takes it: a store term asked for the first time is
 * compressed once and often sent once, and a 16 KB page took 50 µs with Zstandard at level 1 on the loop where
 * brotli at quality 6 took 200 µs of the two cores plus 40-100 µs on the loop to hand it to the thread pool
 * (its output 3.3 KB against 3.7 KB).
 */
export class EncodedAnswer {
  readonly json: Buffer;
  private readonly encoded = new Map<OnTheFlyEncoding, Promise<Buffer> | Buffer>();

  constructor(
    json: string,
    readonly etag: string,
  ) {
    this.json = Buffer.from(json, 'utf8');
  }

  get #small() {
    return this.json.length <= COMPRESS_SYNC_MAX;
  }

  /** The encoding to send for an Accept-Encoding header, or null for the bytes as they are. */
  encodingFor(acceptEncoding: string | undefined): OnTheFlyEncoding | null {
    return chooseEncoding<OnTheFlyEncoding>(acceptEncoding, this.#small ? ON_THE_FLY_ENCODINGS : ENCODINGS);
  }

  /** The bytes in this encoding (null: as they are). */
  bytes(encoding: OnTheFlyEncoding | null): Promise<Buffer> | Buffer {
    if (!encoding || this.json.length < COMPRESS_THRESHOLD) return this.json;
    let kept = this.encoded.get(encoding);
    if (!kept) {
      kept =
        this.#small || encoding === 'zstd'
          ? compressOnTheFly(this.json, encoding)
          : compressLarge[encoding](this.json);
      // A failure is not kept: the next call tries again.
      if (kept instanceof Promise) kept.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, kept);
    }
    return kept;
  }

  /** Memory held, counting the compressed copies as a fifth of the JSON (they are far smaller). */
  get size(): number {
    return Math.ceil(this.json.length * 1.2);
  }
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const want = opaque(etag);
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === want);
}
