/**
 * The CPU-heavy steps of imports and exports, run in a worker thread of the pool in worker-pool.ts, never on
 * the event loop (docs/decisions/0024-imports-off-the-event-loop.md): reading a question file (decoding,
 * parsing, the readers' checks, sanitising every question's HTML, recognising its media), making the dry
 * run's preview, and building an export file. A task gets bytes and plain values and answers plain values;
 * no database handle, no request and no deps ever come here.
 */
import type { MessagePort } from 'node:worker_threads';
import { threadId } from 'node:worker_threads';
import type { ExportFormat } from '@qbank/contract';
import { Piscina } from 'piscina';
import { tableXlsx } from '../../lib/table-xlsx';
import { buildExport, type ExportFile, utf8 } from './export-build';
import type { ExportRow } from './export-repository';
import type { ImportFormat, ParseIssue } from './formats';
import { toSafeCsv } from './formats';
import { buildPreview, readQuestionFile } from './read';
import { ownBuffer, packBatches, unpackBatch } from './slices';
import { TreeIndex, type TreeNodes } from './tree';

/** The dry run: the file read and checked, answered as the preview's JSON (written to the database as it is). */
export interface PreviewTask {
  kind: 'preview';
  format: ImportFormat;
  bytes: Uint8Array;
  tree: TreeNodes;
  /** Whether the importer may add places to the tree; if not, questions filed in missing ones are refused. */
  createNodes: boolean;
  /** Receives { done, total } as the questions are checked. */
  progress?: MessagePort;
}

/** The import: the file read and checked again, its questions answered in packed batches (slices.ts). */
export interface QuestionsTask {
  kind: 'questions';
  format: ImportFormat;
  bytes: Uint8Array;
  batchSize: number;
}

export interface ExportTask {
  kind: 'export';
  format: ExportFormat;
  /** The rows read, packed a slice each (slices.ts): handing 20,000 rows over as objects is one long copy. */
  rows: Uint8Array[];
  /** Each version's media, for the formats that carry them; null for the others. */
  files: Map<string, ExportFile[]> | null;
  title: string;
}

/** The issues of a preview, as its JSON array, to CSV bytes (line, field, message). */
export interface IssuesCsvTask {
  kind: 'issuesCsv';
  issuesJson: string;
}

/**
 * A table as a CSV or an XLSX file (the Students export): a header and rows of cells, packed a slice each
 * (slices.ts); every cell made safe from spreadsheet formulas (lib/cell-safety.ts).
 */
export interface TableTask {
  kind: 'table';
  format: 'csv' | 'xlsx';
  sheetName: string;
  header: string[];
  rows: Uint8Array[];
}

export type WorkerTask = PreviewTask | QuestionsTask | ExportTask | IssuesCsvTask | TableTask;

/** Every answer says which thread made it: a test checks it was not the event loop's (thread 0). */
interface Answered {
  threadId: number;
}
export type PreviewAnswer = Answered & { previewJson: string; valid: number };
export type QuestionsAnswer = Answered & {
  /** How many questions will be written. */
  total: number;
  /** The file's tree paths, each once, as the questions give them. */
  paths: string[][];
  /** The questions in batches, each packed with packBatches. */
  batches: Uint8Array[];
};
export type BytesAnswer = Answered & { bytes: Uint8Array };

export interface WorkerAnswers {
  preview: PreviewAnswer;
  questions: QuestionsAnswer;
  export: BytesAnswer;
  issuesCsv: BytesAnswer;
  table: BytesAnswer;
}

/** The answer with its buffers moved to the event loop's thread rather than copied. */
function moved<T>(value: T, buffers: Uint8Array[]) {
  // Piscina's Transferable: the value, and the buffers to move rather than copy.
  return Piscina.move({
    [Piscina.transferableSymbol]: buffers.map((b) => b.buffer),
    [Piscina.valueSymbol]: value,
  } as never);
}

export default async function run(task: WorkerTask): Promise<unknown> {
  switch (task.kind) {
    case 'preview': {
      const { progress } = task;
      try {
        const read = await readQuestionFile(task.format, task.bytes, async (done, total) => {
          progress?.postMessage({ done, total });
        });
        const preview = buildPreview(read, new TreeIndex(task.tree), task.createNodes);
        return {
          threadId,
          previewJson: JSON.stringify(preview),
          valid: preview.valid,
        } satisfies PreviewAnswer;
      } finally {
        progress?.close();
      }
    }
    case 'questions': {
      const { questions } = await readQuestionFile(task.format, task.bytes);
      const paths = new Map<string, string[]>();
      for (const q of questions) paths.set(JSON.stringify(q.path), q.path);
      const batches = packBatches(questions, task.batchSize);
      const answer: QuestionsAnswer = {
        threadId,
        total: questions.length,
        paths: [...paths.values()],
        batches,
      };
      return moved(answer, batches);
    }
    case 'export': {
      const rows = task.rows.flatMap((packed) => unpackBatch<ExportRow>(packed));
      const bytes = ownBuffer(await buildExport(task.format, rows, task.files, task.title));
      return moved({ threadId, bytes } satisfies BytesAnswer, [bytes]);
    }
    case 'issuesCsv': {
      const issues = JSON.parse(task.issuesJson) as ParseIssue[];
      const text = toSafeCsv(
        ['line', 'field', 'message'],
        issues.map((i) => [i.line, i.field, i.message]),
      );
      // A byte order mark first, as every CSV the server writes (service.ts, csvFile).
      const bytes = utf8(`\uFEFF${text}`);
      return moved({ threadId, bytes } satisfies BytesAnswer, [bytes]);
    }
    case 'table': {
      const rows = task.rows.flatMap((packed) => unpackBatch<string[]>(packed));
      const bytes = ownBuffer(
        task.format === 'csv'
          ? utf8(`\uFEFF${toSafeCsv(task.header, rows)}`)
          : await tableXlsx(task.sheetName, task.header, rows),
      );
      return moved({ threadId, bytes } satisfies BytesAnswer, [bytes]);
    }
  }
}
