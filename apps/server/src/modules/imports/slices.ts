import { deserialize, serialize } from 'node:v8';

/**
 * The pure pieces that keep an import's big values in small slices on the event loop
 * (docs/decisions/0024-imports-off-the-event-loop.md): a file read from the database a slice at a time, and
 * the questions a worker read handed back as one serialized buffer per write batch, each unpacked only when
 * its batch is written.
 */

/** [start, end) ranges that cover `length` in slices of at most `size` (the last one shorter). */
export function sliceRanges(length: number, size: number): Array<[start: number, end: number]> {
  if (!Number.isInteger(size) || size <= 0) throw new RangeError('size must be a positive integer');
  const ranges: Array<[number, number]> = [];
  for (let start = 0; start < length; start += size) ranges.push([start, Math.min(length, start + size)]);
  return ranges;
}

/**
 * The items in batches of `size`, each batch serialized (V8's structured clone format: typed arrays such as
 * media bytes included) into a buffer of its own. Buffers are cheap to hand from a worker thread to the
 * event loop (moved, not copied), and unpacking one batch takes a few milliseconds, where taking 20,000
 * questions as objects at once would hold the loop for the whole copy.
 */
export function packBatches<T>(items: readonly T[], size: number): Uint8Array[] {
  return sliceRanges(items.length, size).map(([start, end]) => {
    const packed = serialize(items.slice(start, end));
    // A buffer of its own (never a slice of Node's shared pool), so it can be moved to another thread.
    const own = new Uint8Array(packed.byteLength);
    own.set(packed);
    return own;
  });
}

/** One batch packed by packBatches. */
export function unpackBatch<T>(packed: Uint8Array): T[] {
  return deserialize(packed) as T[];
}

/** The slices joined into one buffer of its own, which can be moved to a worker thread. */
export function joinSlices(slices: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(slices.reduce((n, s) => n + s.byteLength, 0));
  let at = 0;
  for (const s of slices) {
    whole.set(s, at);
    at += s.byteLength;
  }
  return whole;
}

/**
 * The bytes in a buffer of their own: these, when they are all of their buffer, else a copy. A buffer moved to
 * another thread is gone from this one, so only one that holds nothing else may be moved (a small Buffer is
 * often a slice of Node's shared pool).
 */
export function ownBuffer(bytes: Uint8Array): Uint8Array {
  const whole =
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  return whole ? bytes : bytes.slice();
}
