import { createInflateRaw } from 'node:zlib';

/** Far above a 10,000-question workbook (a few dozen MB unpacked), far below what would exhaust memory. */
export const UNPACKED_MAX = 256 * 1024 * 1024;
/** A workbook has a few dozen parts; ten thousand would only make the workbook library crawl. */
export const PARTS_MAX = 10_000;

/**
 * What a zip unpacks to, measured:
 * - `within`: every part inflated, and all together stayed within the limit;
 * - `too-large`: past the limit (declared, or counted while inflating: the inflation stopped there);
 * - `too-many-parts`: more than PARTS_MAX parts;
 * - `unreadable`: not a zip this check can follow, so not one to hand to the workbook library either.
 */
export type UnpackedVerdict = 'within' | 'too-large' | 'too-many-parts' | 'unreadable';

export interface UnpackedSize {
  verdict: UnpackedVerdict;
  /** The bytes really inflated to find out: never more than the limit and one zlib chunk (64 KB). */
  inflated: number;
}

const SIG = {
  endOfCentral: 0x06054b50,
  zip64Locator: 0x07064b50,
  zip64EndOfCentral: 0x06064b50,
  central: 0x02014b50,
  local: 0x04034b50,
};
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

interface Part {
  /** As the directory spells it (read as Latin-1: enough to tell a workbook or a package by its parts). */
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

class Unreadable extends Error {}

/**
 * The parts of a zip as its central directory lists them (one more than PARTS_MAX at most): the directory
 * is what the workbook library (JSZip, inside ExcelJS) reads, so every part it would unpack is here, even
 * parts that share the same bytes. Sizes and offsets come from the directory, with ZIP64 fields where it
 * says so. A zip this does not follow exactly throws Unreadable.
 */
function centralDirectory(bytes: Uint8Array): Part[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => {
    const n = view.getBigUint64(at, true);
    if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new Unreadable();
    return Number(n);
  };
  const inside = (at: number, length: number) => {
    if (at < 0 || at + length > bytes.length) throw new Unreadable();
  };

  // The end record is the last one in the file, within the longest comment (64 KB) of the end.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - MAX16); at--)
    if (u32(at) === SIG.endOfCentral) {
      end = at;
      break;
    }
  if (end < 0) throw new Unreadable();
  let count = u16(end + 10);
  let offset = u32(end + 16);
  // JSZip's rule exactly: any of these fields at its maximum means the ZIP64 record holds the real ones.
  const zip64 =
    [u16(end + 4), u16(end + 6), u16(end + 8), count].includes(MAX16) ||
    u32(end + 12) === MAX32 ||
    offset === MAX32;
  if (zip64) {
    const locator = end - 20;
    inside(locator, 20);
    if (u32(locator) !== SIG.zip64Locator) throw new Unreadable();
    const record = u64(locator + 8);
    inside(record, 56);
    if (u32(record) !== SIG.zip64EndOfCentral) throw new Unreadable();
    count = u64(record + 32);
    offset = u64(record + 48);
  }

  const parts: Part[] = [];
  let at = offset;
  // Like JSZip, every consecutive directory entry counts, whatever number the end record gives.
  while (parts.length <= PARTS_MAX && at + 46 <= bytes.length && u32(at) === SIG.central) {
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    inside(at, 46 + nameLength + extraLength + commentLength);
    const part: Part = {
      name: new TextDecoder('latin1').decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      declaredSize: u32(at + 24),
      localOffset: u32(at + 42),
    };
    // ZIP64: the fields that overflowed follow in the extra field 0x0001, in this order.
    for (let extra = at + 46 + nameLength; extra + 4 <= at + 46 + nameLength + extraLength; ) {
      const id = u16(extra);
      const size = u16(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        const next = () => {
          if (field + 8 > extra + 4 + size) throw new Unreadable();
          const value = u64(field);
          field += 8;
          return value;
        };
        if (part.declaredSize === MAX32) part.declaredSize = next();
        if (part.compressedSize === MAX32) part.compressedSize = next();
        if (part.localOffset === MAX32) part.localOffset = next();
      }
      extra += 4 + size;
    }
    parts.push(part);
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (parts.length === 0 && count !== 0) throw new Unreadable();
  return parts;
}

/**
 * The names of a zip's parts as its central directory lists them (at most PARTS_MAX and one), without
 * unpacking anything; null when it is not a zip this can follow.
 */
export function zipPartNames(bytes: Uint8Array): string[] | null {
  try {
    return centralDirectory(bytes).map((p) => p.name);
  } catch (error) {
    if (error instanceof Unreadable || error instanceof RangeError) return null;
    throw error;
  }
}

/** Where a part's compressed bytes are: after its local header, as long as the directory says. */
function partData(bytes: Uint8Array, part: Part): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = part.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== SIG.local) throw new Unreadable();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + part.compressedSize > bytes.length) throw new Unreadable();
  return bytes.subarray(start, start + part.compressedSize);
}

/**
 * How many bytes a deflate stream really inflates to, counted as they come (in zlib's thread pool, not on
 * the event loop); the inflation is stopped as soon as the count passes `budget`, and nothing is kept. A
 * broken stream counts what came out before the break: no inflater gets more out of it.
 */
function inflatedSize(data: Uint8Array, budget: number): Promise<number> {
  if (data.length === 0) return Promise.resolve(0);
  return new Promise((resolve) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let total = 0;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve(total);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) {
        inflate.destroy();
        settle();
      }
    });
    inflate.on('end', settle);
    inflate.on('error', settle);
    inflate.end(data);
  });
}

/**
 * What a zip really unpacks to, within `max` bytes: the sizes it declares are checked first (no need to
 * inflate what says it is too large), then every part of its central directory is inflated and counted,
 * stopping at the first byte past `max`. Whatever the zip declares, no more than `max` bytes are inflated,
 * and none are kept.
 */
export async function unpackedSize(bytes: Uint8Array, max = UNPACKED_MAX): Promise<UnpackedSize> {
  let total = 0;
  let inflated = 0;
  const answer = (verdict: UnpackedVerdict) => ({ verdict, inflated });
  try {
    const parts = centralDirectory(bytes);
    if (parts.length > PARTS_MAX) return answer('too-many-parts');
    if (parts.reduce((sum, p) => sum + p.declaredSize, 0) > max) return answer('too-large');
    for (const part of parts) {
      const data = partData(bytes, part);
      if (part.method === 0) total += data.length;
      else if (part.method === 8) {
        const size = await inflatedSize(data, max - total);
        total += size;
        inflated += size;
      } else return answer('unreadable');
      if (total > max) return answer('too-large');
    }
    return answer('within');
  } catch (error) {
    if (error instanceof Unreadable || error instanceof RangeError) return answer('unreadable');
    throw error;
  }
}
