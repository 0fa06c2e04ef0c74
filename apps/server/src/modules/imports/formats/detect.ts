import { decodeText } from './text';
import type { ImportFormat } from './types';
import { zipPartNames } from './unpacked-size';
import { prolog } from './xml-tree';

const byExtension: Record<string, ImportFormat> = {
  gift: 'gift',
  csv: 'csv',
  tsv: 'csv',
  xlsx: 'xlsx',
};

const zipSignature = [0x50, 0x4b, 0x03, 0x04];

/** A QTI item: its root element, after the XML declaration, comments and a DOCTYPE, is <qti-assessment-item>. */
function isQtiItem(text: string): boolean {
  const { root } = prolog(text);
  return root >= 0 && /^<(?:[\w.-]+:)?qti-assessment-item[\s/>]/.test(text.slice(root, root + 200));
}

/** A zip by its parts: an XLSX names them "xl/…", a QTI package has imsmanifest.xml. Any other is not ours. */
function zipFormat(bytes: Uint8Array): ImportFormat | null {
  const names = zipPartNames(bytes) ?? [];
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (names.some((n) => /(^|\/)imsmanifest\.xml$/i.test(n))) return 'qti';
  return null;
}

/**
 * The format of an uploaded file: by its extension, then by its content. ".txt" is sniffed too, because
 * Aiken and GIFT files are both saved as text files, and ".xml" because a QTI item is XML as Moodle's
 * quizzes are. Null when nothing fits.
 */
export function detectFormat(fileName: string, bytes: Uint8Array): ImportFormat | null {
  const extension = fileName.toLowerCase().split('.').at(-1) ?? '';
  const known = fileName.includes('.') ? byExtension[extension] : undefined;
  if (known) return known;
  if (zipSignature.every((b, i) => bytes[i] === b)) return zipFormat(bytes);
  const text = decodeText(bytes.subarray(0, 262_144)).replace(/^\uFEFF/, '');
  if (isQtiItem(text)) return 'qti';
  if (fileName.includes('.') && extension === 'xml') return 'moodle-xml';
  const start = text.trimStart();
  if (start.startsWith('<') && /<quiz[\s>]/.test(text)) return 'moodle-xml';
  if (/^\s*ANSWER\s*:\s*[A-Z]\s*$/im.test(text) && /^\s*[A-Z][.)]\s+\S/m.test(text)) return 'aiken';
  if (/^\s*(::|\$CATEGORY:)/m.test(text) || /\{[^}]*[=~][^}]*\}/.test(text)) return 'gift';
  const header = start.split(/\r?\n/, 1)[0]?.toLowerCase() ?? '';
  if (/\bstem\b/.test(header) && /[,;\t]/.test(header)) return 'csv';
  return null;
}
