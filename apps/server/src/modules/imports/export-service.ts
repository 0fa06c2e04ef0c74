import {
  ErrorCode,
  type ExportFormat,
  MEDIA_TYPES,
  type MediaContentType,
  type QuestionStatus,
} from '@qbank/contract';
import type { Deps } from '../../deps';
import type { FileAnswer } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import { type Actor, can } from '../../policies';
import {
  type PortableMedia,
  type PortableQuestion,
  toCsv,
  toMoodleXml,
  toQti3Zip,
  toXlsx,
} from '../questions/formats';
import { mediaUrl } from '../questions/service';
import { findProduct } from '../store/repository';
import { type ExportMedia, type ExportRow, exportMedia, exportRows } from './export-repository';
import { csvFile, XLSX_TYPE } from './service';

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
    choices: row.choices.map((c) => ({ text: c.text, correct: c.id === row.correctChoiceId })),
    references: row.references,
    reinforcements: row.reinforcements,
    path: row.path,
    freeSample: row.freeSample,
    media,
    line: 0,
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** "Cardiology Board Review 2025" → "cardiology-board-review-2025" */
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'questions';

/** Exporting a bank: GET questions/products/{id}/export (docs/question-import.md). */
export function exportService(deps: Deps) {
  const { db, storage, log } = deps;

  /** Whose questions the caller exports: all for auditors and admins, their own for writers. */
  async function scope(actor: Actor, productId: string): Promise<{ authorId?: string }> {
    for (const role of ['ADMIN', 'AUDITOR'] as const)
      if (await can(actor, 'questions.list', { productId, role })) return {};
    if (await can(actor, 'questions.list', { productId, role: 'WRITER' })) return { authorId: actor.userId };
    throw new AppError(ErrorCode.FORBIDDEN, "You cannot export this product's questions", 'id');
  }

  async function filesOf(rows: ExportRow[]): Promise<Map<string, ExportFile[]>> {
    const byVersion = new Map<string, ExportFile[]>();
    const bytesOf = new Map<string, Uint8Array | null>();
    for (const m of await exportMedia(
      db,
      rows.map((r) => r.versionId),
    )) {
      if (!bytesOf.has(m.hash)) {
        const stream = await storage.read(m.hash);
        bytesOf.set(m.hash, stream ? await readAll(stream) : null);
        if (!stream) log.warn({ hash: m.hash }, 'export: a media file is missing from storage');
      }
      const bytes = bytesOf.get(m.hash);
      if (!bytes) continue;
      byVersion.set(m.versionId, [...(byVersion.get(m.versionId) ?? []), { ...m, bytes }]);
    }
    return byVersion;
  }

  return {
    async exportBank(
      actor: Actor,
      productId: string,
      q: { format: ExportFormat; status?: QuestionStatus },
    ): Promise<FileAnswer> {
      const { authorId } = await scope(actor, productId);
      const product = await findProduct(db, productId);
      if (!product) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      const rows = await exportRows(db, { productId, authorId, status: q.status });
      const withMedia = q.format === 'moodle-xml' || q.format === 'qti';
      const files = withMedia ? await filesOf(rows) : null;
      const questions = rows.map((r) => toPortable(r, files ? (files.get(r.versionId) ?? []) : null));
      const base = `${slug(product.name)}-questions`;
      switch (q.format) {
        case 'moodle-xml':
          return {
            bytes: toMoodleXml(questions),
            contentType: 'application/xml; charset=utf-8',
            fileName: `${base}.xml`,
          };
        case 'qti':
          return {
            bytes: await toQti3Zip(questions, { title: product.name }),
            contentType: 'application/zip',
            fileName: `${base}-qti.zip`,
          };
        case 'csv':
          return csvFile(toCsv(questions), `${base}.csv`);
        case 'xlsx':
          return { bytes: await toXlsx(questions), contentType: XLSX_TYPE, fileName: `${base}.xlsx` };
      }
    },
  };
}
