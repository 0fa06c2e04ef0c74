import {
  type FirstAttempt,
  ITEM_FLAGS,
  type ItemFlag,
  itemStatistics,
  QUESTION_TEXT_COUNT_CAP,
} from '@qbank/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type Column, column, nullable, type RowOf, selectRows } from '../../db/rows';

// Item statistics (decision 0030, docs/item-statistics.md): recorded first answers mark their question in
// `question_stats_dirty` (exams' recordAnswers, in the answer's own transaction); this periodic task recomputes
// the marked questions from their first attempts and writes `question_item_stats`, which My Questions and the
// question's page read. No request ever reads the answers themselves.

/** How often the task looks for marked questions (once across instances). */
export const ITEM_STATS_EVERY_MS = 60_000;
/** Questions recomputed per round: their first attempts are read in one query. */
const BATCH = 50;
/** At most this many rounds per run, so a run ends even if marks keep coming; the next run goes on. */
const MAX_ROUNDS = 200;
/** Figures older than this are recomputed (a learner's rest score moves as they answer other questions). */
export const ITEM_STATS_STALE_MS = 24 * 60 * 60 * 1000;
/** How many stale figures one run marks. */
const STALE_BATCH = 500;

const float: Column<number> = { what: 'a number', check: (v) => typeof v === 'number' };

const markRow = { question_id: column.string, seq: column.int, attempts: column.int };
/** First attempts read per round at most (a question with more is read alone): bounds the task's memory. */
const MAX_ATTEMPTS = 50_000;

/** The first marks whose questions' attempts (by their shares) add up to MAX_ATTEMPTS, and at least one. */
export function takeWithin<T extends { attempts: number }>(marks: T[], max = MAX_ATTEMPTS): T[] {
  let sum = 0;
  let n = 0;
  for (const m of marks) {
    if (n > 0 && sum + m.attempts > max) break;
    sum += m.attempts;
    n++;
  }
  return marks.slice(0, n);
}
const keyRow = { id: column.string, product_id: column.string, key: nullable(column.string) };
const attemptRow = {
  question_id: column.string,
  choice_id: column.string,
  own_correct: column.boolean,
  first_answered: column.int,
  first_correct: column.int,
};

/** A learner's share correct on their other first answers; null when this was their only one. */
export const restScore = (r: RowOf<typeof attemptRow>): number | null =>
  r.first_answered <= 1 ? null : (r.first_correct - Number(r.own_correct)) / (r.first_answered - 1);

/**
 * Recomputes the item statistics of every question marked since the last run (and marks the stalest figures
 * first). Each question's figures and the clearing of its mark are written without a transaction: a mark
 * bumped meanwhile (a new first answer) keeps it for the next run, and a mark locked by an answer being recorded
 * is skipped, never waited for, so the task and the answers cannot deadlock. Answers how many it recomputed.
 */
export async function refreshItemStatistics(db: DbOrTx, now: Date): Promise<number> {
  await db.execute(sql`
    INSERT INTO question_stats_dirty (question_id)
    SELECT question_id FROM question_item_stats
    WHERE computed_at < ${new Date(now.getTime() - ITEM_STATS_STALE_MS)}
    ORDER BY computed_at LIMIT ${STALE_BATCH}
    ON CONFLICT DO NOTHING`);
  let done = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const marks = takeWithin(
      await selectRows(
        db,
        markRow,
        sql`
          SELECT d.question_id, d.seq, coalesce((
            SELECT sum(e.value::int) FROM question_shares qs, jsonb_each_text(qs.counts) e
            WHERE qs.question_id = d.question_id), 0)::int AS attempts
          FROM question_stats_dirty d ORDER BY d.question_id LIMIT ${BATCH}`,
      ),
    );
    if (marks.length === 0) break;
    await recompute(
      db,
      marks.map((m) => m.question_id),
      now,
    );
    const cleared = await selectRows(
      db,
      { question_id: column.string },
      sql`
        DELETE FROM question_stats_dirty WHERE question_id IN (
          SELECT d.question_id FROM question_stats_dirty d
          JOIN (VALUES ${sql.join(
            marks.map((m) => sql`(${m.question_id}::uuid, ${m.seq}::int)`),
            sql`, `,
          )}) AS m(question_id, seq) ON m.question_id = d.question_id AND m.seq = d.seq
          FOR UPDATE OF d SKIP LOCKED)
        RETURNING question_id`,
    );
    done += marks.length;
    // Nothing cleared: every mark moved on while we computed; leave them to the next run.
    if (cleared.length === 0) break;
  }
  return done;
}

/** Recomputes the figures of these questions from their first attempts (a question with none loses its row). */
export async function recompute(db: DbOrTx, questionIds: string[], now: Date) {
  const ids = sql`${sql.param(questionIds)}::uuid[]`;
  const keys = await selectRows(
    db,
    keyRow,
    sql`
      SELECT q.id, q.product_id, v.correct_choice_id AS key
      FROM questions q JOIN question_versions v ON v.id = coalesce(q.published_version_id, q.current_version_id)
      WHERE q.id = ANY(${ids})`,
  );
  // In a stable order (by learner), so ties in rest score fall the same way every time.
  const rows = await selectRows(
    db,
    attemptRow,
    sql`
      SELECT lq.question_id, lq.first_choice_id AS choice_id, coalesce(lq.first_correct, false) AS own_correct,
        ls.first_answered, ls.first_correct
      FROM learner_questions lq
      JOIN learner_stats ls ON ls.user_id = lq.user_id AND ls.product_id = lq.product_id
      WHERE lq.question_id = ANY(${ids}) AND lq.first_choice_id IS NOT NULL
      ORDER BY lq.question_id, lq.user_id`,
  );
  const byQuestion = new Map<string, FirstAttempt[]>();
  for (const r of rows) {
    const list = byQuestion.get(r.question_id) ?? [];
    list.push({ choiceId: r.choice_id, rest: restScore(r) });
    byQuestion.set(r.question_id, list);
  }
  const figures = keys.flatMap((k) => {
    const attempts = byQuestion.get(k.id);
    if (!attempts) return [];
    return [{ ...k, s: itemStatistics(attempts, k.key) }];
  });
  const answered = new Set(figures.map((f) => f.id));
  const none = questionIds.filter((id) => !answered.has(id));
  if (none.length > 0) {
    await db.execute(
      sql`DELETE FROM question_item_stats WHERE question_id = ANY(${sql.param(none)}::uuid[])`,
    );
    await db.execute(sql`
      UPDATE question_search SET needs_check = false
      WHERE question_id = ANY(${sql.param(none)}::uuid[]) AND needs_check`);
  }
  if (figures.length === 0) return;
  // My Questions' filter reads the flag beside the list's other keys; written only where it changes.
  await db.execute(sql`
    UPDATE question_search s SET needs_check = f.needs
    FROM (VALUES ${sql.join(
      figures.map((f) => sql`(${f.id}::uuid, ${f.s.flags.length > 0}::boolean)`),
      sql`, `,
    )}) AS f(id, needs)
    WHERE s.question_id = f.id AND s.needs_check <> f.needs`);
  await db.execute(sql`
    INSERT INTO question_item_stats (question_id, product_id, n, facility, discrimination, group_size, top_shares,
      bottom_shares, key_choice_id, flags, needs_check, computed_at)
    VALUES ${sql.join(
      figures.map(
        (
          f,
        ) => sql`(${f.id}, ${f.product_id}, ${f.s.n}, ${f.s.facility}, ${f.s.discrimination}, ${f.s.groupSize},
          ${JSON.stringify(f.s.topShares)}::jsonb, ${JSON.stringify(f.s.bottomShares)}::jsonb, ${f.key},
          ${sql.param(f.s.flags)}::text[], ${f.s.flags.length > 0}, ${now})`,
      ),
      sql`, `,
    )}
    ON CONFLICT (question_id) DO UPDATE SET
      product_id = excluded.product_id, n = excluded.n, facility = excluded.facility,
      discrimination = excluded.discrimination, group_size = excluded.group_size, top_shares = excluded.top_shares,
      bottom_shares = excluded.bottom_shares, key_choice_id = excluded.key_choice_id, flags = excluded.flags,
      needs_check = excluded.needs_check, computed_at = excluded.computed_at`);
}

/** A question's stored figures, as the list and the question's page read them. */
export const itemStatsColumns = {
  st_n: nullable(column.int),
  st_facility: nullable(float),
  st_discrimination: nullable(float),
  st_flags: nullable(column.strings),
};

const isFlag = (f: string): f is ItemFlag => (ITEM_FLAGS as readonly string[]).includes(f);

/** The list's figures of a row (null: nobody has answered the question first yet). */
export const itemStatsOf = (r: RowOf<typeof itemStatsColumns>) =>
  r.st_n === null
    ? null
    : {
        n: r.st_n,
        facility: r.st_facility,
        discrimination: r.st_discrimination,
        flags: (r.st_flags ?? []).filter(isFlag),
      };

const detailRow = {
  ...itemStatsColumns,
  group_size: column.int,
  top_shares: column.json<Record<string, number>>(),
  bottom_shares: column.json<Record<string, number>>(),
  key_choice_id: nullable(column.string),
  computed_at: column.timestamp,
};

/** A question's whole figures (its page), or null when it has none. */
export async function readItemStatistics(db: DbOrTx, questionId: string) {
  const [r] = await selectRows(
    db,
    detailRow,
    sql`
      SELECT n AS st_n, facility AS st_facility, discrimination AS st_discrimination, flags AS st_flags,
        group_size, top_shares, bottom_shares, key_choice_id, computed_at
      FROM question_item_stats WHERE question_id = ${questionId}`,
  );
  if (!r) return null;
  return {
    ...itemStatsOf(r)!,
    groupSize: r.group_size,
    topShares: r.top_shares,
    bottomShares: r.bottom_shares,
    keyChoiceId: r.key_choice_id,
    computedAt: r.computed_at,
  };
}

/** The column of an item-statistics sort field. */
const statColumn = {
  facility: sql`st.facility`,
  discrimination: sql`st.discrimination`,
  timesAnswered: sql`st.n`,
} as const;
export type ItemStatsSortField = keyof typeof statColumn;
export const isItemStatsSort = (f: string): f is ItemStatsSortField => f in statColumn;

/** The order of the list's text search (`question_search s`, joined to `question_item_stats st`) by a figure. */
export const statSearchOrder = (field: ItemStatsSortField, dir: SQL) =>
  sql`${statColumn[field]} ${dir} NULLS LAST, s.question_id ${dir}`;

export interface StatsPage {
  productId: string;
  sortField: ItemStatsSortField | null;
  dir: SQL;
  /** The list's filters (status, node, author) on `question_search s`, and its order there (a figure's over `st`). */
  searchFilters: SQL;
  searchOrder: SQL;
  needsChecking: boolean;
  offset: number;
  size: number;
}

const ids = { id: column.string };

/**
 * The ids of a My Questions page sorted by a figure or holding flagged questions only, and the list's total when
 * the filter changes it (else null: the caller's count stands).
 * - "needs checking": the flagged questions only (`question_search.needs_check`, partial indexes in the
 *   default order), counted no further than the cap or the page's end and one more (`lowerBound`, as a text
 *   search's count);
 * - a figure: its index walked in the list's order through the questions the filters keep (`question_search`),
 *   stopped at the page's end; the questions without the figure follow, last saved first (those with it counted
 *   only when a page starts beyond them).
 */
export async function statsPageIds(
  db: DbOrTx,
  p: StatsPage,
): Promise<{ ids: string[]; total: number | null; lowerBound: boolean }> {
  const joined = sql`question_item_stats st JOIN question_search s ON s.question_id = st.question_id`;
  const window = (order: SQL, limit: number, offset: number) =>
    sql`ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  const statOrder = p.sortField && sql`${statColumn[p.sortField]} ${p.dir}, st.question_id ${p.dir}`;
  const filters = p.needsChecking ? sql`${p.searchFilters} AND s.needs_check` : p.searchFilters;
  let total: number | null = null;
  let lowerBound = false;
  if (p.needsChecking) {
    // The flagged questions from question_search's partial indexes (its needs_check follows the figures), counted
    // as far as the cap or the page's end and one more, as a text search is.
    const limit = Math.max(QUESTION_TEXT_COUNT_CAP, p.offset + p.size) + 1;
    const [count] = await selectRows(
      db,
      { n: column.int },
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM question_search s WHERE ${filters} LIMIT ${limit}) x`,
    );
    total = count?.n ?? 0;
    lowerBound = total === limit;
    if (total <= p.offset) return { ids: [], total, lowerBound };
  }
  if (!p.sortField || !statOrder) {
    const rows = await selectRows(
      db,
      ids,
      sql`SELECT s.question_id AS id FROM question_search s WHERE ${filters} ${window(p.searchOrder, p.size, p.offset)}`,
    );
    return { ids: rows.map((r) => r.id), total, lowerBound };
  }
  const has = sql`st.product_id = ${p.productId} AND ${statColumn[p.sortField]} IS NOT NULL AND ${filters}`;
  const withFigure = (
    await selectRows(
      db,
      ids,
      sql`SELECT s.question_id AS id FROM ${joined} WHERE ${has} ${window(statOrder, p.size, p.offset)}`,
    )
  ).map((r) => r.id);
  if (withFigure.length === p.size) return { ids: withFigure, total, lowerBound };
  // The page reaches the questions without the figure: how many have it, unless the page started among them.
  let counted = p.offset + withFigure.length;
  if (withFigure.length === 0 && p.offset > 0) {
    const [c] = await selectRows(
      db,
      { n: column.int },
      sql`SELECT count(*)::int AS n FROM ${joined} WHERE ${has}`,
    );
    counted = c?.n ?? 0;
  }
  const rest = await selectRows(
    db,
    ids,
    sql`
      SELECT s.question_id AS id FROM question_search s
      WHERE ${filters} AND NOT EXISTS (
        SELECT 1 FROM question_item_stats st
        WHERE st.question_id = s.question_id AND ${statColumn[p.sortField]} IS NOT NULL)
      ${window(sql`s.updated_at DESC, s.question_id DESC`, p.size - withFigure.length, Math.max(0, p.offset - counted))}`,
  );
  return { ids: [...withFigure, ...rest.map((r) => r.id)], total, lowerBound };
}
