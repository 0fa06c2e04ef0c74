import type { QuestionSortField, QuestionStatus, StatusCounts } from '@qbank/contract';
import { emptyStatusCounts, QUESTION_TEXT_COUNT_CAP, searchTerms } from '@qbank/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { column, nullable, type RowOf, rowAs, selectOne, selectRow, selectRows } from '../../db/rows';
import {
  mediaFiles,
  products,
  questionComments,
  questionStatuses,
  questions,
  questionVersionMedia,
  questionVersions,
  type StoredChoice,
  users,
} from '../../db/schema';
import { statusTsQuery, termTsQuery } from '../../db/text-search';
import {
  isItemStatsSort,
  itemStatsColumns,
  itemStatsOf,
  statSearchOrder,
  statsPageIds,
} from './item-statistics';

/** The version of a question learners get (decision 0028): its id, number and free-sample flag. */
export interface PublishedRef {
  versionId: string;
  number: number;
  freeSample: boolean;
}

/**
 * What the rules need of a question: its product, author, current version and the version learners get
 * (`published`: null when none; an older one than the current while a revision is in the workflow).
 */
export interface QuestionHead {
  id: string;
  productId: string;
  authorId: string;
  currentVersionId: string;
  version: number;
  status: QuestionStatus;
  freeSample: boolean;
  subcategoryId: string | null;
  published: PublishedRef | null;
}

const publishedVersions = alias(questionVersions, 'published_versions');

/**
 * The question and its current version's status; with `lock`, the question's row is held until the transaction
 * ends. The lock is taken first and the version read after it: a save that waited for another one then reads
 * the version that one made (locking in the same statement as the join would re-check the join against the old
 * version and find nothing).
 */
export async function findHead(db: DbOrTx, id: string, lock = false): Promise<QuestionHead | null> {
  if (lock) {
    const locked = await db
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.id, id))
      .for('update');
    if (locked.length === 0) return null;
  }
  const [head] = await db
    .select({
      id: questions.id,
      productId: questions.productId,
      authorId: questions.authorId,
      currentVersionId: questions.currentVersionId,
      version: questionVersions.number,
      status: questionVersions.status,
      freeSample: questionVersions.freeSample,
      subcategoryId: questionVersions.subcategoryId,
      publishedVersionId: publishedVersions.id,
      publishedNumber: publishedVersions.number,
      publishedFreeSample: publishedVersions.freeSample,
    })
    .from(questions)
    .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
    .leftJoin(publishedVersions, eq(publishedVersions.id, questions.publishedVersionId))
    .where(eq(questions.id, id));
  if (!head) return null;
  const { publishedVersionId, publishedNumber, publishedFreeSample, ...rest } = head;
  return {
    ...rest,
    published:
      publishedVersionId === null
        ? null
        : { versionId: publishedVersionId, number: publishedNumber!, freeSample: publishedFreeSample! },
  };
}

/**
 * Where the published pointer goes when a version with this status becomes the current one (the rule of the
 * `question_pool_sync` trigger, migration 0020): to it when it is PUBLISHED, nowhere when DELETED, else (a
 * revision in the workflow) it stays.
 */
export function stillPublished(head: Pick<QuestionHead, 'published'>, status: QuestionStatus): boolean {
  if (status === 'PUBLISHED') return true;
  if (status === 'DELETED') return false;
  return head.published !== null;
}

/** The content of a version, as written. */
export interface VersionContent {
  status: QuestionStatus;
  name: string;
  subcategoryId: string | null;
  freeSample: boolean;
  stem: string;
  explanation: string;
  choices: StoredChoice[];
  correctChoiceId: string | null;
  references: string[];
  reinforcements: string[];
}

/** What a version shows a learner or an export: its text, choices and references. */
export type ShownContent = Pick<
  VersionContent,
  'name' | 'stem' | 'explanation' | 'choices' | 'correctChoiceId' | 'references'
>;

/** A raw row's `name, stem, explanation, choices, correct_choice_id, "references"` columns of a version. */
export const shownContentColumns = {
  name: column.string,
  stem: column.string,
  explanation: column.string,
  choices: column.json<StoredChoice[]>(),
  correct_choice_id: nullable(column.string),
  references: column.strings,
};

/** The shown content of a row with `shownContentColumns`. */
export const shownContent = (r: RowOf<typeof shownContentColumns>): ShownContent => ({
  name: r.name,
  stem: r.stem,
  explanation: r.explanation,
  choices: r.choices,
  correctChoiceId: r.correct_choice_id,
  references: r.references,
});

/** The shown content of a raw row not yet checked: its `shownContentColumns` are checked first. */
export const shownContentOf = (r: Record<string, unknown>): ShownContent =>
  shownContent(rowAs(shownContentColumns, r));

/** Adds a version; the caller points the question at it (`pointAt`) in the same transaction. */
export async function insertVersion(
  tx: DbOrTx,
  v: VersionContent & {
    id?: string;
    questionId: string;
    number: number;
    editorId: string;
    note: string;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await tx.insert(questionVersions).values(v).returning({ id: questionVersions.id });
  return row!.id;
}

/** Adds a question unless its id is taken (a retried create); says whether it did. */
export async function insertQuestion(
  tx: DbOrTx,
  q: { id: string; productId: string; authorId: string; currentVersionId: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(questions)
    .values({
      id: q.id,
      productId: q.productId,
      authorId: q.authorId,
      currentVersionId: q.currentVersionId,
      createdAt: q.now,
      updatedAt: q.now,
    })
    .onConflictDoNothing({ target: questions.id })
    .returning({ id: questions.id });
  return rows.length > 0;
}

export async function productExists(db: DbOrTx, productId: string): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return rows.length > 0;
}

export async function pointAt(tx: DbOrTx, questionId: string, versionId: string, now: Date) {
  await tx
    .update(questions)
    .set({ currentVersionId: versionId, updatedAt: now })
    .where(eq(questions.id, questionId));
}

/** The new version keeps the media of the one it follows (or restores), with the same media ids. */
export async function copyMedia(tx: DbOrTx, fromVersionId: string, toVersionId: string) {
  await tx.execute(sql`
    INSERT INTO question_version_media (version_id, media_id, hash, media_type, position)
    SELECT ${toVersionId}, media_id, hash, media_type, position
    FROM question_version_media WHERE version_id = ${fromVersionId}`);
}

/** The media a save names for its version, by field, in order. */
export interface MediaRefs {
  stem: { uuid: string; hash: string }[];
  explanation: { uuid: string; hash: string }[];
}

/** Of these hashes, those that name no stored file. */
export async function unknownMediaFiles(tx: DbOrTx, hashes: string[]): Promise<string[]> {
  if (hashes.length === 0) return [];
  const known = await tx
    .select({ hash: mediaFiles.hash })
    .from(mediaFiles)
    .where(inArray(mediaFiles.hash, hashes));
  const found = new Set(known.map((r) => r.hash));
  return hashes.filter((h) => !found.has(h));
}

/** Gives a new version exactly these media items, each field in its order. */
export async function insertMedia(tx: DbOrTx, versionId: string, media: MediaRefs) {
  const rows = [
    ...media.stem.map((m, position) => ({ ...m, mediaType: 'STEM' as const, position })),
    ...media.explanation.map((m, position) => ({ ...m, mediaType: 'EXPLANATION' as const, position })),
  ].map((m) => ({ versionId, mediaId: m.uuid, hash: m.hash, mediaType: m.mediaType, position: m.position }));
  if (rows.length > 0) await tx.insert(questionVersionMedia).values(rows);
}

/** Where a question is counted: its status and subcategory. */
export interface CountedAt {
  status: QuestionStatus;
  subcategoryId: string | null;
}

/**
 * Moves one question (or `n` questions of one author, as an import adds them) in the counts from where it
 * was counted to where it is now (a new one comes from nowhere), in the saving transaction, with the product's
 * published count.
 */
export async function countMove(
  tx: DbOrTx,
  q: { productId: string; authorId: string },
  from: CountedAt | null,
  to: CountedAt,
  n = 1,
  /**
   * How many questions learners get this adds (1), removes (-1) or leaves (0), for products.question_count;
   * by default the move's statuses say (a new question, or one without a revision).
   */
  publishedDelta?: number,
) {
  const published = (c: CountedAt | null) => (c?.status === 'PUBLISHED' ? 1 : 0);
  await adjustPublishedCount(tx, q.productId, publishedDelta ?? n * (published(to) - published(from)));
  if ((from && from.status === to.status && from.subcategoryId === to.subcategoryId) || n === 0) return;
  await tx.execute(sql`
    INSERT INTO question_counts (product_id, author_id, status, subcategory_id, n)
    VALUES (${q.productId}, ${q.authorId}, ${to.status}, ${to.subcategoryId}, ${n})
    ON CONFLICT (product_id, author_id, status, subcategory_id) DO UPDATE SET n = question_counts.n + ${n}`);
  if (from)
    await tx.execute(sql`
      UPDATE question_counts SET n = greatest(n - ${n}, 0)
      WHERE product_id = ${q.productId} AND author_id = ${q.authorId} AND status = ${from.status}
        AND subcategory_id IS NOT DISTINCT FROM ${from.subcategoryId}`);
}

/** Keeps products.question_count (published questions) in step with a status change, in its transaction. */
export async function adjustPublishedCount(tx: DbOrTx, productId: string, delta: number) {
  if (delta === 0) return;
  await tx
    .update(products)
    .set({ questionCount: sql`greatest(${products.questionCount} + ${delta}, 0)` })
    .where(eq(products.id, productId));
}

/** The product a subcategory belongs to, or null when there is no such subcategory. */
export async function productOfSubcategory(db: DbOrTx, subcategoryId: string): Promise<string | null> {
  const row = await selectRow(
    db,
    { product_id: column.string },
    sql`
      SELECT s.product_id FROM subcategories sc
      JOIN categories c ON c.id = sc.category_id JOIN subjects s ON s.id = c.subject_id
      WHERE sc.id = ${subcategoryId}`,
  );
  return row?.product_id ?? null;
}

const person = (uuid: string, firstName: string, lastName: string) => ({ uuid, firstName, lastName });

/** A row of `readVersion`: the question, its author, the version and its editor. */
const versionRow = {
  id: column.string,
  product_id: column.string,
  created_at: column.timestamp,
  updated_at: column.timestamp,
  author_id: column.string,
  author_first: column.string,
  author_last: column.string,
  editor_id: column.string,
  editor_first: column.string,
  editor_last: column.string,
  version_id: column.string,
  number: column.int,
  status: column.oneOf(questionStatuses),
  subcategory_id: nullable(column.string),
  free_sample: column.boolean,
  reinforcements: column.strings,
  version_at: column.timestamp,
  ...shownContentColumns,
};

/** A version of a question with its author, editor and media; the current one when `number` is left out. */
export async function readVersion(db: DbOrTx, questionId: string, number?: number) {
  const r = await selectRow(
    db,
    versionRow,
    sql`
    SELECT q.id, q.product_id, q.created_at, q.updated_at,
      a.id AS author_id, a.first_name AS author_first, a.last_name AS author_last,
      e.id AS editor_id, e.first_name AS editor_first, e.last_name AS editor_last,
      v.id AS version_id, v.number, v.status, v.name, v.subcategory_id, v.free_sample, v.stem, v.explanation,
      v.choices, v.correct_choice_id, v."references", v.reinforcements, v.created_at AS version_at
    FROM questions q
    JOIN question_versions v ON v.question_id = q.id
      AND ${number === undefined ? sql`v.id = q.current_version_id` : sql`v.number = ${number}`}
    JOIN users a ON a.id = q.author_id
    JOIN users e ON e.id = v.editor_id
    WHERE q.id = ${questionId}`,
  );
  if (!r) return null;
  const media = await db
    .select({
      mediaId: questionVersionMedia.mediaId,
      hash: questionVersionMedia.hash,
      mediaType: questionVersionMedia.mediaType,
      contentType: mediaFiles.contentType,
    })
    .from(questionVersionMedia)
    .innerJoin(mediaFiles, eq(mediaFiles.hash, questionVersionMedia.hash))
    .where(eq(questionVersionMedia.versionId, r.version_id))
    .orderBy(asc(questionVersionMedia.position), asc(questionVersionMedia.mediaId));
  return {
    id: r.id,
    productId: r.product_id,
    versionId: r.version_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    versionAt: r.version_at,
    author: person(r.author_id, r.author_first, r.author_last),
    editor: person(r.editor_id, r.editor_first, r.editor_last),
    number: r.number,
    content: {
      ...shownContent(r),
      status: r.status,
      subcategoryId: r.subcategory_id,
      freeSample: r.free_sample,
      reinforcements: r.reinforcements,
    } satisfies VersionContent,
    media,
  };
}
export type VersionRead = NonNullable<Awaited<ReturnType<typeof readVersion>>>;

/** A stored media item of a version, as the answers show it. */
export interface MediaRead {
  mediaId: string;
  hash: string;
  contentType: string;
}

/**
 * What a learner may read of a version: its stem, the stem's media, its choices and where it is filed. The
 * columns of its solution (correct choice, explanation, references, reinforcements, explanation media) are
 * not even selected, nor the choices' own explanations (taken out of the jsonb in the query).
 */
export interface LearnerContent {
  versionId: string;
  questionId: string;
  productId: string;
  subcategoryId: string | null;
  number: number;
  name: string;
  stem: string;
  choices: Pick<StoredChoice, 'id' | 'text'>[];
  stemMedia: MediaRead[];
}

/** The learner's content of these versions, in the order of the ids (a version not found is left out). */
export async function readLearnerContent(db: DbOrTx, versionIds: string[]): Promise<LearnerContent[]> {
  if (versionIds.length === 0) return [];
  const rows = await db
    .select({
      versionId: questionVersions.id,
      questionId: questionVersions.questionId,
      productId: questions.productId,
      subcategoryId: questionVersions.subcategoryId,
      number: questionVersions.number,
      name: questionVersions.name,
      stem: questionVersions.stem,
      choices: sql<
        Pick<StoredChoice, 'id' | 'text'>[]
      >`(SELECT coalesce(jsonb_agg(c - 'explanation' ORDER BY n), '[]'::jsonb)
        FROM jsonb_array_elements(${questionVersions.choices}) WITH ORDINALITY AS e(c, n))`,
    })
    .from(questionVersions)
    .innerJoin(questions, eq(questions.id, questionVersions.questionId))
    .where(inArray(questionVersions.id, versionIds));
  const media = await db
    .select({
      versionId: questionVersionMedia.versionId,
      mediaId: questionVersionMedia.mediaId,
      hash: questionVersionMedia.hash,
      contentType: mediaFiles.contentType,
    })
    .from(questionVersionMedia)
    .innerJoin(mediaFiles, eq(mediaFiles.hash, questionVersionMedia.hash))
    .where(
      and(inArray(questionVersionMedia.versionId, versionIds), eq(questionVersionMedia.mediaType, 'STEM')),
    )
    .orderBy(asc(questionVersionMedia.position), asc(questionVersionMedia.mediaId));
  const byId = new Map(rows.map((r) => [r.versionId, { ...r, stemMedia: [] as MediaRead[] }]));
  for (const { versionId, ...m } of media) byId.get(versionId)?.stemMedia.push(m);
  return versionIds.flatMap((id) => byId.get(id) ?? []);
}

export interface ListFilter {
  productId: string;
  /** Only this author's questions (a writer's view, or an author filter). */
  authorId?: string;
  status?: QuestionStatus;
  subjectId?: string;
  categoryId?: string;
  subcategoryId?: string;
  text?: string;
  sortField: QuestionSortField;
  sortOrder: 'ASC' | 'DESC';
  /** Only questions with an item-statistics flag. */
  needsChecking?: boolean;
  page: number;
  size: number;
}

/** A term's text-search query, normalized: its pieces as prefixes, all required; '' when it has no searchable word. */
const textQuery = (db: DbOrTx, text: string | undefined) => {
  const { words, literals } = searchTerms(text ?? '');
  return termTsQuery(db, [...words, ...literals]);
};

/** The subcategories under the filter's tree node, as a condition on a subcategory column; null for no node. */
function nodeCondition(f: ListFilter): ((column: SQL) => SQL) | null {
  if (f.subcategoryId) return (c) => sql`${c} = ${f.subcategoryId}`;
  if (f.categoryId)
    return (c) => sql`${c} IN (SELECT id FROM subcategories WHERE category_id = ${f.categoryId})`;
  if (f.subjectId)
    return (
      c,
    ) => sql`${c} IN (SELECT sc.id FROM subcategories sc JOIN categories cat ON cat.id = sc.category_id
      WHERE cat.subject_id = ${f.subjectId})`;
  return null;
}

const SUMMARY_COLUMNS = sql`q.id, v.name, v.status, v.stem, v.subcategory_id, v.free_sample, v.number, q.updated_at,
  a.id AS author_id, a.first_name, a.last_name,
  (SELECT pv.number FROM questions pq JOIN question_versions pv ON pv.id = pq.published_version_id
    WHERE pq.id = q.id) AS published_number,
  st.n AS st_n, st.facility AS st_facility, st.discrimination AS st_discrimination, st.flags AS st_flags`;
/** The item statistics of SUMMARY_COLUMNS' question `q`. */
const SUMMARY_STATS = sql`LEFT JOIN question_item_stats st ON st.question_id = q.id`;

/** The statuses a list without a status filter holds. */
const listedStatuses = questionStatuses.filter((s) => s !== 'DELETED');

/** A row of SUMMARY_COLUMNS. */
const summaryRow = {
  id: column.string,
  name: column.string,
  status: column.oneOf(questionStatuses),
  stem: column.string,
  subcategory_id: nullable(column.string),
  free_sample: column.boolean,
  number: column.int,
  updated_at: column.timestamp,
  author_id: column.string,
  first_name: column.string,
  last_name: column.string,
  published_number: nullable(column.int),
  ...itemStatsColumns,
};
/** How many questions a text search's walk reads first to tell a rare word from a common one. */
const WALK_PROBE = 100;

/** Question ids in a list's order. */
const idList = { ids: column.strings };
/** A walk of a status in a list's order: how many questions it read, and the matches among them. */
const walkRow = { ...idList, walked: column.int };
/** A count. */
const countRow = { n: column.int };

/** A question of a list page, from a SUMMARY_COLUMNS row. */
const summaryOf = (r: RowOf<typeof summaryRow>) => ({
  id: r.id,
  name: r.name,
  status: r.status,
  stem: r.stem,
  subcategoryId: r.subcategory_id,
  freeSample: r.free_sample,
  version: r.number,
  publishedVersion: r.published_number,
  updatedAt: r.updated_at,
  author: { uuid: r.author_id, firstName: r.first_name, lastName: r.last_name },
  itemStats: itemStatsOf(r),
});

/** The summaries of these questions, in the order given. */
async function summariesOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  const byId = new Map(
    (
      await selectRows(
        db,
        summaryRow,
        sql`
          SELECT ${SUMMARY_COLUMNS}
          FROM questions q JOIN question_versions v ON v.id = q.current_version_id
          JOIN users a ON a.id = q.author_id ${SUMMARY_STATS}
          WHERE q.id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      )
    ).map((r) => [r.id, summaryOf(r)] as const),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many questions the list's filters (status, node, author) hold, and the bank's all: kept counts. */
function countListed(
  db: DbOrTx,
  productId: string,
  authorId: string | undefined,
  status: (c: SQL) => SQL,
  node: ((c: SQL) => SQL) | null,
) {
  return selectOne(
    db,
    { matching: column.int, everything: column.int },
    sql`
      SELECT coalesce(sum(n) FILTER (WHERE ${status(sql`status`)} ${node ? sql`AND ${node(sql`subcategory_id`)}` : sql``}), 0)::int AS matching,
        coalesce(sum(n), 0)::int AS everything
      FROM question_counts q WHERE product_id = ${productId} ${authorId ? sql`AND author_id = ${authorId}` : sql``}`,
  );
}

/**
 * A page of My Questions and how many questions match, planned from what the filters select:
 * - a text term: `question_search` (the current versions beside the sort keys, decision 0025), counted no
 *   further than the cap or the page's end, whichever is later, and one more (that many are answered as a
 *   lower bound, `totalIsLowerBound`). In the default order a walk of the status's index keeps the matches and
 *   stops there (a common word); a word the walk meets rarely is counted and sorted from the text index;
 *   other orders are planned by PostgreSQL;
 * - a figure's sort or "needs checking": `statsPageIds` (item-statistics.ts), its index walked;
 * - otherwise the count comes from question_counts (key reads), and decides the plan: none, no query; a small
 *   share of the bank, the versions in its status and tree node first; a large share, a walk of the product's
 *   questions in the sort's order that stops at the page's end.
 */
export async function listQuestions(db: DbOrTx, f: ListFilter) {
  const q = await textQuery(db, f.text);
  const dir = f.sortOrder === 'ASC' ? sql`ASC` : sql`DESC`;
  const statSort = isItemStatsSort(f.sortField) ? f.sortField : null;
  const searchOrder = statSort
    ? statSearchOrder(statSort, dir)
    : f.sortField === 'name'
      ? sql`lower(s.name) ${dir}, s.question_id ${dir}`
      : f.sortField === 'createdAt'
        ? sql`s.created_at ${dir}, s.question_id ${dir}`
        : sql`s.updated_at ${dir}, s.question_id ${dir}`;
  // (A figure's sort is planned by statsPageIds, over question_search.)
  const order =
    f.sortField === 'name'
      ? sql`lower(v.name) ${dir}, q.id ${dir}`
      : f.sortField === 'createdAt'
        ? sql`q.created_at ${dir}, q.id ${dir}`
        : sql`q.updated_at ${dir}, q.id ${dir}`;
  const node = nodeCondition(f);
  const status = (c: SQL) => (f.status ? sql`${c} = ${f.status}` : sql`${c} <> 'DELETED'`);
  const author = f.authorId ? sql`AND q.author_id = ${f.authorId}` : sql``;
  const offset = f.page * f.size;
  const window = sql`ORDER BY ${order} LIMIT ${f.size} OFFSET ${offset}`;
  /** The filters (but the text) on `question_search s`. */
  const searchFilters = sql`s.product_id = ${f.productId} ${f.authorId ? sql`AND s.author_id = ${f.authorId}` : sql``}
      AND ${status(sql`s.status`)} ${node ? sql`AND ${node(sql`s.subcategory_id`)}` : sql``}`;

  if (q) {
    // Counted up to the cap or the page's end, whichever is later, and one more: fewer are all of them.
    const limit = Math.max(QUESTION_TEXT_COUNT_CAP, offset + f.size) + 1;
    const chosen = sql`${searchFilters} ${f.needsChecking ? sql`AND s.needs_check` : sql``}`;
    const searchFrom = statSort
      ? sql`question_search s LEFT JOIN question_item_stats st ON st.question_id = s.question_id`
      : sql`question_search s`;
    const matches = sql`s.search @@ ${statusTsQuery(q, f.status ? [f.status] : listedStatuses)}::tsquery`;
    /** The matches in the list's order, as far as `n`, as PostgreSQL plans it (the text index when rare). */
    const ordered = async (n: number) =>
      (
        await selectOne(
          db,
          idList,
          sql`
            SELECT array(SELECT s.question_id FROM ${searchFrom} WHERE ${chosen} AND ${matches}
              ORDER BY ${searchOrder} LIMIT ${n})::text[] AS ids`,
        )
      ).ids;
    let ids: string[];
    let total: number;
    if (f.sortField !== 'updatedAt') {
      ids = await ordered(limit);
      total = ids.length;
    } else {
      // The walk: the status's questions in the list's order, keeping the matches. A probe of 100 first: a
      // word none of them holds is rare (or absent), and the text index answers it at once. Otherwise at most
      // five times the limit: a common word fills the limit in a few thousand rows, and a walk that reaches
      // the end of its status has counted everything.
      const walkOf = async (n: number) =>
        selectOne(
          db,
          walkRow,
          sql`
            WITH w AS MATERIALIZED (
              SELECT s.question_id, s.updated_at, ${matches} AS hit FROM question_search s WHERE ${chosen}
              ORDER BY ${searchOrder} LIMIT ${n})
            SELECT (SELECT count(*) FROM w)::int AS walked,
              array(SELECT s.question_id FROM w s WHERE s.hit ORDER BY ${searchOrder} LIMIT ${limit})::text[] AS ids`,
        );
      const probe = await walkOf(WALK_PROBE);
      const common = probe.walked === WALK_PROBE && probe.ids.length > 0;
      const budget = common ? limit * 5 : WALK_PROBE;
      const walk = common ? await walkOf(budget) : probe;
      if (walk.ids.length === limit || walk.walked < budget) {
        ids = walk.ids;
        total = ids.length;
      } else {
        // Rarer than one in five (or none in the probe): the text index holds few enough to count (at most the limit) and, when the
        // walk did not reach the page's end, to sort.
        const counted = await selectOne(
          db,
          countRow,
          sql`
            SELECT count(*)::int AS n FROM (
              SELECT 1 FROM question_search s WHERE ${chosen} AND ${matches} LIMIT ${limit}) x`,
        );
        total = counted.n;
        ids = walk.ids.length >= offset + f.size ? walk.ids : await ordered(offset + f.size);
      }
    }
    return {
      total,
      totalIsLowerBound: total === limit,
      rows: await summariesOf(db, ids.slice(offset, offset + f.size)),
    };
  }

  if (statSort || f.needsChecking) {
    const page = await statsPageIds(db, {
      productId: f.productId,
      sortField: statSort,
      dir,
      searchFilters,
      searchOrder,
      needsChecking: !!f.needsChecking,
      offset,
      size: f.size,
    });
    const total = page.total ?? (await countListed(db, f.productId, f.authorId, status, node)).matching;
    return { total, totalIsLowerBound: page.lowerBound, rows: await summariesOf(db, page.ids) };
  }

  const counts = await countListed(db, f.productId, f.authorId, status, node);
  const total = counts.matching;
  const everything = counts.everything;
  const where = sql`${status(sql`v.status`)} ${node ? sql`AND ${node(sql`v.subcategory_id`)}` : sql``}`;
  let rows: RowOf<typeof summaryRow>[] = [];
  if (total === 0 || offset >= total) rows = [];
  else if (total * 20 < everything)
    // The chosen versions first; then only their current ones in the product, sorted and cut to the page,
    // reading no more than the sort needs; then the page's rows in full.
    rows = await selectRows(
      db,
      summaryRow,
      sql`
        WITH m AS MATERIALIZED (SELECT v.id FROM question_versions v WHERE ${where}),
        page AS (
          SELECT q.id, q.updated_at, q.created_at, q.author_id, q.current_version_id
            ${f.sortField === 'name' ? sql`, lower(v.name) AS sort_name` : sql``}
          FROM m JOIN questions q ON q.current_version_id = m.id
          ${f.sortField === 'name' ? sql`JOIN question_versions v ON v.id = m.id` : sql``}
          WHERE q.product_id = ${f.productId} ${author}
          ${window})
        SELECT ${SUMMARY_COLUMNS}
        FROM page q JOIN question_versions v ON v.id = q.current_version_id JOIN users a ON a.id = q.author_id
        ${SUMMARY_STATS}
        ORDER BY ${order}`,
    );
  // A walk of the product's questions in the sort's order, keeping those the condition selects.
  else
    rows = await selectRows(
      db,
      summaryRow,
      sql`
        SELECT ${SUMMARY_COLUMNS}
        FROM (SELECT q.id, q.updated_at, q.created_at, q.author_id, q.current_version_id
          FROM questions q JOIN question_versions v ON v.id = q.current_version_id
          WHERE q.product_id = ${f.productId} ${author} AND ${where}
          ${window}) q
        JOIN question_versions v ON v.id = q.current_version_id
        JOIN users a ON a.id = q.author_id ${SUMMARY_STATS}
        ORDER BY ${order}`,
    );
  return { total, totalIsLowerBound: false, rows: rows.map(summaryOf) };
}

export interface BrowseFilter {
  productId: string;
  /** A free (BASIC) plan: the free sample only. */
  freeSampleOnly: boolean;
  subjectId?: string;
  categoryId?: string;
  subcategoryId?: string;
  page: number;
  size: number;
}

/** A stretch of the browsing order: a subcategory (null: the unfiled questions) and how many it shows. */
const browseBucket = { subcategory_id: nullable(column.string), n: column.int };
/** A question of a browsed page: the version the pool has as its published one. */
const browsedVersion = { version_id: column.string };

/**
 * A page of the published questions a learner browses, as version ids in order, and how many there are. The
 * order is the subject tree's (subjects, categories, subcategories, each by position, name, id; the unfiled
 * last), then the questions' creation. Planned from the counts, as My Questions is:
 * - the tree's subcategories in order, each with its published count (question_pool_counts, kept by a trigger)
 *   or, on a free plan, its free sample's (the pool's small partial index): a few key reads;
 * - then only the subcategories the page spans, each read from the pool's index on (product, subcategory),
 *   sorted and cut to its share of the page. Reading never goes past those subcategories, however large the
 *   bank.
 */
export async function browseQuestions(db: DbOrTx, f: BrowseFilter) {
  const counts = f.freeSampleOnly
    ? sql`SELECT subcategory_id, count(*)::int AS n FROM question_pool
        WHERE product_id = ${f.productId} AND free_sample GROUP BY subcategory_id`
    : sql`SELECT subcategory_id, n FROM question_pool_counts WHERE product_id = ${f.productId}`;
  const node = [
    f.subjectId ? sql`AND s.id = ${f.subjectId}` : sql``,
    f.categoryId ? sql`AND cat.id = ${f.categoryId}` : sql``,
    f.subcategoryId ? sql`AND sc.id = ${f.subcategoryId}` : sql``,
  ];
  const anyNode = !!(f.subjectId || f.categoryId || f.subcategoryId);
  const buckets = await selectRows(
    db,
    browseBucket,
    sql`
        WITH c AS (${counts}),
        tree AS (
          SELECT sc.id, row_number() OVER (ORDER BY s.position, s.name, s.id, cat.position, cat.name, cat.id,
            sc.position, sc.name, sc.id) AS ord
          FROM subjects s JOIN categories cat ON cat.subject_id = s.id JOIN subcategories sc ON sc.category_id = cat.id
          WHERE s.product_id = ${f.productId} ${sql.join(node, sql` `)})
        SELECT tree.id AS subcategory_id, c.n, tree.ord FROM tree JOIN c ON c.subcategory_id = tree.id
        WHERE c.n > 0
        ${anyNode ? sql`` : sql`UNION ALL SELECT NULL, c.n, NULL FROM c WHERE c.subcategory_id IS NULL AND c.n > 0`}
        ORDER BY ord NULLS LAST`,
  );
  const total = buckets.reduce((sum, b) => sum + b.n, 0);
  // The stretch of each subcategory the page covers.
  const from = f.page * f.size;
  const to = from + f.size;
  const spans: Array<{ subcategoryId: string | null; skip: number; take: number }> = [];
  let start = 0;
  for (const b of buckets) {
    const end = start + b.n;
    if (end > from && start < to)
      spans.push({
        subcategoryId: b.subcategory_id,
        skip: Math.max(from - start, 0),
        take: Math.min(end, to) - Math.max(start, from),
      });
    start = end;
    if (start >= to) break;
  }
  if (spans.length === 0) return { total, versionIds: [] };
  const free = f.freeSampleOnly ? sql`AND p.free_sample` : sql``;
  const parts = spans.map(
    // Each question's creation time is looked up by its key (a subquery per row), never by a join the planner
    // could turn into a scan of every product's questions.
    (span, i) => sql`(
      SELECT ${i}::int AS part, p.version_id, p.question_id,
        (SELECT q.created_at FROM questions q WHERE q.id = p.question_id) AS created_at
      FROM question_pool p
      WHERE p.product_id = ${f.productId} ${free} AND ${
        span.subcategoryId === null
          ? sql`p.subcategory_id IS NULL`
          : sql`p.subcategory_id = ${span.subcategoryId}`
      }
      ORDER BY created_at, p.question_id LIMIT ${span.take} OFFSET ${span.skip})`,
  );
  const rows = await selectRows(
    db,
    browsedVersion,
    sql`
      SELECT x.version_id FROM (${sql.join(parts, sql` UNION ALL `)}) x
      ORDER BY x.part, x.created_at, x.question_id`,
  );
  return { total, versionIds: rows.map((r) => r.version_id) };
}

/** How many of a product's questions (or one author's) are in each status: a few key reads (question_counts). */
export async function countByStatus(db: DbOrTx, productId: string, authorId?: string): Promise<StatusCounts> {
  const rows = await selectRows(
    db,
    { status: column.oneOf(questionStatuses), n: column.int },
    sql`
      SELECT status, sum(n)::int AS n FROM question_counts
      WHERE product_id = ${productId} ${authorId ? sql`AND author_id = ${authorId}` : sql``}
      GROUP BY status`,
  );
  const counts = emptyStatusCounts();
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** A question's versions, newest first, with who made each. */
export async function listVersions(db: DbOrTx, questionId: string) {
  return db
    .select({
      number: questionVersions.number,
      status: questionVersions.status,
      name: questionVersions.name,
      note: questionVersions.note,
      createdAt: questionVersions.createdAt,
      editorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(questionVersions)
    .innerJoin(users, eq(users.id, questionVersions.editorId))
    .where(eq(questionVersions.questionId, questionId))
    .orderBy(desc(questionVersions.number));
}

export async function findVersionId(db: DbOrTx, questionId: string, number: number) {
  const [row] = await db
    .select({ id: questionVersions.id })
    .from(questionVersions)
    .where(and(eq(questionVersions.questionId, questionId), eq(questionVersions.number, number)));
  return row?.id ?? null;
}

export async function listComments(db: DbOrTx, questionId: string) {
  return db
    .select({
      id: questionComments.id,
      body: questionComments.body,
      versionNumber: questionComments.versionNumber,
      createdAt: questionComments.createdAt,
      authorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(questionComments)
    .innerJoin(users, eq(users.id, questionComments.authorId))
    .where(eq(questionComments.questionId, questionId))
    .orderBy(asc(questionComments.createdAt), asc(questionComments.id));
}

export async function insertComment(
  db: DbOrTx,
  c: { questionId: string; authorId: string; versionNumber: number; body: string; createdAt: Date },
) {
  const [row] = await db.insert(questionComments).values(c).returning();
  const [author] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, c.authorId));
  return { ...row!, author: person(author!.id, author!.firstName, author!.lastName) };
}
