import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sniffMedia } from './media-type';

// Tiny real files: ImageMagick, cwebp and ffmpeg made them (a 2x2 colour, 0.04 s of a 16x16 colour).
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url)));
const text = (s: string) => new TextEncoder().encode(s);

/** An ISO media file's first box, `ftyp`, with the given major brand. */
function ftyp(brand: string): Uint8Array {
  const body = text(`ftyp${brand}\0\0\0\0isommp41`);
  const box = new Uint8Array(4 + body.length);
  new DataView(box.buffer).setUint32(0, box.length);
  box.set(body, 4);
  return box;
}

describe('sniffMedia', () => {
  it.each([
    ['pixel.png', 'image', 'image/png', 'png'],
    ['animated.png', 'image', 'image/png', 'png'],
    ['pixel.jpg', 'image', 'image/jpeg', 'jpg'],
    ['pixel.gif', 'image', 'image/gif', 'gif'],
    ['pixel.webp', 'image', 'image/webp', 'webp'],
    ['clip.mp4', 'video', 'video/mp4', 'mp4'],
    ['clip.webm', 'video', 'video/webm', 'webm'],
  ])('recognises %s', async (name, kind, contentType, ext) => {
    expect(await sniffMedia(fixture(name))).toEqual({ kind, contentType, ext });
  });

  it('goes by the bytes, not the name: a PNG named .mp4 is a PNG', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qbank-sniff-'));
    try {
      const misnamed = path.join(dir, 'lecture.mp4');
      copyFileSync(new URL('./__fixtures__/pixel.png', import.meta.url), misnamed);
      expect(await sniffMedia(new Uint8Array(readFileSync(misnamed)))).toMatchObject({
        contentType: 'image/png',
        ext: 'png',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['HTML', text('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
    ['SVG', text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    [
      'SVG with an XML declaration',
      text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
    ],
    ['PDF', text('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n')],
    ['plain text', text('Which nerve innervates the deltoid?')],
    ['0 bytes', new Uint8Array()],
    ['QuickTime', ftyp('qt  ')],
    ['Flash video in an ISO box', ftyp('F4V ')],
  ])('refuses %s', async (_name, bytes) => {
    expect(await sniffMedia(bytes)).toBeNull();
  });

  it('recognises an MP4 by its ftyp box alone', async () => {
    expect(await sniffMedia(ftyp('isom'))).toEqual({ kind: 'video', contentType: 'video/mp4', ext: 'mp4' });
  });
});
