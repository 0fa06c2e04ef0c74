import { ErrorCode, type ExportFormat, type QuestionStatus } from '@qbank/contract';
import type { Deps } from '../../deps';
import type { FileAnswer } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import { type Actor, can } from '../../policies';
import { findProduct } from '../store';
import type { ExportFile } from './export-build';
import { type ExportRow, exportMedia, exportRows } from './export-repository';
import { XLSX_TYPE } from './service';
import { buildExportOffLoop } from './worker-pool';

/** What each export format is sent as: its content type and the end of its file name. */
const FORMATS: Record<ExportFormat, { contentType: string; suffix: string }> = {
  'moodle-xml': { contentType: 'application/xml; charset=utf-8', suffix: '.xml' },
  qti: { contentType: 'application/zip', suffix: '-qti.zip' },
  csv: { contentType: 'text/csv; charset=utf-8', suffix: '.csv' },
  xlsx: { contentType: XLSX_TYPE, suffix: '.xlsx' },
};

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
      // The file is built in a worker thread (worker.ts): a large bank takes seconds of CPU.
      const { bytes } = await buildExportOffLoop(q.format, rows, files, product.name);
      const { contentType, suffix } = FORMATS[q.format];
      return { bytes, contentType, fileName: `${slug(product.name)}-questions${suffix}` };
    },
  };
}
