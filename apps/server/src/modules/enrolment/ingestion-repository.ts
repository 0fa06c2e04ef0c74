import type { IngestionCounts, IngestionOutcome, IngestionPreview, IngestionRow } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRows } from '../../db/rows';

// The SQL of bulk enrolment (ingestion.ts): accounts by address, new accounts, and the uploaded class lists
// (user_ingestions, user_ingestion_rows).

/** Rows per INSERT of a class list's rows: one JSON parameter each. */
const INSERT_CHUNK = 1000;

export interface AccountByEmail {
  id: string;
  email: string;
  verified: boolean;
}

/** The accounts of these addresses (stored lower case), verified or not. */
export async function accountsByEmail(db: DbOrTx, emails: string[]): Promise<Map<string, AccountByEmail>> {
  const rows = await selectRows(
    db,
    { id: column.string, email: column.string, verified: column.boolean },
    sql`SELECT id, email, email_verified_at IS NOT NULL AS verified FROM users
    WHERE email = ANY(${sql.param(emails)}::text[])`,
  );
  return new Map(rows.map((r) => [r.email, r]));
}

/**
 * Creates the accounts: students only (no superuser, no password: the welcome mail's link sets it), their
 * address taken as verified since their school vouches for it and only its owner can use the link. An address
 * taken meanwhile is skipped; the caller reads it again.
 */
export async function insertStudentAccounts(
  tx: DbOrTx,
  users: { email: string; firstName: string; lastName: string }[],
  now: Date,
) {
  if (users.length === 0) return [];
  return selectRows(
    tx,
    { id: column.string, email: column.string },
    sql`INSERT INTO users (email, first_name, last_name, email_verified_at, superuser, created_at, updated_at)
    SELECT u.email, u.first_name, u.last_name, ${now}, false, ${now}, ${now}
    FROM jsonb_to_recordset(${JSON.stringify(
      users.map((u) => ({ email: u.email, first_name: u.firstName, last_name: u.lastName })),
    )}::jsonb) AS u(email text, first_name text, last_name text)
    ON CONFLICT (email) DO NOTHING
    RETURNING id, email`,
  );
}

/**
 * Takes over accounts whose registration was never finished (the address never proved): verified now, and
 * the password the unfinished registration chose dropped, so only the welcome link's owner sets one.
 */
export async function claimUnverified(tx: DbOrTx, userIds: string[], now: Date) {
  if (userIds.length === 0) return;
  await tx.execute(sql`
    UPDATE users SET email_verified_at = ${now}, password_hash = NULL, updated_at = ${now}
    WHERE id = ANY(${sql.param(userIds)}::uuid[]) AND email_verified_at IS NULL`);
}

/** Where each address stands with the product now, for the dry run. */
export async function standings(db: DbOrTx, productId: string, emails: string[]) {
  return selectRows(
    db,
    {
      email: column.string,
      verified: column.boolean,
      active: nullable(column.boolean),
      student: nullable(column.boolean),
      access_hold: nullable(column.string),
    },
    sql`SELECT u.email, u.email_verified_at IS NOT NULL AS verified, s.active, s.student, s.access_hold
    FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id AND s.product_id = ${productId}
    WHERE u.email = ANY(${sql.param(emails)}::text[])`,
  );
}

// ---- Class lists ----

const ingestionRow = {
  id: column.string,
  product_id: column.string,
  user_id: column.string,
  file_name: column.string,
  state: column.string,
  cohort_id: nullable(column.string),
  cohort_name: nullable(column.string),
  preview: column.json<IngestionPreview>(),
  job_id: nullable(column.int),
  result: nullable(column.json<IngestionCounts>()),
  error: nullable(column.string),
  created_at: column.timestamp,
  updated_at: column.timestamp,
};

export interface IngestionRecord {
  id: string;
  productId: string;
  userId: string;
  fileName: string;
  state: 'PREVIEW' | 'COMMITTING' | 'DONE' | 'FAILED';
  cohort: { id: string; name: string } | null;
  preview: IngestionPreview;
  jobId: number | null;
  result: IngestionCounts | null;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export async function findIngestion(db: DbOrTx, id: string, lock = false): Promise<IngestionRecord | null> {
  const [r] = await selectRows(
    db,
    ingestionRow,
    sql`SELECT i.id, i.product_id, i.user_id, i.file_name, i.state, i.cohort_id, c.name AS cohort_name,
      i.preview, i.job_id::int AS job_id, i.result, i.error, i.created_at, i.updated_at
    FROM user_ingestions i LEFT JOIN cohorts c ON c.id = i.cohort_id
    WHERE i.id = ${id} ${lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  if (!r) return null;
  return {
    id: r.id,
    productId: r.product_id,
    userId: r.user_id,
    fileName: r.file_name,
    state: r.state as IngestionRecord['state'],
    cohort: r.cohort_id && r.cohort_name !== null ? { id: r.cohort_id, name: r.cohort_name } : null,
    preview: r.preview,
    jobId: r.job_id,
    result: r.result,
    error: r.error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Keeps an uploaded class list: its preview and the rows a commit would enrol. */
export async function insertIngestion(
  tx: DbOrTx,
  i: { productId: string; userId: string; fileName: string; preview: IngestionPreview; now: Date },
  rows: IngestionRow[],
): Promise<string> {
  const { id } = await selectOne(
    tx,
    { id: column.string },
    sql`INSERT INTO user_ingestions (product_id, user_id, file_name, preview, created_at, updated_at)
    VALUES (${i.productId}, ${i.userId}, ${i.fileName}, ${JSON.stringify(i.preview)}::jsonb, ${i.now}, ${i.now})
    RETURNING id`,
  );
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    const chunk = rows.slice(at, at + INSERT_CHUNK).map((r) => ({
      row: r.row,
      email: r.email,
      first_name: r.firstName,
      last_name: r.lastName,
    }));
    await tx.execute(sql`
      INSERT INTO user_ingestion_rows (ingestion_id, row, email, first_name, last_name)
      SELECT ${id}, r.row, r.email, r.first_name, r.last_name
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        AS r("row" int, email text, first_name text, last_name text)`);
  }
  return id;
}

export async function updateIngestion(
  tx: DbOrTx,
  id: string,
  now: Date,
  set: {
    state?: IngestionRecord['state'];
    cohortId?: string | null;
    jobId?: number;
    result?: IngestionCounts;
    error?: string | null;
  },
) {
  await tx.execute(sql`
    UPDATE user_ingestions SET
      state = COALESCE(${set.state ?? null}, state),
      cohort_id = ${set.cohortId === undefined ? sql`cohort_id` : set.cohortId},
      job_id = COALESCE(${set.jobId ?? null}::bigint, job_id),
      result = COALESCE(${set.result ? JSON.stringify(set.result) : null}::jsonb, result),
      error = ${set.error === undefined ? sql`error` : set.error},
      updated_at = ${now}
    WHERE id = ${id}`);
}

/** The next rows the commit has not enrolled yet, in file order, locked for this batch. */
export async function pendingRows(tx: DbOrTx, ingestionId: string, limit: number) {
  const rows = await selectRows(
    tx,
    { row: column.int, email: column.string, first_name: column.string, last_name: column.string },
    sql`SELECT row, email, first_name, last_name FROM user_ingestion_rows
    WHERE ingestion_id = ${ingestionId} AND outcome IS NULL
    ORDER BY row LIMIT ${limit} FOR UPDATE`,
  );
  return rows.map((r) => ({ row: r.row, email: r.email, firstName: r.first_name, lastName: r.last_name }));
}

/** Records what the commit did with each row (by address: each address is one row of the list). */
export async function setOutcomes(
  tx: DbOrTx,
  ingestionId: string,
  outcomes: { row: number; outcome: IngestionOutcome }[],
) {
  if (outcomes.length === 0) return;
  await tx.execute(sql`
    UPDATE user_ingestion_rows r SET outcome = o.outcome
    FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) AS o("row" int, outcome text)
    WHERE r.ingestion_id = ${ingestionId} AND r.row = o.row`);
}

/** How many rows the commit has to do and has done. */
export async function rowProgress(db: DbOrTx, ingestionId: string) {
  return selectOne(
    db,
    { total: column.int, done: column.int },
    sql`SELECT count(*)::int AS total, count(outcome)::int AS done FROM user_ingestion_rows
    WHERE ingestion_id = ${ingestionId}`,
  );
}

/** A finished commit's rows are not kept: the accounts and the product's history hold what happened. */
export async function dropRows(tx: DbOrTx, ingestionId: string) {
  await tx.execute(sql`DELETE FROM user_ingestion_rows WHERE ingestion_id = ${ingestionId}`);
}

/** Class lists previewed and never committed, older than `before`: dropped with their rows. */
export async function dropStalePreviews(db: DbOrTx, before: Date) {
  await db.execute(sql`DELETE FROM user_ingestions WHERE state = 'PREVIEW' AND updated_at < ${before}`);
}
