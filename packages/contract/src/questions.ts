import { z } from 'zod';
import { ITEM_FLAGS } from './item-statistics';
import { MEDIA_ITEMS_MAX } from './media';
import { SORT_ORDERS } from './store';
import { textField, wholeNumber } from './text';

/** SPEC §3 question statuses, in the order the status tabs show them. */
export const QUESTION_STATUSES = ['DRAFT', 'SUBMITTED', 'NEEDS_REVISION', 'PUBLISHED', 'DELETED'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** The views of My Questions: a writer sees their own questions, an auditor and an admin the product's. */
export const QUESTION_ROLES = ['WRITER', 'AUDITOR', 'ADMIN'] as const;
export type QuestionRole = (typeof QUESTION_ROLES)[number];

export const CHOICES_MIN = 2;
export const CHOICES_MAX = 10;
/** Rich text of a stem or an explanation, as HTML. */
export const RICH_TEXT_MAX = 100_000;
export const CHOICE_TEXT_MAX = 10_000;
export const QUESTION_NAME_MAX = 200;
export const REFERENCE_MAX = 2_000;
export const REFERENCES_MAX = 50;
export const COMMENT_MAX = 5_000;
export const QUESTION_PAGE_SIZE = 25;
/** The largest page of a question list (My Questions, browsing a bank). */
export const QUESTION_PAGE_MAX = 100;
/** A page of the bank a learner browses (GET questions/products/{id}), unless they ask for another size. */
export const BROWSE_PAGE_SIZE = 20;

/** The restoreDeletedQuestion refusal (SPEC §8), as the server says it. */
export const RESTORE_DELETED_MESSAGE =
  'The latest version of this question was deleted, so older versions cannot be restored.';

/** Who the caller is to a question, for the workflow rules. */
export interface QuestionActorRoles {
  /** An admin of the product or a superuser: any status to any status. */
  admin: boolean;
  writer: boolean;
  auditor: boolean;
  /** Whether the caller wrote the question (a writer works on their own questions only). */
  isAuthor: boolean;
}

/**
 * DESIGN §5's workflow: the statuses a caller may save a question with, from its current status. The current
 * status is included when they may edit the question without moving it (a writer's draft, a submitted
 * question under review); an empty list means they may not change it at all.
 * - writer (own questions): DRAFT → DRAFT, SUBMITTED, DELETED; NEEDS_REVISION → NEEDS_REVISION, SUBMITTED, DELETED;
 *   PUBLISHED → DRAFT, SUBMITTED (a revision, decision 0028);
 * - auditor: SUBMITTED → SUBMITTED, PUBLISHED, NEEDS_REVISION; PUBLISHED → DRAFT, SUBMITTED (a revision);
 * - admin or superuser: anything;
 * roles add up. While a revision of a published question is in the workflow (`published`: the question has a
 * published version older than its current one), only admins may delete the question: the others discard the
 * revision instead.
 */
export function allowedStatuses(
  roles: QuestionActorRoles,
  from: QuestionStatus,
  opts: { published?: boolean } = {},
): QuestionStatus[] {
  if (roles.admin) return [...QUESTION_STATUSES];
  const out = new Set<QuestionStatus>();
  if (roles.writer && roles.isAuthor) {
    if (from === 'DRAFT') for (const s of ['DRAFT', 'SUBMITTED', 'DELETED'] as const) out.add(s);
    if (from === 'NEEDS_REVISION')
      for (const s of ['NEEDS_REVISION', 'SUBMITTED', 'DELETED'] as const) out.add(s);
    if (from === 'PUBLISHED') for (const s of ['DRAFT', 'SUBMITTED'] as const) out.add(s);
  }
  if (roles.auditor) {
    if (from === 'SUBMITTED')
      for (const s of ['SUBMITTED', 'PUBLISHED', 'NEEDS_REVISION'] as const) out.add(s);
    if (from === 'PUBLISHED') for (const s of ['DRAFT', 'SUBMITTED'] as const) out.add(s);
  }
  if (opts.published && from !== 'PUBLISHED') out.delete('DELETED');
  return QUESTION_STATUSES.filter((s) => out.has(s));
}

/**
 * Whether the caller may discard a question's revision (go back to its published content): a revision must be
 * open, and they must be able to act on it where it is in the workflow.
 */
export function mayDiscardRevision(
  roles: QuestionActorRoles,
  q: { status: QuestionStatus; published: boolean },
): boolean {
  if (!q.published || q.status === 'PUBLISHED' || q.status === 'DELETED') return false;
  return allowedStatuses(roles, q.status, { published: true }).length > 0;
}

/** The statuses a new question may start in: a writer's draft or submission; an admin's anything but deleted. */
export function creatableStatuses(roles: Omit<QuestionActorRoles, 'isAuthor'>): QuestionStatus[] {
  if (roles.admin) return QUESTION_STATUSES.filter((s) => s !== 'DELETED');
  if (roles.writer) return ['DRAFT', 'SUBMITTED'];
  return [];
}

/** The word shown for a status (tabs, badges). */
export const STATUS_LABELS: Record<QuestionStatus, string> = {
  DRAFT: 'Draft',
  SUBMITTED: 'Submitted',
  NEEDS_REVISION: 'Needs revision',
  PUBLISHED: 'Published',
  DELETED: 'Deleted',
};

const uuidField = (field: string) => z.uuid({ error: `${field} must be a UUID` });

const statusField = (field: string) =>
  z.enum(QUESTION_STATUSES, { error: `${field} must be one of ${QUESTION_STATUSES.join(', ')}` });

/** A list of short texts (references, reinforcements): empty strings are dropped (SPEC §5). */
const textList = (field: string) =>
  z
    .array(
      textField(`${field} items`, `${field} items must be text`).max(REFERENCE_MAX, {
        error: `${field} items must be at most ${REFERENCE_MAX} characters`,
      }),
      { error: `${field} must be a list of text` },
    )
    .max(REFERENCES_MAX, { error: `${field} may hold at most ${REFERENCES_MAX} items` })
    .default([])
    .transform((items) => items.map((s) => s.trim()).filter((s) => s !== ''));

export const answerChoiceInput = z.object({
  /** Client-generated and kept across edits, so statistics per choice survive rewording and reordering. */
  uuid: uuidField('answerChoices uuid'),
  text: textField('answerChoices text').max(CHOICE_TEXT_MAX, {
    error: `answerChoices text must be at most ${CHOICE_TEXT_MAX} characters`,
  }),
  /**
   * Why this choice is right or wrong (rich text, optional, as long as a choice at most). Part of the solution:
   * the staff read it, a learner only with the rest of the solution (docs/questions.md).
   */
  explanation: textField('answerChoices explanation', 'answerChoices explanation must be text')
    .max(CHOICE_TEXT_MAX, {
      error: `answerChoices explanation must be at most ${CHOICE_TEXT_MAX} characters`,
    })
    .default(''),
});

/** The body of POST questions and PUT questions/{id} (SPEC §7): the question plus its client-generated uuid. */
/** A media item a save keeps or adds: a stored one by its id, a new one by an id the client makes. */
const mediaRefInput = z.object({
  uuid: uuidField('media uuid'),
  hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'media hash must be a SHA-256 in lower-case hex' }),
});
const mediaRefList = (field: string) =>
  z
    .array(mediaRefInput, { error: `media.${field} must be a list` })
    .max(MEDIA_ITEMS_MAX, { error: `media.${field} may hold at most ${MEDIA_ITEMS_MAX} items` });

export const questionInput = z
  .object({
    uuid: uuidField('uuid'),
    productUuid: uuidField('productUuid'),
    name: textField('name', 'name must be text')
      .trim()
      .max(QUESTION_NAME_MAX, { error: `name must be at most ${QUESTION_NAME_MAX} characters` })
      .default(''),
    /** The status to save with; a new question defaults to DRAFT, an edit keeps its status. */
    status: statusField('status').optional(),
    questionStem: textField('questionStem').max(RICH_TEXT_MAX, {
      error: `questionStem must be at most ${RICH_TEXT_MAX} characters`,
    }),
    explanation: textField('explanation', 'explanation must be text')
      .max(RICH_TEXT_MAX, { error: `explanation must be at most ${RICH_TEXT_MAX} characters` })
      .default(''),
    answerChoices: z
      .array(answerChoiceInput, { error: 'answerChoices must be a list' })
      .min(CHOICES_MIN, { error: `answerChoices needs at least ${CHOICES_MIN} choices` })
      .max(CHOICES_MAX, { error: `answerChoices may hold at most ${CHOICES_MAX} choices` }),
    /** The uuid of the correct choice; a draft may leave it out. */
    correctAnswerChoice: uuidField('correctAnswerChoice').nullable().default(null),
    references: textList('references'),
    reinforcements: textList('reinforcements'),
    subcategoryUuid: uuidField('subcategoryUuid').nullable().default(null),
    freeSample: z.boolean({ error: 'freeSample must be true or false' }).default(false),
    /** The version the edit started from: a save over a newer version is refused instead of overwriting it. */
    baseVersion: z.number({ error: 'baseVersion must be a number' }).int().min(1).optional(),
    /**
     * The media the saved version has, in order: stored items kept by id, new files by the hash their store
     * answered (POST products/{id}/mediaFiles). Absent: the version keeps the current version's media.
     */
    media: z.object({ stem: mediaRefList('stem'), explanation: mediaRefList('explanation') }).optional(),
  })
  .superRefine((q, ctx) => {
    const ids = q.answerChoices.map((c) => c.uuid);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['answerChoices'], message: 'answerChoices uuids must differ' });
    if (q.media) {
      const mediaIds = [...q.media.stem, ...q.media.explanation].map((m) => m.uuid);
      if (new Set(mediaIds).size !== mediaIds.length)
        ctx.addIssue({ code: 'custom', path: ['media'], message: 'media uuids must differ' });
    }
    if (q.correctAnswerChoice && !ids.includes(q.correctAnswerChoice))
      ctx.addIssue({
        code: 'custom',
        path: ['correctAnswerChoice'],
        message: 'correctAnswerChoice must be the uuid of one of the answerChoices',
      });
  });
export type QuestionInput = z.input<typeof questionInput>;
export type QuestionInputParsed = z.output<typeof questionInput>;
/** The media a save names for its version (`media` of a question's save). */
export type QuestionMediaInput = NonNullable<QuestionInput['media']>;

export const personRef = z.object({ uuid: z.string(), firstName: z.string(), lastName: z.string() });
export type PersonRef = z.infer<typeof personRef>;

/** SPEC §3 media item, as stored: `url` serves the bytes. */
export const mediaItem = z.object({
  uuid: z.string(),
  url: z.string(),
  hash: z.string(),
  contentType: z.string(),
});
export type MediaItem = z.infer<typeof mediaItem>;

/** An answer choice as a learner reads it: its id (kept across versions) and its text. */
const answerChoice = z.object({ uuid: z.string(), text: z.string() });

/** An answer choice as its staff read it: with its own explanation ('' when it has none). */
const staffAnswerChoice = answerChoice.extend({ explanation: z.string() });

/** SPEC §3 question, as a version of it reads, its solution included: what its staff read. */
export const question = z.object({
  uuid: z.string(),
  productUuid: z.string(),
  name: z.string(),
  author: personRef,
  status: z.enum(QUESTION_STATUSES),
  version: z.number().int(),
  questionStem: z.string(),
  explanation: z.string(),
  answerChoices: z.array(staffAnswerChoice),
  correctAnswerChoice: z.string().nullable(),
  references: z.array(z.string()),
  reinforcements: z.array(z.string()),
  subcategoryUuid: z.string().nullable(),
  freeSample: z.boolean(),
  stemMediaUrls: z.array(mediaItem),
  explanationMediaUrls: z.array(mediaItem),
  /** Who made this version, and when. */
  editor: personRef,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Question = z.infer<typeof question>;

/**
 * A question as a learner reads it outside a test: its stem, the stem's media and the choices, and where it is
 * filed. Nothing of its solution: no correct choice, no explanation nor the explanation's media, no references
 * and no reinforcements (key points), which complete the explanation (docs/questions.md). SPEC: a student gets
 * those only from a tutor-mode answer or the review of their own finished test.
 */
export const learnerQuestion = z.object({
  view: z.literal('LEARNER'),
  uuid: z.string(),
  productUuid: z.string(),
  subcategoryUuid: z.string().nullable(),
  name: z.string(),
  version: z.number().int(),
  questionStem: z.string(),
  stemMediaUrls: z.array(mediaItem),
  answerChoices: z.array(answerChoice),
});
export type LearnerQuestion = z.infer<typeof learnerQuestion>;

/**
 * The whole question, for its staff: its writer, the product's auditors and admins, superusers.
 * `publishedVersion` is the number of the version learners get (null: none); while a revision is in the
 * workflow it is older than `version`.
 */
export const staffQuestion = question.extend({
  view: z.literal('STAFF'),
  publishedVersion: z.number().int().nullable(),
});
export type StaffQuestion = z.infer<typeof staffQuestion>;

/**
 * GET questions/{id}: the staff's view or the learner's, as the server decides for the caller. The answer is
 * serialized through the schema its `view` names, so a learner's answer keeps only the learner's fields
 * whatever the code hands it.
 */
export const questionRead = z.discriminatedUnion('view', [staffQuestion, learnerQuestion]);
export type QuestionRead = z.infer<typeof questionRead>;

export const questionSaved = z.object({ uuid: z.string(), version: z.number().int() });

/**
 * A question's item statistics from learners' first attempts (docs/item-statistics.md): n first attempts, the
 * share right (facility), the correlation of being right with the rest score (discrimination), and the flags
 * (none below ITEM_FLAG_MIN_N attempts). Null figures: no key, or no spread to correlate. For the product's staff
 * and instructors only; never a learner's.
 */
export const itemStatsSummary = z.object({
  n: z.number().int(),
  facility: z.number().nullable(),
  discrimination: z.number().nullable(),
  flags: z.array(z.enum(ITEM_FLAGS)),
});
export type ItemStatsSummary = z.infer<typeof itemStatsSummary>;

/** GET questions/{id}/itemStatistics: the figures with each choice's share among the top and bottom thirds. */
export const itemStatsDetail = z.object({
  /** Null: nobody has answered the question first yet (or the figures are not computed yet). */
  statistics: itemStatsSummary
    .extend({
      /** Learners in each third (ranked by rest score). */
      groupSize: z.number().int(),
      /** Choice id to the share of the top (bottom) third that chose it; choices nobody there chose are absent. */
      topShares: z.record(z.string(), z.number()),
      bottomShares: z.record(z.string(), z.number()),
      /** The correct choice the figures were scored against (the version learners get). */
      keyChoiceId: z.string().nullable(),
      computedAt: z.string(),
    })
    .nullable(),
});
export type ItemStatsDetail = z.infer<typeof itemStatsDetail>;

/** A row of My Questions. */
export const questionSummary = z.object({
  uuid: z.string(),
  name: z.string(),
  status: z.enum(QUESTION_STATUSES),
  author: personRef,
  /** The stem as plain text, cut short. */
  preview: z.string(),
  subcategoryUuid: z.string().nullable(),
  freeSample: z.boolean(),
  version: z.number().int(),
  /** The version learners get (null: none); older than `version` while a revision is in the workflow. */
  publishedVersion: z.number().int().nullable(),
  updatedAt: z.string(),
  /** Its item statistics; null until a learner has answered it. */
  itemStats: itemStatsSummary.nullable(),
});
export type QuestionSummary = z.infer<typeof questionSummary>;

/** A text search that matches more than this many questions counts no further ("more than 500"). */
export const QUESTION_TEXT_COUNT_CAP = 500;

/** DESIGN §4's paged-list shape: one page of a list (`page` from 0) with the list's totals. */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });

export const questionPage = pageOf(questionSummary).extend({
  /**
   * True when a text search matched more than it counted: QUESTION_TEXT_COUNT_CAP questions, or the asked
   * page's end when that is later. totalElements is then that number plus one ("more than 500"; "more than
   * 650" on page 25 of 25), and totalPages counts to it; pages past it can still be asked for.
   */
  totalIsLowerBound: z.boolean().optional(),
});
export type QuestionPage = z.infer<typeof questionPage>;

/** A page of the bank a learner browses: each question as GET questions/{id} answers a learner. */
export const learnerQuestionPage = pageOf(learnerQuestion);
export type LearnerQuestionPage = z.infer<typeof learnerQuestionPage>;

/** A question list's `page` (from 0) and `size` (1 to QUESTION_PAGE_MAX) query parameters. */
const pageQuery = (defaultSize: number) => ({
  page: wholeNumber('page', 0, 1_000_000).default(0),
  size: wholeNumber('size', 1, QUESTION_PAGE_MAX).default(defaultSize),
});

/** A question list's filters by node of the subject tree (subject, category, subcategory). */
const treeNodeQuery = {
  subjectUuid: uuidField('subjectUuid').optional(),
  categoryUuid: uuidField('categoryUuid').optional(),
  subcategoryUuid: uuidField('subcategoryUuid').optional(),
};

const roleField = z
  .enum(QUESTION_ROLES, { error: `filterRole must be one of ${QUESTION_ROLES.join(', ')}` })
  .optional();

export const QUESTION_SORT_FIELDS = [
  'updatedAt',
  'createdAt',
  'name',
  'facility',
  'discrimination',
  'timesAnswered',
] as const;
export type QuestionSortField = (typeof QUESTION_SORT_FIELDS)[number];
/** Sort fields of the item statistics: questions without the figure come after the others, in either order. */
export const ITEM_STATS_SORT_FIELDS = ['facility', 'discrimination', 'timesAnswered'] as const;

/** GET questions/products/{id}/writerOrAuditor: paged, filtered, sorted. */
export const questionListQuery = z.object({
  ...pageQuery(QUESTION_PAGE_SIZE),
  filterRole: roleField,
  status: statusField('status').optional(),
  ...treeNodeQuery,
  authorUuid: uuidField('authorUuid').optional(),
  text: textField('text', 'text must be text')
    .trim()
    .max(200, { error: 'text must be at most 200 characters' })
    .optional(),
  sortField: z
    .enum(QUESTION_SORT_FIELDS, { error: `sortField must be one of ${QUESTION_SORT_FIELDS.join(', ')}` })
    .default('updatedAt'),
  sortOrder: z.enum(SORT_ORDERS, { error: 'sortOrder must be ASC or DESC' }).default('DESC'),
  /** Only questions with an item-statistics flag ("needs checking"). */
  needsChecking: z
    .enum(['true', 'false'], { error: 'needsChecking must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type QuestionListQuery = z.input<typeof questionListQuery>;
export type QuestionListQueryParsed = z.output<typeof questionListQuery>;

/**
 * GET questions/products/{id} (SPEC §7): a page of the published questions a learner may browse, in the
 * subject tree's order, by subject, category and subcategory (each one given narrows the list).
 */
export const browseQuery = z.object({ ...pageQuery(BROWSE_PAGE_SIZE), ...treeNodeQuery });
export type BrowseQuery = z.input<typeof browseQuery>;
export type BrowseQueryParsed = z.output<typeof browseQuery>;

export const statusCountsQuery = z.object({ filterRole: roleField });
/** SPEC §9: every status present, 0 by default. */
export const statusCounts = z.object(
  Object.fromEntries(QUESTION_STATUSES.map((s) => [s, z.number().int()])) as Record<
    QuestionStatus,
    z.ZodNumber
  >,
);
export type StatusCounts = z.infer<typeof statusCounts>;
export const emptyStatusCounts = (): StatusCounts =>
  Object.fromEntries(QUESTION_STATUSES.map((s) => [s, 0])) as StatusCounts;

export const questionIdParams = z.object({ id: uuidField('id') });
export const versionParams = z.object({
  id: uuidField('id'),
  number: wholeNumber('number', 1, 1_000_000),
});

export const versionSummary = z.object({
  version: z.number().int(),
  status: z.enum(QUESTION_STATUSES),
  name: z.string(),
  note: z.string(),
  editor: personRef,
  createdAt: z.string(),
});
export type VersionSummary = z.infer<typeof versionSummary>;

export const commentInput = z.object({
  body: textField('body')
    .trim()
    .min(1, { error: 'body is required' })
    .max(COMMENT_MAX, { error: `body must be at most ${COMMENT_MAX} characters` }),
});
/** A review comment of the question's staff, or a learner's "Report a problem" (docs/questions.md). */
export const COMMENT_KINDS = ['COMMENT', 'PROBLEM_REPORT'] as const;
export type CommentKind = (typeof COMMENT_KINDS)[number];

export const questionComment = z.object({
  uuid: z.string(),
  body: z.string(),
  kind: z.enum(COMMENT_KINDS),
  /** Who wrote it; null for a learner's problem report (staff are not told which learner: decision 0029). */
  author: personRef.nullable(),
  versionNumber: z.number().int(),
  createdAt: z.string(),
  /** A problem report once a staff member marked it resolved (null until then, and for comments). */
  resolvedAt: z.string().nullable(),
  resolvedBy: personRef.nullable(),
});
export type QuestionComment = z.infer<typeof questionComment>;

/** The most characters of a learner's problem report. */
export const PROBLEM_REPORT_MAX = 2_000;

/** POST questions/{id}/problemReports: what the learner says is wrong with a question of one of their tests. */
export const problemReportInput = z.object({
  body: textField('body')
    .trim()
    .min(1, { error: 'body is required' })
    .max(PROBLEM_REPORT_MAX, { error: `body must be at most ${PROBLEM_REPORT_MAX} characters` }),
});
export type ProblemReportInput = z.input<typeof problemReportInput>;

/** What the learner is told of a report sent: that it was (nothing of the question's staff). */
export const problemReportSent = z.object({ uuid: z.string(), createdAt: z.string() });
export type ProblemReportSent = z.infer<typeof problemReportSent>;

export const commentIdParams = z.object({ id: uuidField('id') });
