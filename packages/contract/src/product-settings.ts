import { z } from 'zod';
import { PRODUCT_CATEGORY_VALUES } from './store';
import { textField } from './text';

// Product settings (docs/product-settings.md): what the store shows of a QBank (its name, category, texts and
// SPEC §3's additionalContent fields) and whether the store lists it, set by its admins and superusers.

export const PRODUCT_NAME_MAX = 100;
/** The longest each text may be, in characters. */
export const SETTINGS_TEXT_MAX = {
  content: 20_000,
  targetAudience: 300,
  questionFormat: 5_000,
  authors: 5_000,
  shortDescription: 300,
  shortAuthors: 100,
  demoVideo: 500,
} as const;
export const EXAMPLE_QUESTIONS_MAX = 10;
export const EXAMPLE_QUESTION_MAX = 1_000;

/** The hosts a demo video may be on: https links to these players only. */
export const DEMO_VIDEO_HOSTS = [
  'www.youtube.com',
  'youtube.com',
  'youtu.be',
  'vimeo.com',
  'player.vimeo.com',
];

/** The message a publish without an active public plan is refused with (409 naming `published`). */
export const PUBLISH_NEEDS_PLAN_MESSAGE =
  'Add an active public plan before publishing: the store lists only QBanks with a plan on sale.';
/** The message a save based on an older version is refused with (409 naming `expectedVersion`). */
export const SETTINGS_CHANGED_MESSAGE =
  'Someone else saved these settings while you were editing: reload to see their changes, then edit again.';

/** Whether a string is an https URL of one of the allowed video hosts. */
export function isAllowedVideoUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    DEMO_VIDEO_HOSTS.includes(url.hostname.toLowerCase())
  );
}

/** Line ends as \n, the text trimmed: what is stored of a plain text field. */
const plain = (field: string, max: number, required = false) =>
  textField(field, `${field} must be text`)
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, { error: `${field} is required` })
        .max(max, { error: `${field} must be at most ${max} characters` }),
    );

/** One line of plain text: no line breaks or other control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;

/**
 * PUT products/{id}/settings: the whole of the store page's settings. Texts are plain text, as the store draws
 * them (never HTML); `expectedVersion` is the `version` the editor read, so a save over someone else's newer
 * one is refused (409) instead of losing it.
 */
export const productSettingsInput = z.object({
  name: textField('name', 'name must be text')
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'name is required' })
        .max(PRODUCT_NAME_MAX, { error: `name must be at most ${PRODUCT_NAME_MAX} characters` })
        .regex(ONE_LINE, { error: 'name must be one line of text' }),
    ),
  productCategory: z.enum(PRODUCT_CATEGORY_VALUES, {
    error: 'productCategory must be one of the store categories',
  }),
  content: plain('content', SETTINGS_TEXT_MAX.content),
  targetAudience: plain('targetAudience', SETTINGS_TEXT_MAX.targetAudience),
  questionFormat: plain('questionFormat', SETTINGS_TEXT_MAX.questionFormat),
  authors: plain('authors', SETTINGS_TEXT_MAX.authors),
  shortDescription: plain('shortDescription', SETTINGS_TEXT_MAX.shortDescription),
  shortAuthors: plain('shortAuthors', SETTINGS_TEXT_MAX.shortAuthors).pipe(
    z.string().regex(ONE_LINE, { error: 'shortAuthors must be one line of text' }),
  ),
  exampleQuestions: z
    .array(plain('exampleQuestions', EXAMPLE_QUESTION_MAX, true), {
      error: 'exampleQuestions must be a list of texts',
    })
    .max(EXAMPLE_QUESTIONS_MAX, {
      error: `exampleQuestions must hold at most ${EXAMPLE_QUESTIONS_MAX} questions`,
    }),
  demoVideo: textField('demoVideo', 'demoVideo must be text')
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .max(SETTINGS_TEXT_MAX.demoVideo, {
          error: `demoVideo must be at most ${SETTINGS_TEXT_MAX.demoVideo} characters`,
        })
        .refine((s) => s === '' || isAllowedVideoUrl(s), {
          error: `demoVideo must be an https link to ${DEMO_VIDEO_HOSTS.join(', ')}, or empty`,
        }),
    ),
  expectedVersion: textField('expectedVersion', 'expectedVersion is required').min(1, {
    error: 'expectedVersion is required',
  }),
});
export type ProductSettingsInput = z.input<typeof productSettingsInput>;
export type ProductSettingsValues = Omit<z.output<typeof productSettingsInput>, 'expectedVersion'>;

/** The fields a save writes (all but expectedVersion), in the order the audit entry lists them. */
export const PRODUCT_SETTINGS_FIELDS = [
  'name',
  'productCategory',
  'content',
  'targetAudience',
  'questionFormat',
  'authors',
  'shortDescription',
  'shortAuthors',
  'exampleQuestions',
  'demoVideo',
] as const satisfies readonly (keyof ProductSettingsValues)[];

/** A product's settings as its admins read them. */
export const productSettings = z.object({
  productUuid: z.uuid(),
  name: z.string(),
  productCategory: z.string(),
  content: z.string(),
  targetAudience: z.string(),
  questionFormat: z.string(),
  authors: z.string(),
  shortDescription: z.string(),
  shortAuthors: z.string(),
  exampleQuestions: z.array(z.string()),
  demoVideo: z.string(),
  published: z.boolean(),
  /** Whether the product has an active public plan: without one the store hides it, and it cannot be published. */
  hasPublicPlan: z.boolean(),
  /** Whether the store lists it now: published and with an active public plan. */
  listed: z.boolean(),
  /** The settings' version: send it back as expectedVersion. It changes exactly when a setting does. */
  version: z.string(),
});
export type ProductSettings = z.infer<typeof productSettings>;

/** POST products/{id}/published. */
export const productPublishedInput = z.object({
  published: z.boolean({ error: 'published must be true or false' }),
});
export type ProductPublishedInput = z.infer<typeof productPublishedInput>;
