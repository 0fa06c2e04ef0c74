import { z } from 'zod';
import { ITEM_FLAGS } from './item-statistics';
import { TEST_QUESTIONS_MAX } from './tests';
import { textField, wholeNumber } from './text';

// The Test Bank (/test-templates) and the Test Builder (/test-builder/new): an instructor's tests, kept as
// versioned templates to assign to students (docs/test-bank.md).

const uuidField = (field: string) => z.uuid({ error: `${field} must be a UUID` });

export const TEMPLATE_NAME_MAX = 120;
export const TEMPLATE_RULES_MAX = 50;
export const TEMPLATE_TIME_LIMIT_MAX = 600;
export const TEMPLATE_PAGE_SIZE = 25;
export const BUILDER_PAGE_SIZE = 20;

export const TREE_NODE_TYPES = ['SUBJECT', 'CATEGORY', 'SUBCATEGORY'] as const;
export type TreeNodeType = (typeof TREE_NODE_TYPES)[number];

/** n questions drawn from under one node of the subject tree. */
export const templateRule = z.object({
  nodeType: z.enum(TREE_NODE_TYPES, { error: `nodeType must be one of ${TREE_NODE_TYPES.join(', ')}` }),
  nodeUuid: uuidField('nodeUuid'),
  count: z
    .number({ error: 'count must be a whole number' })
    .int({ error: 'count must be a whole number' })
    .min(1, { error: 'count must be 1 or more' })
    .max(TEST_QUESTIONS_MAX, { error: `count must be at most ${TEST_QUESTIONS_MAX}` }),
});
export type TemplateRule = z.infer<typeof templateRule>;

/** How a template's questions are chosen: by hand, or by rules drawn once for everyone or per student. */
export const templateSelection = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('QUESTIONS'),
      questionUuids: z
        .array(uuidField('questionUuids'), { error: 'questionUuids must be a list of question ids' })
        .min(1, { error: 'Choose at least one question' })
        .max(TEST_QUESTIONS_MAX, { error: `Choose at most ${TEST_QUESTIONS_MAX} questions` })
        .refine((ids) => new Set(ids).size === ids.length, { error: 'A question is chosen twice' }),
    }),
    z.object({
      kind: z.literal('RULES'),
      rules: z
        .array(templateRule, { error: 'rules must be a list' })
        .min(1, { error: 'Add at least one rule' })
        .max(TEMPLATE_RULES_MAX, { error: `Use at most ${TEMPLATE_RULES_MAX} rules` })
        .refine((rules) => rules.reduce((n, r) => n + r.count, 0) <= TEST_QUESTIONS_MAX, {
          error: `The rules draw more than ${TEST_QUESTIONS_MAX} questions`,
        }),
      /** ONCE: every student gets the same draw (made when assigned); PER_STUDENT: each gets their own. */
      draw: z.enum(['ONCE', 'PER_STUDENT'], { error: 'draw must be ONCE or PER_STUDENT' }),
    }),
  ],
  { error: 'selection.kind must be QUESTIONS or RULES' },
);
export type TemplateSelection = z.infer<typeof templateSelection>;

const templateName = textField('name')
  .trim()
  .min(1, { error: 'name is required' })
  .max(TEMPLATE_NAME_MAX, { error: `name must be at most ${TEMPLATE_NAME_MAX} characters` });

/** What a template says, saved whole as each version. */
export const templateFields = {
  name: templateName,
  selection: templateSelection,
  order: z.enum(['AS_LISTED', 'SHUFFLED'], { error: 'order must be AS_LISTED or SHUFFLED' }),
  mode: z.enum(['TUTOR', 'TIMED'], { error: 'mode must be TUTOR or TIMED' }),
  /** Minutes for the whole test in timed mode; null: the product's default per question. */
  timeLimitMinutes: z
    .number({ error: 'timeLimitMinutes must be a whole number' })
    .int({ error: 'timeLimitMinutes must be a whole number' })
    .min(1, { error: 'timeLimitMinutes must be 1 or more' })
    .max(TEMPLATE_TIME_LIMIT_MAX, { error: `timeLimitMinutes must be at most ${TEMPLATE_TIME_LIMIT_MAX}` })
    .nullable(),
  /** The percent a student needs to pass; null: no pass mark. */
  passingScore: z
    .number({ error: 'passingScore must be a whole number' })
    .int({ error: 'passingScore must be a whole number' })
    .min(0, { error: 'passingScore must be 0 or more' })
    .max(100, { error: 'passingScore must be at most 100' })
    .nullable(),
};

/** POST products/{id}/testTemplates. */
export const templateInput = z.object(templateFields);
export type TemplateInput = z.infer<typeof templateInput>;

/** PUT testTemplates/{id}: the whole template again, and the version it was read at (409 when another came since). */
export const templateUpdate = z.object({
  ...templateFields,
  baseVersion: z
    .number({ error: 'baseVersion must be the version you read' })
    .int({ error: 'baseVersion must be the version you read' })
    .min(1, { error: 'baseVersion must be the version you read' }),
});
export type TemplateUpdate = z.infer<typeof templateUpdate>;

/** PATCH testTemplates/{id}: archive or restore. */
export const templateArchive = z.object({
  archived: z.boolean({ error: 'archived must be true or false' }),
});

export const templateIdParams = z.object({ id: uuidField('id') });

/** A question as the builder lists it: where it sits, a plain-text start of its stem, how often it was used. */
export const builderQuestion = z.object({
  uuid: z.uuid(),
  name: z.string(),
  stemText: z.string(),
  path: z.array(z.string()),
  /** Learners who answered it (first attempts). */
  timesAnswered: z.number().int(),
  /** The share of them who were right (null before any answer). */
  facility: z.number().nullable(),
  /** Corrected item–total correlation of the kept item statistics (null until computed or without spread). */
  discrimination: z.number().nullable(),
  /** The item statistics' flags: TOO_EASY, TOO_HARD, WEAK_DISCRIMINATION, POSSIBLE_WRONG_KEY. */
  flags: z.array(z.enum(ITEM_FLAGS)),
});
export type BuilderQuestion = z.infer<typeof builderQuestion>;

export const builderQuestionPage = z.object({
  content: z.array(builderQuestion),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type BuilderQuestionPage = z.infer<typeof builderQuestionPage>;

/** GET products/{id}/builderQuestions: published questions to choose from. */
export const builderQuestionQuery = z.object({
  page: wholeNumber('page', 0, 1_000_000).default(0),
  size: wholeNumber('size', 1, 100).default(BUILDER_PAGE_SIZE),
  search: textField('search', 'search must be text')
    .trim()
    .max(200, { error: 'search must be at most 200 characters' })
    .optional(),
  subjectUuid: uuidField('subjectUuid').optional(),
  categoryUuid: uuidField('categoryUuid').optional(),
  subcategoryUuid: uuidField('subcategoryUuid').optional(),
});
export type BuilderQuestionQuery = z.input<typeof builderQuestionQuery>;

/** A template as read: its latest version, with its questions (chosen) or its rules' nodes (named, counted). */
export const template = z.object({
  uuid: z.uuid(),
  name: z.string(),
  version: z.number().int(),
  archived: z.boolean(),
  selection: templateSelection,
  order: z.enum(['AS_LISTED', 'SHUFFLED']),
  mode: z.enum(['TUTOR', 'TIMED']),
  timeLimitMinutes: z.number().int().nullable(),
  passingScore: z.number().int().nullable(),
  /** How many questions a test of it holds. */
  questionCount: z.number().int(),
  /** The chosen questions, in order (empty for rules). */
  questions: z.array(builderQuestion),
  /** Each rule's node by name, and how many published questions are under it now. */
  rules: z.array(
    z.object({
      nodeType: z.enum(TREE_NODE_TYPES),
      nodeUuid: z.uuid(),
      path: z.array(z.string()),
      count: z.number().int(),
      available: z.number().int(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof template>;

export const templateSummary = z.object({
  uuid: z.uuid(),
  name: z.string(),
  version: z.number().int(),
  archived: z.boolean(),
  kind: z.enum(['QUESTIONS', 'RULES']),
  mode: z.enum(['TUTOR', 'TIMED']),
  questionCount: z.number().int(),
  updatedAt: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummary>;

export const templatePage = z.object({
  content: z.array(templateSummary),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type TemplatePage = z.infer<typeof templatePage>;

export const TEMPLATE_STATUSES = ['ACTIVE', 'ARCHIVED', 'ALL'] as const;

/** GET products/{id}/testTemplates. */
export const templateListQuery = z.object({
  page: wholeNumber('page', 0, 1_000_000).default(0),
  size: wholeNumber('size', 1, 100).default(TEMPLATE_PAGE_SIZE),
  search: textField('search', 'search must be text')
    .trim()
    .max(200, { error: 'search must be at most 200 characters' })
    .optional(),
  status: z
    .enum(TEMPLATE_STATUSES, { error: `status must be one of ${TEMPLATE_STATUSES.join(', ')}` })
    .default('ACTIVE'),
});
export type TemplateListQuery = z.input<typeof templateListQuery>;

/** GET testTemplates/{id}/preview: a test of it as a student would get it now (no answers shown). */
export const templatePreview = z.object({
  name: z.string(),
  mode: z.enum(['TUTOR', 'TIMED']),
  timeLimitMinutes: z.number().int().nullable(),
  questions: z.array(
    z.object({
      uuid: z.uuid(),
      stem: z.string(),
      choices: z.array(z.object({ uuid: z.string(), text: z.string() })),
    }),
  ),
});
export type TemplatePreview = z.infer<typeof templatePreview>;
