import {
  type BillingPlan,
  CARD_SUMMARY_MAX,
  cardSummary,
  listPlans,
  type ProductContent,
  parseAdditionalContent,
  type SortOrder,
  type StoreCard,
  searchTerms,
} from '@qbank/contract';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { column, nullable, type RowOf, selectOne, selectRows } from '../../db/rows';
import { billingPlans, productLogos, products, storeVersion } from '../../db/schema';
import { prefixTsQuery, usefulTsQuery } from '../../db/text-search';
import type { IndexedProduct } from './card-index';

export const productColumns = {
  id: products.id,
  name: products.name,
  domainName: products.domainName,
  targetAudience: products.targetAudience,
  content: products.content,
  authors: products.authors,
  questionFormat: products.questionFormat,
  productCategory: products.productCategory,
  colorMap: products.colorMap,
  additionalContent: products.additionalContent,
  questionCount: products.questionCount,
  learnersCount: products.learnersCount,
  published: products.published,
};
export type ProductRow = Omit<
  typeof products.$inferSelect,
  | 'searchVector'
  | 'referencePanel'
  | 'createdAt'
  | 'updatedAt'
  | 'studentCap'
  | 'suspendedAt'
  | 'suspendedLearnerAccess'
  | 'suspendedPublished'
>;

/** SPEC §3 product content, with additionalContent's fields merged in (nothing when it does not parse). */
export function toProductContent(p: ProductRow): ProductContent {
  return {
    uuid: p.id,
    name: p.name,
    questionCount: p.questionCount,
    targetAudience: p.targetAudience,
    content: p.content,
    learnersCount: p.learnersCount,
    authors: p.authors,
    questionFormat: p.questionFormat,
    productCategory: p.productCategory,
    colorMap: p.colorMap,
    domainName: p.domainName,
    additionalContent: p.additionalContent,
    ...parseAdditionalContent(p.additionalContent),
  };
}

export type PlanRow = typeof billingPlans.$inferSelect;
export const toBillingPlan = (p: Omit<PlanRow, 'renewalPriceId'>): BillingPlan => ({
  uuid: p.id,
  productUuid: p.productId,
  planName: p.planName,
  price: p.priceCents / 100,
  frequencyType: p.frequencyType,
  autoRenewForSubscription: p.autoRenewForSubscription,
  billingPlanType: p.billingPlanType,
  active: p.active,
  stripePriceId: p.stripePriceId,
});

/**
 * The paid plan a provider price sells, while it is on sale: active, public, of a published product. Checkout
 * and the streamlined registration that leads to it share this one rule.
 */
export async function planOnSale(db: DbOrTx, priceId: string) {
  const [row] = await db
    .select({ plan: billingPlans, product: { id: products.id, name: products.name } })
    .from(billingPlans)
    .innerJoin(products, eq(products.id, billingPlans.productId))
    .where(
      and(
        eq(billingPlans.stripePriceId, priceId),
        eq(billingPlans.active, true),
        eq(billingPlans.billingPlanType, 'PUBLIC'),
        gt(billingPlans.priceCents, 0),
        eq(products.published, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Every product by name: the published ones, or all of them. */
export async function listProducts(db: DbOrTx, opts: { unpublishedToo: boolean }): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .where(opts.unpublishedToo ? undefined : eq(products.published, true))
    .orderBy(products.name);
}

export async function findProduct(db: DbOrTx, id: string): Promise<ProductRow | null> {
  const [p] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  return p ?? null;
}

/**
 * A search term as the query uses it: a prefix text-search query over its words ("card phys" finds
 * "Cardiology for Physicians") and the pieces that must appear literally ("e_a", "100%"), as LIKE patterns
 * with LIKE's own characters (%, _ and the escape character \) escaped. `key` tells two terms apart exactly when their
 * queries differ (the answer cache's key).
 */
export function storeSearchQuery(term: string) {
  const { words, literals } = searchTerms(term);
  const tsQuery = prefixTsQuery(words);
  const patterns = literals.map((l) => `%${l.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return { tsQuery, patterns, key: JSON.stringify([tsQuery, patterns]) };
}

/**
 * The store's version (migration 0007): raised by a statement trigger on every write to products and
 * billing_plans, in the writer's transaction. One key lookup, a named prepared statement per connection.
 */
export function storeVersionReader(db: Db): () => Promise<string> {
  const q = db
    .select({ version: storeVersion.version })
    .from(storeVersion)
    .where(eq(storeVersion.id, 1))
    .prepare('store_version');
  return async () => String((await q.execute())[0]?.version ?? 0);
}

interface PlanJson {
  id: string;
  product_id: string;
  plan_name: string;
  price_cents: number;
  frequency_type: PlanRow['frequencyType'];
  auto_renew: boolean;
  billing_plan_type: PlanRow['billingPlanType'];
  active: boolean;
  stripe_price_id: string | null;
}

const planOf = (b: PlanJson) =>
  toBillingPlan({
    id: b.id,
    productId: b.product_id,
    planName: b.plan_name,
    priceCents: b.price_cents,
    frequencyType: b.frequency_type,
    autoRenewForSubscription: b.auto_renew,
    billingPlanType: b.billing_plan_type,
    active: b.active,
    stripePriceId: b.stripe_price_id,
    createdAt: new Date(0),
  });

/** A product's active public plans as one JSON array, for `JOIN LATERAL (...) pl` beside `products p`. */
const activePublicPlans = sql`
  SELECT json_agg(json_build_object(
      'id', b.id, 'product_id', b.product_id, 'plan_name', b.plan_name, 'price_cents', b.price_cents,
      'frequency_type', b.frequency_type, 'auto_renew', b.auto_renew,
      'billing_plan_type', b.billing_plan_type, 'active', b.active, 'stripe_price_id', b.stripe_price_id)
    ORDER BY b.created_at, b.id) AS plans
  FROM billing_plans b
  WHERE b.product_id = p.id AND b.active AND b.billing_plan_type = 'PUBLIC'`;

/** A row of the store list: a product's columns and its plans. */
const searchRow = {
  id: column.string,
  name: column.string,
  domain_name: nullable(column.string),
  target_audience: column.string,
  content: column.string,
  authors: column.string,
  question_format: column.string,
  product_category: column.string,
  color_map: column.json<Record<string, string>>(),
  additional_content: nullable(column.string),
  question_count: column.int,
  learners_count: column.int,
  published: column.boolean,
  plans: column.json<PlanJson[]>(),
};

/**
 * SPEC §7's store list: published products with at least one active public plan, whose name or content matches
 * every word of the term (GIN text-search index), sorted by name, each with its content and its active public
 * plans (gathered by the database in the same query). A blank term means all. The pages of cards search the same
 * way in memory (card-index.ts); an API test holds the two to the same answers.
 */
export async function searchProducts(db: DbOrTx, term: string, order: SortOrder) {
  const { tsQuery, patterns } = storeSearchQuery(term);
  const q = await usefulTsQuery(db, tsQuery);
  const rows = await selectRows(
    db,
    searchRow,
    sql`
      SELECT p.id, p.name, p.domain_name, p.target_audience, p.content, p.authors, p.question_format,
        p.product_category, p.color_map, p.additional_content, p.question_count, p.learners_count, p.published,
        pl.plans
      FROM products p
      JOIN LATERAL (${activePublicPlans}) pl ON pl.plans IS NOT NULL
      WHERE p.published ${q ? sql`AND p.search_vector @@ to_tsquery('english', ${q})` : sql``}
        ${sql.join(
          patterns.map((pattern) => sql`AND (p.name || ' ' || p.content) ILIKE ${pattern} ESCAPE '\\'`),
          sql` `,
        )}
      ORDER BY lower(p.name) ${order === 'DESC' ? sql`DESC` : sql`ASC`}, p.id`,
  );
  return rows.map((r) => {
    const product: ProductRow = {
      id: r.id,
      name: r.name,
      domainName: r.domain_name,
      targetAudience: r.target_audience,
      content: r.content,
      authors: r.authors,
      questionFormat: r.question_format,
      productCategory: r.product_category,
      colorMap: r.color_map,
      additionalContent: r.additional_content,
      questionCount: r.question_count,
      learnersCount: r.learners_count,
      published: r.published,
    };
    return { ...toProductContent(product), billingPlans: listPlans(r.plans.map(planOf)) };
  });
}

/** A row of the store index: a card's columns, cut to what the card shows. */
const indexRow = {
  id: column.string,
  name: column.string,
  target_audience: column.string,
  content: column.string,
  product_category: column.string,
  additional_content: nullable(column.string),
  question_count: column.int,
  learners_count: column.int,
  plans: column.json<PlanJson[]>(),
  logo_url: nullable(column.string),
  lexemes: column.strings,
  text: column.string,
  asc_rank: column.int,
  desc_rank: column.int,
};

const cardOf = (r: RowOf<typeof indexRow>): StoreCard => ({
  uuid: r.id,
  name: r.name,
  questionCount: r.question_count,
  targetAudience: r.target_audience,
  learnersCount: r.learners_count,
  productCategory: r.product_category,
  summary: cardSummary(parseAdditionalContent(r.additional_content).shortDescription, r.content),
  billingPlans: listPlans(r.plans.map(planOf)),
  // Only when it has one: most cards have none, and the card's shape stays as it was for them.
  ...(r.logo_url ? { logoUrl: r.logo_url } : {}),
});

/**
 * Every product the store lists (published, with an active public plan), as the card index holds it
 * (card-index.ts): its card, its lexemes, its name and content lower-cased by the database, and its place in
 * both orders. One query over the store, run when the store's version moves.
 */
export async function storeIndexRows(db: DbOrTx): Promise<IndexedProduct[]> {
  const rows = await selectRows(
    db,
    indexRow,
    sql`
    SELECT p.id, p.name, p.target_audience, left(p.content, ${CARD_SUMMARY_MAX + 1}) AS content,
      p.product_category, p.additional_content, p.question_count, p.learners_count, pl.plans,
      -- A logo change also writes the product row, which moves the store's version (branding repository).
      (SELECT l.url FROM product_logos l WHERE l.product_id = p.id AND l.logo_type = 'PRODUCT_LOGO'
        ORDER BY l.created_at DESC LIMIT 1) AS logo_url,
      tsvector_to_array(p.search_vector) AS lexemes,
      lower(p.name || ' ' || p.content) AS text,
      row_number() OVER (ORDER BY lower(p.name) ASC, p.id)::int AS asc_rank,
      row_number() OVER (ORDER BY lower(p.name) DESC, p.id)::int AS desc_rank
    FROM products p
    JOIN LATERAL (${activePublicPlans}) pl ON pl.plans IS NOT NULL
    WHERE p.published`,
  );
  return rows.map((r) => ({
    card: cardOf(r),
    lexemes: r.lexemes,
    text: r.text,
    ascRank: r.asc_rank,
    descRank: r.desc_rank,
  }));
}

/**
 * A term's words and literal pieces in the database's terms: each word's lexemes as `to_tsquery('english',
 * 'word:*')` makes them (none for a word it ignores, such as "the"), each literal piece lower-cased by the
 * database's lower(), as ILIKE compares. In the order given.
 */
export async function databaseTerms(
  db: DbOrTx,
  words: string[],
  literals: string[],
): Promise<{ words: string[][]; literals: string[] }> {
  const row = await selectOne(
    db,
    { words: column.strings, literals: column.strings },
    sql`
    SELECT
      ARRAY(SELECT to_tsquery('english', w || ':*')::text
            FROM unnest(${sql.param(words)}::text[]) WITH ORDINALITY AS t(w, i) ORDER BY i) AS words,
      ARRAY(SELECT lower(l)
            FROM unnest(${sql.param(literals)}::text[]) WITH ORDINALITY AS t(l, i) ORDER BY i) AS literals`,
  );
  return {
    words: row.words.map((q) =>
      [...q.matchAll(/'((?:[^']|'')*)':\*/g)].map((m) => m[1]!.replaceAll("''", "'")),
    ),
    literals: row.literals,
  };
}

export async function plansOf(db: DbOrTx, productId: string) {
  const rows = await db
    .select()
    .from(billingPlans)
    .where(eq(billingPlans.productId, productId))
    .orderBy(asc(billingPlans.createdAt), asc(billingPlans.id));
  return rows.map(toBillingPlan);
}

export async function logosOf(db: DbOrTx, productId: string, logoType: 'HEADER_LOGO' | 'PRODUCT_LOGO') {
  const rows = await db
    .select()
    .from(productLogos)
    .where(and(eq(productLogos.productId, productId), eq(productLogos.logoType, logoType)))
    .orderBy(desc(productLogos.createdAt));
  return rows.map((r) => ({ uuid: r.id, url: r.url, logoType: r.logoType }));
}
