/** Media content types come from the bytes, never from a file name or a declared type, which lie. */

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** The product's media types by magic number, or null for anything else. */
export function sniffContentType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // ISO base media: a box size, then "ftyp"; QuickTime and 3GP brands play as MP4 in browsers too.
  if (ascii(bytes, 4, 8) === 'ftyp') return 'video/mp4';
  // EBML header; the DocType "webm" follows within the first few dozen bytes (Matroska says "matroska").
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 0, 64).includes('webm'))
    return 'video/webm';
  return null;
}

export const supportedMediaText = 'PNG, JPEG, GIF, WebP, MP4 or WebM';

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

export function extensionFor(contentType: string): string {
  return extensions[contentType] ?? 'bin';
}

/** A name not yet in `taken`: "x.png", then "x-2.png", "x-3.png"… */
export function uniqueName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The names of media items that the HTML shows inline through src="media:<name>". */
export function inlineMediaNames(html: string): Set<string> {
  const names = new Set<string>();
  for (const m of html.matchAll(/\bsrc\s*=\s*(["'])media:([^"']*)\1/gi)) names.add(m[2] ?? '');
  return names;
}

export function isVideo(contentType: string): boolean {
  return contentType.startsWith('video/');
}

/** A name safe in src="media:<name>", in a zip path and in a Moodle file area: letters, digits, ".", "-", "_". */
export function safeMediaName(name: string): string {
  const base = name.split(/[\\/]/).at(-1) ?? '';
  const safe = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '');
  return safe === '' ? 'file' : safe;
}
