import { ErrorCode, IMPORT_MAX_QUESTIONS, type ImportNode, type ImportPreview } from '@qbank/contract';
import { AppError } from '../../lib/app-error';
import type { Upload } from '../../lib/upload';
import {
  type ImportFormat,
  NOTE_FIELDS,
  PARTS_MAX,
  type ParseIssue,
  parseQuestions,
  UNPACKED_MAX,
  unpackedSize,
} from './formats';
import { type PreparedQuestion, prepareQuestion } from './prepare';
import { fillPath, pathKey, type TreeIndex, unknownPlace } from './tree';

/** A question file read and checked: what will be imported, and what will not and why. */
export interface ReadFile {
  questions: PreparedQuestion[];
  /** Every issue, by line. */
  issues: ParseIssue[];
  /** Questions (or broken pieces of the file that held one) left out. */
  invalid: number;
}

/** How many questions are checked between progress reports. */
export const READ_BATCH = 500;
/**
 * How many between turns given to other work. The jobs run readQuestionFile in a worker thread (worker.ts),
 * where a turn lets its progress reports go out; called on the event loop (tests), a hundred questions'
 * sanitising keeps other requests waiting a few dozen milliseconds at most.
 */
const YIELD_EVERY = 100;

/** Lets the requests and jobs waiting for the event loop run before the next batch. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Notes about the header row, media, and what a question carries that the product cannot keep (answer
 * weights, Moodle's combined feedback, hints, tags, QTI's rubrics and templates) belong to a file or a question that still imports.
 */
const notes = new Set<string>(['header', 'media', ...NOTE_FIELDS]);

/**
 * The questions left out: the lines where an issue is and no accepted question starts. A reader names a
 * question it refuses by the line it starts on, and a piece of the file it cannot read (a broken row or
 * element) by its line too, so each such line is one question that will not be imported.
 */
export function countInvalid(issues: ParseIssue[], validLines: Set<number>): number {
  const lines = new Set<number>();
  for (const i of issues) if (!notes.has(i.field) && !validLines.has(i.line)) lines.add(i.line);
  return lines.size;
}

const zipSignature = [0x50, 0x4b, 0x03, 0x04];

/**
 * An upload that is a zip (an Excel workbook or a QTI package, by its bytes or its name) is measured before it is kept: one
 * that really unpacks to more than the reader takes — counted while inflating, whatever sizes the zip
 * declares, and stopped at the limit — answers 413 naming `file`, as a file past the upload limit does. The
 * measuring runs in zlib's thread pool, not on the event loop. A zip it cannot follow is kept: the read job
 * then reports it as not a readable workbook or package (readXlsx and readQti measure again before
 * unpacking anything).
 */
export async function refuseUnpackingPastLimit(upload: Upload): Promise<Upload> {
  const zip =
    zipSignature.every((b, i) => upload.bytes[i] === b) || /\.(xlsx|zip)$/i.test(upload.fileName.trim());
  if (!zip) return upload;
  const { verdict } = await unpackedSize(upload.bytes, UNPACKED_MAX);
  if (verdict === 'too-large')
    throw new AppError(
      ErrorCode.PAYLOAD_TOO_LARGE,
      `file unpacks to more than ${UNPACKED_MAX / 1024 / 1024} MB; split it into smaller files`,
      'file',
    );
  if (verdict === 'too-many-parts')
    throw new AppError(
      ErrorCode.PAYLOAD_TOO_LARGE,
      `file holds more than ${PARTS_MAX.toLocaleString('en')} parts; split it into smaller files`,
      'file',
    );
  return upload;
}

/**
 * Reads a question file and checks every question as the import will store it (prepare.ts). The same bytes
 * always give the same questions in the same order: the dry run's preview is what the import writes. CPU
 * work of seconds for a large file: the jobs run it in a worker thread (worker.ts), never on the event loop.
 */
export async function readQuestionFile(
  format: ImportFormat,
  bytes: Uint8Array,
  onProgress?: (done: number, total: number) => Promise<void>,
): Promise<ReadFile> {
  const parsed = await parseQuestions(format, bytes, { maxQuestions: IMPORT_MAX_QUESTIONS });
  const issues = [...parsed.issues];
  const questions: PreparedQuestion[] = [];
  const total = parsed.questions.length;
  for (let i = 0; i < total; i++) {
    const prepared = await prepareQuestion(parsed.questions[i]!, i);
    if (prepared.question) questions.push(prepared.question);
    issues.push(...prepared.issues);
    if ((i + 1) % READ_BATCH === 0 && i + 1 < total) await onProgress?.(i + 1, total);
    if ((i + 1) % YIELD_EVERY === 0) await yieldToOthers();
  }
  await onProgress?.(total, total);
  issues.sort((a, b) => a.line - b.line);
  return { questions, issues, invalid: countInvalid(issues, new Set(questions.map((q) => q.line))) };
}

/**
 * The preview of a file read: how many questions import, how many do not, and where they go in the tree
 * (each path spelled as the tree already has it, and whether it exists or will be created). When the importer
 * may not add places to the tree (`createNodes` false: only those who may edit the tree do), a question whose
 * path names a place the tree lacks is not imported: it counts as invalid, with an issue naming the level and
 * the place, and the import job leaves it out the same way (import-writer.ts).
 */
export function buildPreview(read: ReadFile, tree: TreeIndex, createNodes: boolean): ImportPreview {
  const groups = new Map<string, ImportNode>();
  const issues = [...read.issues];
  let unplaced = 0;
  for (const q of read.questions) {
    const unknown = createNodes ? null : unknownPlace(tree, q.path);
    if (unknown) {
      issues.push({ line: q.line, ...unknown });
      unplaced++;
      continue;
    }
    const path = fillPath(q.path);
    const key = pathKey(path);
    const group = groups.get(key);
    if (group) group.count++;
    else
      groups.set(key, {
        path: tree.spelled(path),
        count: 1,
        exists: tree.existing(path).length === path.length,
      });
  }
  const nodes = [...groups.values()].sort((a, b) => pathKey(a.path).localeCompare(pathKey(b.path), 'en'));
  if (unplaced > 0) issues.sort((a, b) => a.line - b.line);
  const valid = read.questions.length - unplaced;
  return {
    total: read.questions.length + read.invalid,
    valid,
    invalid: read.invalid + unplaced,
    nodes,
    issues,
    issueCount: issues.length,
  };
}
