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
