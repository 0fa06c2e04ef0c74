import type { TreeNodeType } from '@qbank/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRows } from '../../db/rows';

// The Test Bank's SQL: templates and their versions, and the published questions the builder chooses from.

// ---- Published questions ----

/** The builder's filters over the product's published questions (question_pool). */
export interface PoolFilter {
  productId: string;
  search?: string;
  subjectId?: string;
  categoryId?: string;
  subcategoryId?: string;
  /** Only these questions (a template's chosen ones). */
  questionIds?: string[];
}

const poolRow = {
  question_id: column.string,
  name: column.string,
  stem: column.string,
  subject: nullable(column.string),
  category: nullable(column.string),
  subcategory: nullable(column.string),
  answered: column.int,
  correct: column.int,
  discrimination: nullable(column.number),
  flags: nullable(column.strings),
  total: column.int,
};

export interface PoolQuestion {
  questionId: string;
  name: string;
  /** The stem's sanitised HTML. */
  stem: string;
  path: string[];
  answered: number;
  correct: number;
  /** The kept item statistics (docs/item-statistics.md): null before the question has any. */
  discrimination: number | null;
  flags: string[];
}

const POOL_FROM = sql`
  FROM question_pool p
  JOIN question_versions v ON v.id = p.version_id
  LEFT JOIN subcategories sc ON sc.id = p.subcategory_id
  LEFT JOIN categories c ON c.id = sc.category_id
  LEFT JOIN subjects s ON s.id = c.subject_id
  LEFT JOIN question_shares qs ON qs.question_id = p.question_id
  LEFT JOIN question_item_stats st ON st.question_id = p.question_id`;

function poolWhere(f: PoolFilter): SQL {
  const parts: SQL[] = [sql`p.product_id = ${f.productId}`];
  if (f.subcategoryId) parts.push(sql`p.subcategory_id = ${f.subcategoryId}`);
  if (f.categoryId) parts.push(sql`sc.category_id = ${f.categoryId}`);
  if (f.subjectId) parts.push(sql`c.subject_id = ${f.subjectId}`);
  if (f.search) parts.push(sql`v.search @@ websearch_to_tsquery('english', ${f.search})`);
  if (f.questionIds) parts.push(sql`p.question_id = ANY(${sql.param(f.questionIds)}::uuid[])`);
  return sql.join(parts, sql` AND `);
}

/** The published questions the filter keeps, in the tree's order: a page of them, with how many in all. */
export async function listPoolQuestions(
  db: DbOrTx,
  f: PoolFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: PoolQuestion[]; total: number | null }> {
  const rows = await selectRows(
    db,
    poolRow,
    sql`
    SELECT p.question_id, v.name, v.stem, s.name AS subject, c.name AS category, sc.name AS subcategory,
      coalesce((SELECT sum(value::int) FROM jsonb_each_text(qs.counts)), 0)::int AS answered,
      coalesce((qs.counts ->> v.correct_choice_id::text)::int, 0) AS correct,
      st.discrimination, st.flags, count(*) OVER ()::int AS total
    ${POOL_FROM}
    WHERE ${poolWhere(f)}
    ORDER BY s.position NULLS LAST, c.position NULLS LAST, sc.position NULLS LAST, lower(v.name), p.question_id
    ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
  return {
    rows: rows.map((r) => ({
      questionId: r.question_id,
      name: r.name,
      stem: r.stem,
      path: [r.subject, r.category, r.subcategory].filter((x): x is string => x !== null),
      answered: r.answered,
      correct: r.correct,
      discrimination: r.discrimination,
      flags: r.flags ?? [],
    })),
    total: rows[0]?.total ?? null,
  };
}

/** How many published questions the filter keeps. */
export async function countPoolQuestions(db: DbOrTx, f: PoolFilter): Promise<number> {
  const r = await selectOne(
    db,
    { n: column.int },
    sql`SELECT count(*)::int AS n ${POOL_FROM} WHERE ${poolWhere(f)}`,
  );
  return r.n;
}

/** A node of the product's tree by type and id: its path of names, or null when it is not the product's. */
export async function treeNodePath(
  db: DbOrTx,
  productId: string,
  type: TreeNodeType,
  id: string,
): Promise<string[] | null> {
  const q =
    type === 'SUBJECT'
      ? sql`SELECT s.name AS a, NULL::text AS b, NULL::text AS c FROM subjects s
        WHERE s.id = ${id} AND s.product_id = ${productId}`
      : type === 'CATEGORY'
        ? sql`SELECT s.name AS a, c.name AS b, NULL::text AS c FROM categories c JOIN subjects s ON s.id = c.subject_id
          WHERE c.id = ${id} AND s.product_id = ${productId}`
        : sql`SELECT s.name AS a, c.name AS b, sc.name AS c FROM subcategories sc
          JOIN categories c ON c.id = sc.category_id JOIN subjects s ON s.id = c.subject_id
          WHERE sc.id = ${id} AND s.product_id = ${productId}`;
  const [row] = await selectRows(
    db,
    { a: column.string, b: nullable(column.string), c: nullable(column.string) },
    q,
  );
  return row ? [row.a, row.b, row.c].filter((x): x is string => x !== null) : null;
}

/** The published questions under a node, `n` of them drawn at random (a preview's or an assignment's draw). */
export async function drawUnder(
  db: DbOrTx,
  productId: string,
  type: TreeNodeType,
  id: string,
  n: number,
  except: string[],
): Promise<string[]> {
  const node =
    type === 'SUBJECT'
      ? sql`c.subject_id = ${id}`
      : type === 'CATEGORY'
        ? sql`sc.category_id = ${id}`
        : sql`p.subcategory_id = ${id}`;
  const rows = await selectRows(
    db,
    { question_id: column.string },
    sql`SELECT p.question_id FROM question_pool p
    LEFT JOIN subcategories sc ON sc.id = p.subcategory_id
    LEFT JOIN categories c ON c.id = sc.category_id
    WHERE p.product_id = ${productId} AND ${node}
      AND NOT (p.question_id = ANY(${sql.param(except)}::uuid[]))
    ORDER BY random() LIMIT ${n}`,
  );
  return rows.map((r) => r.question_id);
}

/** The published versions of these questions as a learner reads them: stem and choices, no solution. */
export async function learnerViews(db: DbOrTx, questionIds: string[]) {
  const rows = await selectRows(
    db,
    {
      question_id: column.string,
      stem: column.string,
      choices: column.json<Array<{ id: string; text: string }>>(),
    },
    sql`SELECT p.question_id, v.stem,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('id', ch->>'id', 'text', ch->>'text') ORDER BY o), '[]')
       FROM jsonb_array_elements(v.choices) WITH ORDINALITY AS e(ch, o)) AS choices
    FROM question_pool p JOIN question_versions v ON v.id = p.version_id
    WHERE p.question_id = ANY(${sql.param(questionIds)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.question_id, { stem: r.stem, choices: r.choices }]));
}

// ---- Templates ----

const templateRow = {
  id: column.string,
  product_id: column.string,
  name: column.string,
  current_version: column.int,
  archived_at: nullable(column.timestamp),
  created_at: column.timestamp,
  updated_at: column.timestamp,
  spec: column.json<Record<string, unknown>>(),
};

export interface TemplateRow {
  id: string;
  productId: string;
  name: string;
  version: number;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  spec: Record<string, unknown>;
}

const toTemplate = (r: {
  id: string;
  product_id: string;
  name: string;
  current_version: number;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  spec: Record<string, unknown>;
}): TemplateRow => ({
  id: r.id,
  productId: r.product_id,
  name: r.name,
  version: r.current_version,
  archivedAt: r.archived_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  spec: r.spec,
});

const templateColumns = sql`t.id, t.product_id, t.name, t.current_version, t.archived_at, t.created_at,
  t.updated_at, tv.spec`;
const templateFrom = sql`test_templates t
  JOIN test_template_versions tv ON tv.template_id = t.id AND tv.number = t.current_version`;

/** A template with its latest version; locked (the template's row) when `lock`. */
export async function findTemplate(db: DbOrTx, id: string, lock = false) {
  const [row] = await selectRows(
    db,
    templateRow,
    sql`SELECT ${templateColumns} FROM ${templateFrom} WHERE t.id = ${id} ${lock ? sql`FOR UPDATE OF t` : sql``}`,
  );
  return row ? toTemplate(row) : null;
}

/** A new template and its version 1. */
export async function insertTemplate(
  tx: DbOrTx,
  v: { productId: string; name: string; spec: Record<string, unknown>; userId: string; now: Date },
): Promise<string> {
  const row = await selectOne(
    tx,
    { id: column.string },
    sql`INSERT INTO test_templates (product_id, name, current_version, created_by, created_at, updated_at)
    VALUES (${v.productId}, ${v.name}, 1, ${v.userId}, ${v.now}, ${v.now}) RETURNING id`,
  );
  await tx.execute(sql`
    INSERT INTO test_template_versions (template_id, number, spec, editor_id, created_at)
    VALUES (${row.id}, 1, ${JSON.stringify(v.spec)}::jsonb, ${v.userId}, ${v.now})`);
  return row.id;
}

/** The next version of a locked template. */
export async function addTemplateVersion(
  tx: DbOrTx,
  v: { id: string; number: number; name: string; spec: Record<string, unknown>; userId: string; now: Date },
) {
  await tx.execute(sql`
    INSERT INTO test_template_versions (template_id, number, spec, editor_id, created_at)
    VALUES (${v.id}, ${v.number}, ${JSON.stringify(v.spec)}::jsonb, ${v.userId}, ${v.now})`);
  await tx.execute(sql`
    UPDATE test_templates SET name = ${v.name}, current_version = ${v.number}, updated_at = ${v.now}
    WHERE id = ${v.id}`);
}

export async function setTemplateArchived(tx: DbOrTx, id: string, at: Date | null, now: Date) {
  await tx.execute(sql`UPDATE test_templates SET archived_at = ${at}, updated_at = ${now} WHERE id = ${id}`);
}

const summaryRow = {
  id: column.string,
  name: column.string,
  current_version: column.int,
  archived_at: nullable(column.timestamp),
  updated_at: column.timestamp,
  spec: column.json<Record<string, unknown>>(),
  total: column.int,
};

/** A page of the product's templates (newest change first), with how many the filter keeps. */
export async function listTemplates(
  db: DbOrTx,
  f: { productId: string; search?: string; status: 'ACTIVE' | 'ARCHIVED' | 'ALL' },
  page: { limit: number; offset: number },
) {
  const parts: SQL[] = [sql`t.product_id = ${f.productId}`];
  if (f.status === 'ACTIVE') parts.push(sql`t.archived_at IS NULL`);
  if (f.status === 'ARCHIVED') parts.push(sql`t.archived_at IS NOT NULL`);
  if (f.search) parts.push(sql`t.name ILIKE ${`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const rows = await selectRows(
    db,
    summaryRow,
    sql`SELECT t.id, t.name, t.current_version, t.archived_at, t.updated_at, tv.spec, count(*) OVER ()::int AS total
    FROM ${templateFrom}
    WHERE ${sql.join(parts, sql` AND `)}
    ORDER BY t.updated_at DESC, t.id
    LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}
