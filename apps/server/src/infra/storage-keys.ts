/** A key that is not a lowercase hex digest; it never reaches the file system or the bucket. */
export class MediaKeyError extends Error {
  override name = 'MediaKeyError';
}

// Content-addressed keys are SHA-256 hex digests. Hex only means no '/', '.' or '\', so a key can never
// name a path outside the store; the length keeps the disk fan-out (ab/cd/...) well defined.
const KEY = /^[0-9a-f]{64}$/;

export function assertMediaKey(key: string): void {
  if (!KEY.test(key)) throw new MediaKeyError('A media key must be a SHA-256 digest in lowercase hex');
}

/** A byte range [start, end], both inclusive, as HTTP Range has it. */
export interface ByteRange {
  start: number;
  end: number;
}

export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
    throw new RangeError(`Not a byte range: ${start}-${end}`);
}

/**
 * Where media bytes live (DESIGN.md §2): files under DATA_DIR by default, an S3-compatible bucket when S3_*
 * is set. The database keeps what a file is (media_files: hash, content type, size); this keeps only bytes,
 * under their SHA-256 hex, so one file serves every question version that uses it. A key that is not
 * lowercase hex is refused with MediaKeyError by every method.
 */
export interface MediaStorage {
  kind: 'disk' | 's3';
  /** Stores bytes under a key (content-addressed: the caller uses the SHA-256 hex); storing an existing key again is a no-op. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's size, or null when missing. */
  size(key: string): Promise<number | null>;
  /**
   * A stream of the bytes, whole or a byte range [start, end] inclusive (for HTTP Range on video). Null when
   * missing. The caller fits the range to `size` first (start below it, end at most size - 1): past the end
   * the adapters differ (a short or empty stream on disk, an error from S3).
   */
  read(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream | null>;
  /** Removes the object; a missing one is fine. */
  delete(key: string): Promise<void>;
}
