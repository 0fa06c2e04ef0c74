import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A question bank (a QBank). */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    domainName: text('domain_name'),
    targetAudience: text('target_audience').notNull().default(''),
    content: text('content').notNull().default(''),
    authors: text('authors').notNull().default(''),
    questionFormat: text('question_format').notNull().default(''),
    productCategory: text('product_category').notNull().default('SPECIAL'),
    colorMap: jsonb('color_map').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** A JSON string with shortDescription, shortAuthors, exampleQuestions, demoVideo (SPEC §3). */
    additionalContent: text('additional_content'),
    published: boolean('published').notNull().default(true),
    /** The reference panel learners open beside a question (sanitised rich text); '' when there is none. */
    referencePanel: text('reference_panel').notNull().default(''),
    /** Published questions; kept by the services that change questions (counted, not incremented). */
    questionCount: integer('question_count').notNull().default(0),
    /** Active student subscriptions; recounted in the transaction of every subscription change. */
    learnersCount: integer('learners_count').notNull().default(0),
    /**
     * The most students with access an admin allows (a hard cap on enrolment); null: no cap. Enrolment past it
     * is refused with a message that names it.
     */
    studentCap: integer('student_cap'),
    /**
     * When a superuser suspended the QBank (docs/superuser-products.md): off the store (published is false while
     * it lasts), its staff read-only; null when it is not suspended.
     */
    suspendedAt: ts('suspended_at'),
    /** While suspended: whether its learners KEEP their access or are put on HOLD; null when not suspended. */
    suspendedLearnerAccess: text('suspended_learner_access', { enum: ['KEEP', 'HOLD'] }),
    /** While suspended: whether it was published before, which restoring gives back; null when not suspended. */
    suspendedPublished: boolean('suspended_published'),
    /** Store search (SPEC §7 productSearchContent) over name and content. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(name, '') || ' ' || coalesce(content, ''))`,
    ),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('products_name_idx').on(t.name),
    index('products_lower_name_idx').on(sql`lower(${t.name})`, t.id),
    // One QBank per name in any case (Super → Products creates them; docs/superuser-products.md).
    uniqueIndex('products_name_unique_idx').on(sql`lower(${t.name})`),
    index('products_search_idx').using('gin', t.searchVector),
  ],
);

export const productLogos = pgTable('product_logos', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  logoType: text('logo_type', { enum: ['HEADER_LOGO', 'PRODUCT_LOGO'] }).notNull(),
  url: text('url').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const subjects = pgTable('subjects', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  subjectId: uuid('subject_id')
    .notNull()
    .references(() => subjects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const subcategories = pgTable('subcategories', {
  id: uuid('id').primaryKey().defaultRandom(),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

/** Billing plans: price in cents (USD). */
export const billingPlans = pgTable(
  'billing_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    planName: text('plan_name').notNull(),
    priceCents: integer('price_cents').notNull(),
    frequencyType: text('frequency_type', {
      enum: ['MONTHLY', 'QUARTERLY', 'HALF_YEARLY', 'YEARLY', 'INDEFINITE'],
    }).notNull(),
    autoRenewForSubscription: boolean('auto_renew').notNull().default(false),
    billingPlanType: text('billing_plan_type', { enum: ['PUBLIC', 'PRIVATE', 'INSTITUTIONAL'] })
      .notNull()
      .default('PUBLIC'),
    active: boolean('active').notNull().default(true),
    stripePriceId: text('stripe_price_id'),
    /**
     * A renewing price with this plan's amount and frequency, made the first time a buyer of this one-time plan
     * turns auto-renew on in Account Settings. Never sold in the store, so it is not a stripePriceId.
     */
    renewalPriceId: text('renewal_price_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_plans_product_idx').on(t.productId),
    // One plan per provider price: a price id names exactly one plan, so checkout cannot sell another product.
    uniqueIndex('billing_plans_price_uniq').on(t.stripePriceId).where(sql`stripe_price_id IS NOT NULL`),
  ],
);

/**
 * The store's version: one row, raised by statement triggers on products and billing_plans (migration 0007), so
 * the store search cache asks one key lookup, not a scan, whether anything it answers from has changed. It
 * changes in the writing transaction, so it becomes visible together with the write.
 */
export const storeVersion = pgTable('store_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** A user's membership of a product, with role flags (SPEC §3, §6). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    billingPlanId: uuid('billing_plan_id').references(() => billingPlans.id),
    type: text('type', { enum: ['BASIC', 'PREMIUM', 'PRIVILEGED'] }).notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * An instructor's hold on a student's access, whatever the billing says (docs/roster.md): SUSPENDED (listed
     * as such) or REMOVED (out of the list); null when none. A purchase or reactivation leaves it as it is.
     */
    accessHold: text('access_hold', { enum: ['SUSPENDED', 'REMOVED'] }),
    accessHoldAt: ts('access_hold_at'),
    student: boolean('student').notNull().default(true),
    questionWriter: boolean('question_writer').notNull().default(false),
    questionAuditor: boolean('question_auditor').notNull().default(false),
    instructor: boolean('instructor').notNull().default(false),
    admin: boolean('admin').notNull().default(false),
    /** Since when the subscription holds a staff role (docs/staff.md); null while it holds none. */
    staffSince: ts('staff_since'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    currentPeriodEnd: ts('current_period_end'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The `created` time of the newest provider event applied, so an older event arriving late changes nothing. */
    providerEventAt: ts('provider_event_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One subscription per user and product: a new purchase reactivates or extends it, never duplicates it.
    uniqueIndex('subscriptions_user_product_key').on(t.userId, t.productId),
    index('subscriptions_product_idx').on(t.productId),
    index('subscriptions_provider_idx').on(t.providerSubscriptionId),
    index('subscriptions_period_end_idx').on(t.currentPeriodEnd).where(sql`active`),
  ],
);

/** Checkout sessions we created at the payment provider, to answer the success page and attribute sales. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    billingPlanId: uuid('billing_plan_id')
      .notNull()
      .references(() => billingPlans.id),
    /** The landing page's referral token, for attribution (DESIGN.md §5). */
    tokenId: text('token_id'),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId),
    // Super → Products sums each product's completed checkouts (docs/superuser-products.md).
    index('checkout_sessions_product_complete_idx').on(t.productId).where(sql`status = 'complete'`),
  ],
);
