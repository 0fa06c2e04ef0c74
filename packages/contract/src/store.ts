import { z } from 'zod';
import { colorMap } from './accounts';
import { BILLING_PLAN_TYPES, billingPlan, FREQUENCY_TYPES } from './billing';
import { textField, wholeNumber } from './text';

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
  priceId: textField('priceId')
    .trim()
    .min(1, { error: 'priceId is required' })
    .max(200, { error: 'priceId must be at most 200 characters' }),
});
export type StoreProduct = z.infer<typeof storeProduct>;

export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The store list's page size: the cards drawn at first and per "Show more". */
export const STORE_PAGE_SIZE = 24;
/** The largest page a store search answers. */
export const STORE_PAGE_MAX = 100;

const pageNumber = (field: string, min: number, max: number) => wholeNumber(field, min, max).optional();

/**
 * SPEC §7's sortField and sortOrder; with `page` (from 0) or `size` (default 24) the answer is one page of store
 * cards with the total, without them SPEC §7's full list.
 */
export const productSearchQuery = z.object({
  sortField: z.enum(['name'], { error: 'sortField must be name' }).default('name'),
  sortOrder: z.enum(SORT_ORDERS, { error: 'sortOrder must be ASC or DESC' }).default('ASC'),
  page: pageNumber('page', 0, 100_000),
  size: pageNumber('size', 1, STORE_PAGE_MAX),
});
export type ProductSearchQuery = z.input<typeof productSearchQuery>;

/** A summary longer than this is cut at a word: a card shows four lines of it. */
export const CARD_SUMMARY_MAX = 300;

/** SPEC §2: a card's content summary is the short description if present, otherwise the content (cut short). */
export function cardSummary(shortDescription: string | undefined, content: string): string {
  if (shortDescription) return shortDescription;
  if (content.length <= CARD_SUMMARY_MAX) return content;
  const cut = content.slice(0, CARD_SUMMARY_MAX);
  const atWord = cut.replace(/\s+\S*$/u, '');
  return `${(atWord.length > CARD_SUMMARY_MAX / 2 ? atWord : cut).trimEnd()}…`;
}

/** What a store card shows (SPEC §2): no full content, authors or additionalContent. */
export const storeCard = z.object({
  uuid: z.string(),
  name: z.string(),
  questionCount: z.number().int(),
  targetAudience: z.string(),
  learnersCount: z.number().int(),
  productCategory: z.string(),
  /** The short description if present, otherwise the content, cut at about CARD_SUMMARY_MAX characters. */
  summary: z.string(),
  billingPlans: z.array(billingPlan),
  /** The URL of its PRODUCT_LOGO (docs/branding.md); absent when it has none. */
  logoUrl: z.string().optional(),
});
export type StoreCard = z.infer<typeof storeCard>;

/** One page of store cards (DESIGN §4's paged-list shape). */
export const storeCardPage = z.object({
  content: z.array(storeCard),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type StoreCardPage = z.infer<typeof storeCardPage>;

/** The store search's answer: a page of cards when page or size was asked for, else the full list. */
export const productSearchAnswer = z.union([z.array(storeProduct), storeCardPage]);

/** Which answer a store search with this query gets, for the client's typed call. */
export type ProductSearchAnswer<Q extends ProductSearchQuery> = Q extends { page: number | string }
  ? StoreCardPage
  : Q extends { size: number | string }
    ? StoreCardPage
    : StoreProduct[];
export const productSearchBody = z.object({
  searchTerm: textField('searchTerm').max(200, { error: 'searchTerm must be at most 200 characters' }),
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

/** Sentence punctuation around a word ("cardio," or "(nursing)"), not part of what is searched for. */
const EDGE_PUNCTUATION = /^[.,;:!?"'()[\]{}]+|[.,;:!?"'()[\]{}]+$/gu;

/**
 * A store search term split at white space (NFKC, lower case, at most 10 pieces): pieces of letters and digits
 * are words for the text search (prefix match), any other piece ("e_a", "100%", "c++") must appear literally
 * in the name or content, its characters taken as they are (no wildcards).
 */
export function searchTerms(term: string): { words: string[]; literals: string[] } {
  const words: string[] = [];
  const literals: string[] = [];
  for (const raw of term.normalize('NFKC').toLowerCase().split(/\s+/u)) {
    if (words.length + literals.length >= 10) break;
    const piece = raw.replace(EDGE_PUNCTUATION, '');
    if (!piece) continue;
    if (/^[\p{L}\p{N}]+$/u.test(piece)) words.push(piece);
    else literals.push(piece);
  }
  return { words, literals };
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
/** SPEC §3 logo types. */
export type LogoType = z.infer<typeof logoQuery>['logoType'];
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
  uuid: textField('uuid').optional(),
  productUuid: textField('productUuid').optional(),
  planName: textField('planName')
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
  stripePriceId: textField('stripePriceId', 'stripePriceId must be a string or null')
    .trim()
    .max(200, { error: 'stripePriceId must be at most 200 characters' })
    .nullable()
    .optional(),
  autoCreateStripePrice: z.boolean({ error: 'autoCreateStripePrice must be true or false' }).optional(),
});
export type BillingPlanInput = z.infer<typeof billingPlanInput>;
