import { z } from 'zod';
import { colorMap } from './accounts';
import { BILLING_PLAN_TYPES, billingPlan, FREQUENCY_TYPES } from './billing';

/** SPEC §3 product categories: value, label, grouped as the store shows them. */
export const PRODUCT_CATEGORY_GROUPS = [
  {
    group: 'Healthcare',
    labels: [
      'Physician',
      'Physician Assistant',
      'Nurse Practitioner',
      'Nursing',
      'Dental',
      'Fitness',
      'Medical Laboratory',
      'Music Therapy',
      'Nutrition',
      'Optometry',
      'Pharmacy',
      'Radiology & Imaging',
      'Veterinary',
    ],
  },
  {
    group: 'Business & Finance',
    labels: ['Accounting', 'Business', 'Financial', 'IT & Tech Business', 'Service Industry'],
  },
  {
    group: 'Education',
    labels: [
      'High School',
      'College Placement',
      'Graduate School',
      'International Exams',
      'Teaching & Education',
    ],
  },
  { group: 'Law & Government', labels: ['Civil Service', 'Government', 'Legal', 'Military'] },
  {
    group: 'Trades & Professional Skills',
    labels: ['Architecture & Design', 'Aviation', 'Engineering', 'Mortuary Science', 'Skilled Trades'],
  },
  { group: 'Language & Arts', labels: ['Arts & Music', 'Foreign Language'] },
  { group: 'World', labels: ['Canadian', 'International'] },
  { group: 'Special', labels: ['Special'] },
] as const;

/** PHYSICIAN_ASSISTANT from 'Physician Assistant', RADIOLOGY_IMAGING from 'Radiology & Imaging'. */
export const categoryValue = (label: string) =>
  label.toUpperCase().replace(/&/g, ' ').trim().split(/\s+/).join('_');

export const PRODUCT_CATEGORIES = PRODUCT_CATEGORY_GROUPS.flatMap((g) =>
  g.labels.map((label) => ({ value: categoryValue(label), label, group: g.group })),
);
export const PRODUCT_CATEGORY_VALUES = PRODUCT_CATEGORIES.map((c) => c.value) as [string, ...string[]];

/** The label of a category value; an unknown value shows as itself. */
export function categoryLabel(value: string): string {
  return PRODUCT_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** SPEC §3 colorMap keys. */
export const COLOR_MAP_KEYS = [
  'HEADER_BACKGROUND',
  'HEADER_TEXT',
  'DROPDOWN_BUTTON',
  'DROPDOWN_BUTTON_TEXT',
  'USE_CUSTOM_QBANK_LOGO_COLOR',
] as const;

export interface AdditionalContent {
  shortDescription?: string;
  shortAuthors?: string;
  exampleQuestions?: unknown;
  demoVideo?: string;
}

/** SPEC §3: additionalContent is a JSON string merged in; anything but a JSON object gives nothing. */
export function parseAdditionalContent(s: string | null | undefined): AdditionalContent {
  if (!s) return {};
  try {
    const v = JSON.parse(s) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    const o = v as Record<string, unknown>;
    const out: AdditionalContent = {};
    if (typeof o.shortDescription === 'string') out.shortDescription = o.shortDescription;
    if (typeof o.shortAuthors === 'string') out.shortAuthors = o.shortAuthors;
    if (o.exampleQuestions !== undefined) out.exampleQuestions = o.exampleQuestions;
    if (typeof o.demoVideo === 'string') out.demoVideo = o.demoVideo;
    return out;
  } catch {
    return {};
  }
}

export const productContent = z.object({
  uuid: z.string(),
  name: z.string(),
  questionCount: z.number().int(),
  targetAudience: z.string(),
  content: z.string(),
  learnersCount: z.number().int(),
  authors: z.string(),
  questionFormat: z.string(),
  productCategory: z.string(),
  colorMap,
  domainName: z.string().nullable(),
  additionalContent: z.string().nullable(),
  shortDescription: z.string().optional(),
  shortAuthors: z.string().optional(),
  exampleQuestions: z.unknown().optional(),
  demoVideo: z.string().optional(),
});
export type ProductContent = z.infer<typeof productContent>;

export const storeProduct = productContent.extend({ billingPlans: z.array(billingPlan) });

/** What a provider price sells while it is on sale: shown to a buyer registering with ?priceId= (SPEC §2). */
export const priceOnSale = z.object({
  productUuid: z.string(),
  productName: z.string(),
  plan: billingPlan,
});
export type PriceOnSale = z.infer<typeof priceOnSale>;
export const priceIdParams = z.object({
  priceId: z
    .string()
    .trim()
    .min(1, { error: 'priceId is required' })
    .max(200, { error: 'priceId must be at most 200 characters' }),
});
export type StoreProduct = z.infer<typeof storeProduct>;

export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const productSearchQuery = z.object({
  sortField: z.enum(['name'], { error: 'sortField must be name' }).default('name'),
  sortOrder: z.enum(SORT_ORDERS, { error: 'sortOrder must be ASC or DESC' }).default('ASC'),
});
export const productSearchBody = z.object({
  searchTerm: z
    .string({ error: 'searchTerm is required' })
    .max(200, { error: 'searchTerm must be at most 200 characters' }),
});

/** SPEC §5: an empty term is sent as a single space (and means every product). */
export const searchTermToSend = (term: string) => (term.trim() === '' ? ' ' : term.trim());

/** Words of a search term usable in a text-search query: letters and digits only, at most 10. */
export function searchWords(term: string): string[] {
  return (
    term
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 10);
}

export const productIdParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
export const planParams = z.object({
  productUuid: z.uuid({ error: 'productUuid must be a UUID' }),
  uuid: z.uuid({ error: 'uuid must be a UUID' }),
});
export const billingPlansQuery = z.object({
  includeInactive: z
    .enum(['true', 'false'], { error: 'includeInactive must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export const logoQuery = z.object({
  logoType: z.enum(['HEADER_LOGO', 'PRODUCT_LOGO'], {
    error: 'logoType must be HEADER_LOGO or PRODUCT_LOGO',
  }),
});
export const logoItem = z.object({ uuid: z.string(), url: z.string(), logoType: z.string() });

const price = z
  .number({ error: 'price must be a number' })
  .min(0, { error: 'price must be 0 or more' })
  .max(100_000, { error: 'price must be at most 100000' })
  .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1e6) / 1e6, {
    error: 'price must have at most 2 decimals',
  });

/** The body of a plan create or update (SPEC §7: "the plan", plus autoCreateStripePrice on create). */
export const billingPlanInput = z.object({
  uuid: z.string().optional(),
  productUuid: z.string().optional(),
  planName: z
    .string({ error: 'planName is required' })
    .trim()
    .min(1, { error: 'planName is required' })
    .max(100, { error: 'planName must be at most 100 characters' }),
  price,
  frequencyType: z.enum(FREQUENCY_TYPES, {
    error: `frequencyType must be one of ${FREQUENCY_TYPES.join(', ')}`,
  }),
  autoRenewForSubscription: z
    .boolean({ error: 'autoRenewForSubscription must be true or false' })
    .default(false),
  billingPlanType: z
    .enum(BILLING_PLAN_TYPES, { error: `billingPlanType must be one of ${BILLING_PLAN_TYPES.join(', ')}` })
    .default('PUBLIC'),
  active: z.boolean({ error: 'active must be true or false' }).default(true),
  stripePriceId: z
    .string({ error: 'stripePriceId must be a string or null' })
    .trim()
    .max(200, { error: 'stripePriceId must be at most 200 characters' })
    .nullable()
    .optional(),
  autoCreateStripePrice: z.boolean({ error: 'autoCreateStripePrice must be true or false' }).optional(),
});
export type BillingPlanInput = z.infer<typeof billingPlanInput>;
