/** Hand-written zips for the tests of the unpacked-size guard (not a test file itself). */
import { constants, deflateRawSync } from 'node:zlib';

/**
 * Raw deflate data that inflates to `megabytes` MB of zeros without ever holding them: one MB of zeros
 * compressed (about a kilobyte, flushed so that the next copy can follow it) repeated, then a last empty
 * block. 300 MB of zeros make about 300 KB.
 */
export function deflatedZeros(megabytes: number): Uint8Array {
  const oneMegabyte = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([
    ...Array.from({ length: megabytes }, () => oneMegabyte),
    deflateRawSync(Buffer.alloc(0)),
  ]);
}

export interface ZipPart {
  name: string;
  /** The bytes as stored: deflated for method 8, as they are for method 0. */
  data: Uint8Array;
  method?: 0 | 8;
  /** The unpacked size both headers claim, true or not. */
  declaredSize: number;
  /** Sizes in the central directory's ZIP64 extra field (0xFFFFFFFF in the headers themselves). */
  zip64?: boolean;
}

/**
 * A zip of these parts. Each part's local header and central directory entry declare `declaredSize`;
 * `directoryCopies` lists every part that many times in the central directory, each copy under its own name
 * but pointing at the same bytes (the overlapping-files zip bomb).
 */
export function zipOf(parts: ZipPart[], directoryCopies = 1): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let entries = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method ?? 8, 8);
    local.writeUInt32LE(part.zip64 ? 0xffffffff : part.data.length, 18);
    local.writeUInt32LE(part.zip64 ? 0xffffffff : part.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    for (let copy = 0; copy < directoryCopies; copy++) {
      const entryName = copy === 0 ? name : Buffer.from(`${part.name}.${copy}`);
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(45, 4);
      entry.writeUInt16LE(45, 6);
      entry.writeUInt16LE(part.method ?? 8, 10);
      entry.writeUInt32LE(part.zip64 ? 0xffffffff : part.data.length, 20);
      entry.writeUInt32LE(part.zip64 ? 0xffffffff : part.declaredSize, 24);
      entry.writeUInt16LE(entryName.length, 28);
      entry.writeUInt32LE(offset, 42);
      const extra = Buffer.alloc(part.zip64 ? 20 : 0);
      if (part.zip64) {
        extra.writeUInt16LE(0x0001, 0);
        extra.writeUInt16LE(16, 2);
        extra.writeBigUInt64LE(BigInt(part.declaredSize), 4);
        extra.writeBigUInt64LE(BigInt(part.data.length), 12);
      }
      entry.writeUInt16LE(extra.length, 30);
      central.push(entry, entryName, extra);
      entries++;
    }
    locals.push(local, name, Buffer.from(part.data));
    offset += 30 + name.length + part.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** The few parts around a sheet that make a zip look like a workbook (detectFormat looks for "xl/"). */
export function workbookLike(sheet: ZipPart): Uint8Array {
  const stored = (name: string, text: string): ZipPart => {
    const data = Buffer.from(text);
    return { name, data, method: 0, declaredSize: data.length };
  };
  return zipOf([
    stored('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
    stored('xl/workbook.xml', '<?xml version="1.0"?><workbook/>'),
    sheet,
  ]);
}
