import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, zipOf } from './test-zip';
import { PARTS_MAX, UNPACKED_MAX, unpackedSize } from './unpacked-size';
import { xlsxTemplate } from './xlsx';

const MB = 1024 * 1024;
/** The most the guard may inflate past the limit before it stops: one zlib chunk. */
const oneChunk = 64 * 1024;

describe('unpackedSize', () => {
  it('measures a real workbook as within the limit', async () => {
    const size = await unpackedSize(await xlsxTemplate(['Subject', 'Category', 'Subcategory']));
    expect(size.verdict).toBe('within');
    expect(size.inflated).toBeGreaterThan(0);
  });

  it('stops inflating at the limit a zip that declares 4 KB but unpacks to 3 GB', async () => {
    const data = deflatedZeros(3 * 1024);
    expect(data.length).toBeLessThan(4 * MB);
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data, declaredSize: 4096 }]);
    const size = await unpackedSize(bomb);
    expect(size.verdict).toBe('too-large');
    expect(size.inflated).toBeGreaterThan(UNPACKED_MAX);
    expect(size.inflated).toBeLessThanOrEqual(UNPACKED_MAX + oneChunk);
  });

  it('counts every directory entry that points at the same bytes (overlapping parts)', async () => {
    const data = deflatedZeros(1);
    const bomb = zipOf([{ name: 'xl/media/image.png', data, declaredSize: 4096 }], 20);
    expect(bomb.length).toBeLessThan(4096);
    const size = await unpackedSize(bomb, 16 * MB);
    expect(size.verdict).toBe('too-large');
    expect(size.inflated).toBeLessThanOrEqual(16 * MB + oneChunk);
    // The same zip with fewer copies is within the limit: each copy counts once.
    expect((await unpackedSize(zipOf([{ name: 'a', data, declaredSize: 4096 }], 16), 16 * MB)).verdict).toBe(
      'within',
    );
  });

  it('reads sizes from the ZIP64 extra field, and counts what inflates whatever they say', async () => {
    const honest = deflateRawSync(Buffer.from('<sheet/>'));
    expect(
      (await unpackedSize(zipOf([{ name: 'a', data: honest, declaredSize: 8, zip64: true }]))).verdict,
    ).toBe('within');
    const data = deflatedZeros(8);
    const lying = zipOf([{ name: 'a', data, declaredSize: 4096, zip64: true }]);
    expect(await unpackedSize(lying, 4 * MB)).toMatchObject({ verdict: 'too-large' });
    const declaring = zipOf([{ name: 'a', data: honest, declaredSize: 5 * 2 ** 32, zip64: true }]);
    expect(await unpackedSize(declaring)).toEqual({ verdict: 'too-large', inflated: 0 });
  });

  it('refuses without inflating a zip that declares more than the limit', async () => {
    const data = deflateRawSync(Buffer.from('small'));
    const zip = zipOf([{ name: 'a', data, declaredSize: UNPACKED_MAX + 1 }]);
    expect(await unpackedSize(zip)).toEqual({ verdict: 'too-large', inflated: 0 });
  });

  it('counts stored parts by their bytes, and refuses more parts than a workbook has', async () => {
    const data = Buffer.from('stored as it is');
    expect(
      await unpackedSize(
        zipOf([{ name: 'a', data, method: 0, declaredSize: data.length }], 4),
        4 * data.length,
      ),
    ).toMatchObject({ verdict: 'within' });
    expect(
      await unpackedSize(zipOf([{ name: 'a', data, method: 0, declaredSize: 0 }], 4), 4 * data.length - 1),
    ).toMatchObject({ verdict: 'too-large' });
    const many = zipOf([{ name: 'a', data, method: 0, declaredSize: data.length }], PARTS_MAX + 1);
    expect((await unpackedSize(many)).verdict).toBe('too-many-parts');
  });

  it('answers unreadable for what it cannot follow, rather than let the workbook library try', async () => {
    const data = deflateRawSync(Buffer.from('x'));
    const zip = zipOf([{ name: 'a', data, declaredSize: 1 }]);
    for (const bytes of [
      new Uint8Array(),
      new TextEncoder().encode('PK\u0003\u0004 garbage'),
      zip.subarray(0, zip.length - 30), // the end of the directory cut off
      zipOf([{ name: 'a', data, method: 12 as never, declaredSize: 1 }]), // bzip2: JSZip cannot either
    ])
      expect((await unpackedSize(bytes)).verdict).toBe('unreadable');
    // An end record whose directory size says ZIP64, with no ZIP64 record: JSZip would look elsewhere.
    const zip64Claimed = new Uint8Array(zip);
    new DataView(zip64Claimed.buffer).setUint32(zip.length - 22 + 12, 0xffffffff, true);
    expect((await unpackedSize(zip64Claimed)).verdict).toBe('unreadable');
    // A directory entry pointing past the end of the file.
    const broken = new Uint8Array(zip);
    const view = new DataView(broken.buffer);
    const entry = broken.findIndex(
      (_, i) => i + 4 <= broken.length && view.getUint32(i, true) === 0x02014b50,
    );
    view.setUint32(entry + 42, broken.length, true);
    expect((await unpackedSize(broken)).verdict).toBe('unreadable');
  });
});
