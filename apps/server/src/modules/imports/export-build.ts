import { type ExportFormat, MEDIA_TYPES, type MediaContentType } from '@qbank/contract';
import { mediaUrl } from '../../lib/media-url';
import type { ExportMedia, ExportRow } from './export-repository';
import { type PortableMedia, type PortableQuestion, toCsv, toMoodleXml, toQti3Zip, toXlsx } from './formats';

// Building an export file from the rows read: pure and CPU-heavy for a large bank (every question's HTML
// rewritten, a workbook or a zip built), so the export service runs it in a worker thread (worker.ts).

/** A media file as it travels in an export: named by its hash, with the bytes read back from storage. */
export type ExportFile = ExportMedia & { bytes: Uint8Array };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function mediaName(m: { hash: string; contentType: string }): string {
  const ext = MEDIA_TYPES[m.contentType as MediaContentType]?.ext ?? 'bin';
  return `${m.hash.slice(0, 16)}.${ext}`;
}

/**
 * A stored question in the formats' neutral shape. With its media files (Moodle XML, QTI), the HTML links
 * them as src="media:<name>" and they travel in the file; without (CSV, Excel), the HTML keeps the server's
 * media URLs, as media cannot travel in a table.
 */
export function toPortable(row: ExportRow, files: ExportFile[] | null): PortableQuestion {
  let { stem, explanation } = row;
  const media: PortableMedia[] = [];
  const seen = new Set<string>();
  for (const f of files ?? []) {
    if (seen.has(f.hash)) continue;
    seen.add(f.hash);
    const name = mediaName(f);
    const url = new RegExp(`(\\bsrc\\s*=\\s*)(["'])${escapeRegExp(mediaUrl(f.hash))}\\2`, 'g');
    stem = stem.replace(url, `$1$2media:${name}$2`);
    explanation = explanation.replace(url, `$1$2media:${name}$2`);
    media.push({ name, contentType: f.contentType, bytes: f.bytes, place: f.place });
  }
  return {
    name: row.name,
    stem,
    explanation,
    choices: row.choices.map((c) => ({
      text: c.text,
      correct: c.id === row.correctChoiceId,
      ...(c.explanation ? { explanation: c.explanation } : {}),
    })),
    references: row.references,
    reinforcements: row.reinforcements,
    path: row.path,
    freeSample: row.freeSample,
    media,
    line: 0,
  };
}

/**
 * The file of an export: its bytes, ready to send (a CSV begins with a byte order mark, so Excel opens it as
 * UTF-8). `files` maps each version to its media for the formats that carry them (Moodle XML, QTI).
 */
export async function buildExport(
  format: ExportFormat,
  rows: ExportRow[],
  files: Map<string, ExportFile[]> | null,
  title: string,
): Promise<Uint8Array> {
  const questions = rows.map((r) => toPortable(r, files ? (files.get(r.versionId) ?? []) : null));
  switch (format) {
    case 'moodle-xml':
      return utf8(toMoodleXml(questions));
    case 'qti':
      return toQti3Zip(questions, { title });
    case 'csv':
      return utf8(`\uFEFF${toCsv(questions)}`);
    case 'xlsx':
      return toXlsx(questions);
  }
}

/** UTF-8 bytes in a buffer of their own (never a slice of Node's shared pool), which can be moved between threads. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
