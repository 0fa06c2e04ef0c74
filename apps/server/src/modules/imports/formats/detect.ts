import { decodeText } from './text';
import type { ImportFormat } from './types';

const byExtension: Record<string, ImportFormat> = {
  gift: 'gift',
  xml: 'moodle-xml',
  csv: 'csv',
  tsv: 'csv',
  xlsx: 'xlsx',
};

const zipSignature = [0x50, 0x4b, 0x03, 0x04];

/**
 * The format of an uploaded file: by its extension, then by its content. ".txt" is sniffed too, because
 * Aiken and GIFT files are both saved as text files. Null when nothing fits.
 */
export function detectFormat(fileName: string, bytes: Uint8Array): ImportFormat | null {
  const extension = fileName.toLowerCase().split('.').at(-1) ?? '';
  const known = fileName.includes('.') ? byExtension[extension] : undefined;
  if (known) return known;
  if (zipSignature.every((b, i) => bytes[i] === b)) {
    // An XLSX names its parts "xl/…" in the zip directory; any other zip is not ours.
    const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 65_536)));
    return tail.includes('xl/') ? 'xlsx' : null;
  }
  const text = decodeText(bytes.subarray(0, 262_144)).replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start.startsWith('<') && /<quiz[\s>]/.test(text)) return 'moodle-xml';
  if (/^\s*ANSWER\s*:\s*[A-Z]\s*$/im.test(text) && /^\s*[A-Z][.)]\s+\S/m.test(text)) return 'aiken';
  if (/^\s*(::|\$CATEGORY:)/m.test(text) || /\{[^}]*[=~][^}]*\}/.test(text)) return 'gift';
  const header = start.split(/\r?\n/, 1)[0]?.toLowerCase() ?? '';
  if (/\bstem\b/.test(header) && /[,;\t]/.test(header)) return 'csv';
  return null;
}
