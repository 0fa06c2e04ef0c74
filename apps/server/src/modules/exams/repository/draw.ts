import type { TestPool } from '@qbank/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { column, nullable, selectRows } from '../../../db/rows';
import { int8 } from './columns';

// Which questions a test may draw, and how many (docs/tests.md). The candidates are `question_pool` (one row
// per published question, kept by a trigger); the learner's own history is `learner_questions`.

export interface DrawScope {
  userId: string;
  productId: string;
  subcategoryIds: string[];
  pools: TestPool[];
  /** A free (BASIC) subscription: the free sample only. */
  freeSampleOnly: boolean;
}

export interface Drawn {
  questionId: string;
  versionId: string;
  subcategoryId: string | null;
  /** The learner's flag on it from an earlier test (the FLAGGED pool's). */
  flagged: boolean;
}

const uuidArray = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/** Whether a pool choice reaches questions the learner has never seen (then the bank is walked). */
const reachesUnseen = (pools: TestPool[]) => pools.includes('ALL') || pools.includes('UNUSED');

/**
 * The learner-history condition on a candidate `p` for the chosen pools (none for ALL), with one probe of the
 * learner's history per candidate: with UNUSED, "never seen, or seen and matching" is "no history row that
 * does not match".
 */
function historyFilter(s: DrawScope): SQL {
  if (s.pools.includes('ALL')) return sql`true`;
  const seen: SQL[] = [];
  if (s.pools.includes('INCORRECT')) seen.push(sql`lq.last_correct = false`);
  if (s.pools.includes('FLAGGED')) seen.push(sql`lq.flagged`);
  const matches = seen.length ? sql`(${sql.join(seen, sql` OR `)})` : sql`false`;
  return s.pools.includes('UNUSED')
    ? sql`NOT EXISTS (SELECT 1 FROM learner_questions lq WHERE lq.user_id = ${s.userId}
        AND lq.question_id = p.question_id AND NOT ${matches})`
    : sql`EXISTS (SELECT 1 FROM learner_questions lq WHERE lq.user_id = ${s.userId}
        AND lq.question_id = p.question_id AND ${matches})`;
}

/**
 * Draws up to `n` questions, spread fairly across the chosen subcategories: each gives its share in turn
 * (round-robin by a random rank inside each), and one with too few leaves its share to the others. One query
 * does it without sorting the bank:
 * - when the pools reach questions never seen (ALL, UNUSED), each subcategory's index on the random key `rk`
 *   is read from a random point for at most `perNode` rows that pass the history filter;
 * - otherwise (INCORRECT, FLAGGED) the learner's own history is the smaller side and drives the query.
 * A second pass with a full share per node runs only when a short node left the first one short.
 */
export async function drawQuestions(db: DbOrTx, s: DrawScope, n: number): Promise<Drawn[]> {
  const k = s.subcategoryIds.length;
  const first = await drawOnce(db, s, n, Math.min(n, Math.ceil(n / k) + 1));
  if (first.length >= n || Math.ceil(n / k) + 1 >= n) return first;
  return drawOnce(db, s, n, n);
}

async function drawOnce(db: DbOrTx, s: DrawScope, n: number, perNode: number): Promise<Drawn[]> {
  const free = s.freeSampleOnly ? sql`AND p.free_sample` : sql``;
  const candidates = reachesUnseen(s.pools)
    ? sql`
      SELECT c.* FROM (SELECT id, random() AS r FROM unnest(${uuidArray(s.subcategoryIds)}) AS id) sub
      CROSS JOIN LATERAL (
        SELECT * FROM (
          (SELECT p.question_id, p.version_id, p.subcategory_id FROM question_pool p
           WHERE p.product_id = ${s.productId} AND p.subcategory_id = sub.id AND p.rk >= sub.r ${free}
             AND ${historyFilter(s)}
           ORDER BY p.rk LIMIT ${perNode})
          UNION ALL
          (SELECT p.question_id, p.version_id, p.subcategory_id FROM question_pool p
           WHERE p.product_id = ${s.productId} AND p.subcategory_id = sub.id AND p.rk < sub.r ${free}
             AND ${historyFilter(s)}
           ORDER BY p.rk LIMIT ${perNode})
        ) both_sides LIMIT ${perNode}
      ) c`
    : sql`
      SELECT p.question_id, p.version_id, p.subcategory_id FROM learner_questions lq
      JOIN question_pool p ON p.question_id = lq.question_id
      WHERE lq.user_id = ${s.userId} AND lq.product_id = ${s.productId}
        AND p.subcategory_id = ANY(${uuidArray(s.subcategoryIds)}) ${free}
        AND (${sql.join(
          [
            ...(s.pools.includes('INCORRECT') ? [sql`lq.last_correct = false`] : []),
            ...(s.pools.includes('FLAGGED') ? [sql`lq.flagged`] : []),
          ],
          sql` OR `,
        )})`;
  const rows = await selectRows(
    db,
    {
      question_id: column.string,
      version_id: column.string,
      subcategory_id: nullable(column.string),
      flagged: column.boolean,
    },
    sql`
    WITH candidates AS (${candidates}),
    ranked AS (
      SELECT c.*, row_number() OVER (PARTITION BY c.subcategory_id ORDER BY random()) AS turn FROM candidates c
    )
    SELECT r.question_id, r.version_id, r.subcategory_id, coalesce(lq.flagged, false) AS flagged
    FROM (SELECT * FROM ranked ORDER BY turn, random() LIMIT ${n}) r
    LEFT JOIN learner_questions lq ON lq.user_id = ${s.userId} AND lq.question_id = r.question_id`,
  );
  return rows.map((r) => ({
    questionId: r.question_id,
    versionId: r.version_id,
    subcategoryId: r.subcategory_id,
    flagged: r.flagged,
  }));
}

/**
 * How many questions each subcategory holds for the pools, for Start Test. The whole bank's counts come from
 * `question_pool_counts` (kept by a trigger on the pool) or, for the free sample, its small index; the learner's history
 * (at most the questions they have seen) is subtracted or added per subcategory.
 */
export async function countAvailable(
  db: DbOrTx,
  s: Omit<DrawScope, 'subcategoryIds'>,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const add = (id: string, n: number) => out.set(id, (out.get(id) ?? 0) + n);
  if (reachesUnseen(s.pools)) {
    const bank = s.freeSampleOnly
      ? sql`SELECT subcategory_id, count(*) AS n FROM question_pool
          WHERE product_id = ${s.productId} AND free_sample AND subcategory_id IS NOT NULL GROUP BY 1`
      : sql`SELECT subcategory_id, n::int8 AS n FROM question_pool_counts
          WHERE product_id = ${s.productId} AND subcategory_id IS NOT NULL`;
    // count(*) or sum(int4): an int8 either way.
    for (const r of await selectRows(db, { subcategory_id: column.string, n: int8 }, bank))
      add(r.subcategory_id, r.n);
    if (s.pools.includes('ALL')) return dropEmpty(out);
  }
  const free = s.freeSampleOnly ? sql`AND p.free_sample` : sql``;
  const wanted: SQL[] = [];
  if (s.pools.includes('INCORRECT')) wanted.push(sql`lq.last_correct = false`);
  if (s.pools.includes('FLAGGED')) wanted.push(sql`lq.flagged`);
  const rows = await selectRows(
    db,
    { subcategory_id: column.string, seen: int8, matching: int8 },
    sql`
    SELECT p.subcategory_id, count(*) AS seen,
      count(*) FILTER (WHERE ${wanted.length ? sql.join(wanted, sql` OR `) : sql`false`}) AS matching
    FROM learner_questions lq JOIN question_pool p ON p.question_id = lq.question_id
    WHERE lq.user_id = ${s.userId} AND lq.product_id = ${s.productId} AND p.subcategory_id IS NOT NULL ${free}
    GROUP BY 1`,
  );
  for (const r of rows) {
    // UNUSED: the bank less what was seen; INCORRECT/FLAGGED: what was seen and matches.
    if (s.pools.includes('UNUSED')) add(r.subcategory_id, -r.seen);
    add(r.subcategory_id, r.matching);
  }
  return dropEmpty(out);
}

function dropEmpty(m: Map<string, number>) {
  for (const [k, v] of m) if (v <= 0) m.delete(k);
  return m;
}
