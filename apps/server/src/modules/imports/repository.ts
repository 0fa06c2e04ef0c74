import {
  IMPORT_ISSUES_SHOWN,
  type ImportPreview,
  type ImportResult,
  type QuestionStatus,
} from '@qbank/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { column, selectRows } from '../../db/rows';
import { mediaFiles, questionImports, questions, questionVersionMedia } from '../../db/schema';
import { categoriesOfProduct, subcategoriesOfProduct, subjectsOfProduct } from '../catalogue';
import { sliceRanges } from './slices';
import type { TreeNodes } from './tree';

/**
 * An import as the rules and the answers need it: everything but the file's bytes, and of the preview's issues
 * the first IMPORT_ISSUES_SHOWN (a file of 200,000 broken rows has as many issues, megabytes of JSON that
 * every look at the import would parse on the event loop; `importIssuesJson` reads them all).
 */
const importColumns = {
  id: questionImports.id,
  productId: questionImports.productId,
  userId: questionImports.userId,
  fileName: questionImports.fileName,
  format: questionImports.format,
  state: questionImports.state,
  preview: sql<ImportPreview | null>`CASE WHEN ${questionImports.preview} IS NULL THEN NULL
    ELSE jsonb_set(${questionImports.preview}, '{issues}',
      jsonb_path_query_array(${questionImports.preview}, ${`$.issues[0 to ${IMPORT_ISSUES_SHOWN - 1}]`}::jsonpath))
    END`,
  jobId: questionImports.jobId,
  result: questionImports.result,
  error: questionImports.error,
  createdAt: questionImports.createdAt,
  updatedAt: questionImports.updatedAt,
};
export type ImportRow = NonNullable<Awaited<ReturnType<typeof findImport>>>;

/**
 * How much of an uploaded file one statement sends. The driver copies a parameter into its message on the
 * event loop: a 50 MB value stopped the loop 25-35 ms, a 1 MB part takes a fraction of a millisecond.
 */
export const FILE_PART_BYTES = 1024 * 1024;

/**
 * A new import with its file, in the caller's transaction. The file goes in parts to a temporary table of the
 * transaction's session (dropped at its end), and PostgreSQL joins them into the import's one value.
 */
export async function insertImport(
  tx: Tx,
  row: {
    productId: string;
    userId: string;
    fileName: string;
    format: (typeof questionImports.$inferInsert)['format'];
    file: Uint8Array;
    now: Date;
  },
): Promise<string> {
  const { file } = row;
  await tx.execute(
    sql`CREATE TEMP TABLE import_file_parts (n int PRIMARY KEY, bytes bytea NOT NULL) ON COMMIT DROP`,
  );
  for (let n = 0, at = 0; at < file.byteLength; n++, at += FILE_PART_BYTES) {
    const part = Buffer.from(
      file.buffer,
      file.byteOffset + at,
      Math.min(FILE_PART_BYTES, file.byteLength - at),
    );
    await tx.execute(sql`INSERT INTO import_file_parts VALUES (${n}, ${part})`);
  }
  const [inserted] = await tx
    .insert(questionImports)
    .values({
      productId: row.productId,
      userId: row.userId,
      fileName: row.fileName,
      format: row.format,
      file: sql`(SELECT coalesce(string_agg(bytes, ''::bytea ORDER BY n), ''::bytea) FROM import_file_parts)`,
      state: 'PARSING',
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returning({ id: questionImports.id });
  return inserted!.id;
}

/** The import (without its bytes), locked until the transaction ends with `lock`. */
export async function findImport(db: DbOrTx, id: string, lock = false) {
  const q = db.select(importColumns).from(questionImports).where(eq(questionImports.id, id)).limit(1);
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}

/**
 * How much of a file one row of the answer carries: as base64 about 87 KB, small enough to be a short-lived
 * string of V8's young generation (a larger one is allocated among the large objects, and a 50 MB file's worth
 * of those made the event loop's heap collect itself again and again for 50-250 ms each time).
 */
export const FILE_SLICE_BYTES = 64 * 1024;

/**
 * The uploaded file's bytes; null once the import no longer keeps them. PostgreSQL sends a bytea as hex text,
 * so the whole of a 50 MB file in one value would be 100 MB of text to receive and decode on the event loop
 * in one go (docs/decisions/0024-imports-off-the-event-loop.md). Instead one query answers the file in rows of
 * FILE_SLICE_BYTES as base64 (the value taken out of TOAST once, not once a slice), and each row is decoded
 * into a buffer of the file's size as it arrives: the event loop does a fraction of a millisecond's work a
 * row, and the buffer can then be moved to a worker thread. Read outside any transaction (through the pool).
 */
export async function importFile(
  db: Db,
  id: string,
  sliceBytes = FILE_SLICE_BYTES,
): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ size: sql<number | null>`octet_length(${questionImports.file})` })
    .from(questionImports)
    .where(eq(questionImports.id, id));
  if (row?.size === null || row?.size === undefined) return null;
  const file = Buffer.alloc(Number(row.size));
  let offset = 0;
  let decoded = 0;
  // Each row's two columns are parsed in order: where the slice starts (int4), then the slice (text).
  const decodeInto = {
    getTypeParser: (oid: number) =>
      oid === 23
        ? (start: string) => {
            offset = Number(start) - 1;
            return null;
          }
        : (base64: string) => {
            decoded += file.write(base64, offset, 'base64');
            return null;
          },
  };
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  await pool.query({
    text: `SELECT g::int4, encode(substring(f.file FROM g FOR $2), 'base64')
      FROM (SELECT file || ''::bytea AS file FROM question_imports WHERE id = $1 AND file IS NOT NULL OFFSET 0) f
      CROSS JOIN LATERAL generate_series(1, octet_length(f.file), $2) g`,
    values: [id, sliceBytes],
    rowMode: 'array',
    types: decodeInto,
  });
  // The file went (the import ended) or changed while it was being read.
  if (decoded !== file.length) return null;
  return new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
}

/** Every issue of the preview, as their JSON array (text: a worker parses it, not the event loop). */
export async function importIssuesJson(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ issues: sql<string | null>`(${questionImports.preview} -> 'issues')::text` })
    .from(questionImports)
    .where(eq(questionImports.id, id));
  return row?.issues ?? null;
}

export async function updateImport(
  db: DbOrTx,
  id: string,
  now: Date,
  set: Partial<{
    state: ImportRow['state'];
    preview: ImportPreview;
    /** The preview as JSON already (a worker made it): stored as it is, not parsed and serialized again. */
    previewJson: string;
    jobId: number;
    result: ImportResult;
    error: string;
    file: null;
  }>,
) {
  const { previewJson, ...rest } = set;
  await db
    .update(questionImports)
    .set({
      ...rest,
      ...(previewJson === undefined ? {} : { preview: sql`${previewJson}::jsonb` }),
      updatedAt: now,
    })
    .where(eq(questionImports.id, id));
}

/** The product's subject tree, each level's nodes in the order the tree lists them. */
export async function loadTree(db: DbOrTx, productId: string): Promise<TreeNodes> {
  // One after another: inside a transaction the three share one connection.
  const subjects = await subjectsOfProduct(db, productId);
  const categories = await categoriesOfProduct(db, productId);
  const subcategories = await subcategoriesOfProduct(db, productId);
  return {
    productId,
    subjects: subjects.map((s) => ({ id: s.uuid, name: s.name, parentId: s.productUuid })),
    categories: categories.map((c) => ({ id: c.uuid, name: c.name, parentId: c.subjectUuid })),
    subcategories: subcategories.map((s) => ({ id: s.uuid, name: s.name, parentId: s.categoryUuid })),
  };
}

/** Which of these question ids are taken. */
export async function existingQuestionIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: questions.id }).from(questions).where(inArray(questions.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** A question to write: the question row, its first version and the media of that version. */
export interface NewQuestion {
  id: string;
  versionId: string;
  status: QuestionStatus;
  name: string;
  subcategoryId: string | null;
  freeSample: boolean;
  stem: string;
  explanation: string;
  choices: { id: string; text: string }[];
  correctChoiceId: string | null;
  references: string[];
  reinforcements: string[];
  media: {
    mediaId: string;
    hash: string;
    contentType: string;
    size: number;
    place: 'STEM' | 'EXPLANATION';
    position: number;
  }[];
}

/** Rows a statement inserts: each statement's rows go as one JSON parameter of a few hundred KB. */
export const INSERT_ROWS = 100;

/** Runs `insert` on the rows in chunks of INSERT_ROWS, one after another; answers what they answered. */
async function inChunks<R, A>(rows: R[], insert: (chunk: R[]) => Promise<A[]>): Promise<A[]> {
  const out: A[] = [];
  for (const [start, end] of sliceRanges(rows.length, INSERT_ROWS))
    out.push(...(await insert(rows.slice(start, end))));
  return out;
}

/**
 * Writes a batch of new questions of one author in a few statements of INSERT_ROWS rows each (in the
 * caller's transaction). A question whose id is already taken (a run that got this far before) is skipped
 * with its version and media; answers the ids written. The questions and their versions go as one JSON
 * parameter a statement (`jsonb_to_recordset`): the query builder's parameters cost some 50 µs a row on the
 * event loop, 25-40 ms a batch (docs/decisions/0024-imports-off-the-event-loop.md), JSON a few.
 */
export async function insertQuestions(
  tx: DbOrTx,
  batch: NewQuestion[],
  common: { productId: string; authorId: string; note: string; now: Date },
): Promise<string[]> {
  if (batch.length === 0) return [];
  const now = sql`${common.now.toISOString()}::timestamptz`;
  const written = await inChunks(batch, async (chunk) => {
    const rows = JSON.stringify(chunk.map((q) => ({ id: q.id, version_id: q.versionId })));
    const inserted = await selectRows(
      tx,
      { id: column.string },
      sql`
      INSERT INTO questions (id, product_id, author_id, current_version_id, created_at, updated_at)
      SELECT r.id, ${common.productId}, ${common.authorId}, r.version_id, ${now}, ${now}
      FROM jsonb_to_recordset(${rows}::jsonb) AS r(id uuid, version_id uuid)
      ON CONFLICT (id) DO NOTHING
      RETURNING id`,
    );
    return inserted.map((r) => r.id);
  });
  const ids = new Set(written);
  const fresh = batch.filter((q) => ids.has(q.id));
  if (fresh.length === 0) return [];
  await inChunks(fresh, async (chunk) => {
    const rows = JSON.stringify(
      chunk.map((q) => ({
        id: q.versionId,
        question_id: q.id,
        status: q.status,
        name: q.name,
        subcategory_id: q.subcategoryId,
        free_sample: q.freeSample,
        stem: q.stem,
        explanation: q.explanation,
        choices: q.choices,
        correct_choice_id: q.correctChoiceId,
        references: q.references,
        reinforcements: q.reinforcements,
      })),
    );
    await tx.execute(sql`
      INSERT INTO question_versions (id, question_id, number, status, name, subcategory_id, free_sample, stem,
        explanation, choices, correct_choice_id, "references", reinforcements, editor_id, note, created_at)
      SELECT r.id, r.question_id, 1, r.status, r.name, r.subcategory_id, r.free_sample, r.stem, r.explanation,
        r.choices, r.correct_choice_id, r."references", r.reinforcements, ${common.authorId}, ${common.note}, ${now}
      FROM jsonb_to_recordset(${rows}::jsonb) AS r(id uuid, question_id uuid, status text, name text,
        subcategory_id uuid, free_sample boolean, stem text, explanation text, choices jsonb,
        correct_choice_id uuid, "references" jsonb, reinforcements jsonb)`);
    return [];
  });
  const media = fresh.flatMap((q) => q.media.map((m) => ({ ...m, versionId: q.versionId })));
  if (media.length > 0) {
    const files = new Map(media.map((m) => [m.hash, m]));
    await inChunks([...files.values()], async (chunk) => {
      await tx
        .insert(mediaFiles)
        .values(
          chunk.map((m) => ({
            hash: m.hash,
            contentType: m.contentType,
            size: m.size,
            createdAt: common.now,
          })),
        )
        .onConflictDoNothing({ target: mediaFiles.hash });
      return [];
    });
    await inChunks(media, async (chunk) => {
      await tx.insert(questionVersionMedia).values(
        chunk.map((m) => ({
          versionId: m.versionId,
          mediaId: m.mediaId,
          hash: m.hash,
          mediaType: m.place,
          position: m.position,
        })),
      );
      return [];
    });
  }
  return fresh.map((q) => q.id);
}

/** How long a previewed file waits to be committed before it is dropped. */
export const PREVIEW_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Imports previewed and never committed for PREVIEW_KEPT_MS lose their file (up to IMPORT_MAX_BYTES each)
 * and end FAILED, saying so. Safe to run on every instance at once.
 */
export async function expireStalePreviews(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(questionImports)
    .set({
      state: 'FAILED',
      file: null,
      error: 'This file was not imported within 7 days of its upload; upload it again to import it',
      updatedAt: now,
    })
    .where(
      sql`${questionImports.state} = 'PREVIEW' AND ${questionImports.updatedAt} < ${new Date(now.getTime() - PREVIEW_KEPT_MS).toISOString()}::timestamptz`,
    )
    .returning({ id: questionImports.id });
  return rows.length;
}
