import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailAddress: text('email_address').notNull(),
    subject: text('subject', { enum: ['SALES', 'FEEDBACK', 'SUPPORT', 'OTHER'] }).notNull(),
    description: text('description').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // A sender's recent messages: a double submit is found by them.
  (t) => [index('contact_messages_sender_idx').on(t.emailAddress, t.createdAt)],
);

/** Referral tokens seen on the landing page (DESIGN.md §5). */
export const referralVisits = pgTable(
  'referral_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: text('token_id').notNull(),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('referral_visits_token_idx').on(t.tokenId),
    // Sales (docs/sales.md): a token's visits in a period.
    index('referral_visits_token_created_idx').on(t.tokenId, t.createdAt),
  ],
);

/**
 * Background work (mail, webhook processing), claimed with FOR UPDATE SKIP LOCKED for a short lease
 * (`locked_until`, renewed while the handler runs) by the claim named in `locked_by` (infra/jobs.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: ts('locked_until'),
    /** The claim that holds the job: a runner changes the row only while its claim is still here. */
    lockedBy: text('locked_by'),
    /** What the handler reported: done of total and a message, for a screen to show. */
    progress: jsonb('progress').$type<{ done: number; total?: number; message?: string }>(),
    /** A marker an attempt saved for the next one (SMTP: sending started, with the Message-ID). */
    checkpoint: jsonb('checkpoint').$type<Record<string, unknown>>(),
    lastError: text('last_error'),
    doneAt: ts('done_at'),
    failedAt: ts('failed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`done_at IS NULL AND failed_at IS NULL`),
    // Platform health (docs/platform-health.md): the newest failures and the newest finished jobs, a page at a time.
    index('jobs_failed_idx').on(t.failedAt.desc(), t.id.desc()).where(sql`failed_at IS NOT NULL`),
    index('jobs_done_idx').on(t.doneAt.desc(), t.id.desc()).where(sql`done_at IS NOT NULL`),
  ],
);

/** Periodic tasks run once across all instances: whoever moves `next_run_at` forward first runs it. */
export const periodicTasks = pgTable('periodic_tasks', {
  name: text('name').primaryKey(),
  nextRunAt: ts('next_run_at').notNull(),
  lastRunAt: ts('last_run_at'),
});

/**
 * Payment-provider webhook events, each processed once by its id. A delivery whose processing failed is kept
 * too (processed_at null, failed_at and last_error set), so Platform health can show it and replay it.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
    /** Times processing was tried: deliveries and replays. */
    attempts: integer('attempts').notNull().default(1),
    /** The last failed try, while the event is not processed. */
    failedAt: ts('failed_at'),
    /** What the last failed try (a delivery or a replay) said; cleared when processing succeeds. */
    lastError: text('last_error'),
  },
  (t) => [
    index('webhook_events_received_idx').on(t.receivedAt.desc(), t.id.desc()),
    index('webhook_events_processed_idx')
      .on(t.processedAt.desc(), t.id.desc())
      .where(sql`processed_at IS NOT NULL`),
    index('webhook_events_failed_idx')
      .on(t.failedAt.desc(), t.id.desc())
      .where(sql`processed_at IS NULL AND failed_at IS NOT NULL`),
    // A purchase event checks whether the provider already deleted its subscription (events can overtake each other).
    index('webhook_events_deleted_subscription_idx')
      .on(sql`(${t.payload} -> 'data' -> 'object' ->> 'id')`)
      .where(sql`type = 'customer.subscription.deleted'`),
  ],
);

/**
 * Provider checkout sessions whose purchase has been granted: a session is fulfilled once, whichever events
 * report it (the same completion under two event ids, completed then async_payment_succeeded). Written in the
 * transaction that grants the access, so a grant and its record commit together.
 */
export const fulfilledCheckouts = pgTable('fulfilled_checkouts', {
  sessionId: text('session_id').primaryKey(),
  eventId: text('event_id').notNull(),
  fulfilledAt: ts('fulfilled_at').notNull().defaultNow(),
});

/** The embedded mail transport: every message kept here and shown at the dev mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // Platform health's list of sent mail, newest first.
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** Small platform-wide values made once and shared by every instance (e.g. the embedded provider's webhook secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The embedded payment provider's own records (DESIGN.md §2): what Stripe would keep on its side. Only the
 * local adapter reads or writes these tables.
 */
export const localPaymentSessions = pgTable('local_payment_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  customerEmail: text('customer_email').notNull(),
  priceId: text('price_id').notNull(),
  productName: text('product_name').notNull(),
  planName: text('plan_name').notNull(),
  amountCents: integer('amount_cents').notNull(),
  frequencyType: text('frequency_type').notNull(),
  recurring: boolean('recurring').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  status: text('status', { enum: ['open', 'paid', 'canceled'] })
    .notNull()
    .default('open'),
  subscriptionId: text('subscription_id'),
  /** A renewing purchase made while access still runs: nothing is charged until then (Stripe: trial_end). */
  trialEnd: ts('trial_end'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const localPaymentSubscriptions = pgTable(
  'local_payment_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    priceId: text('price_id').notNull(),
    frequencyType: text('frequency_type').notNull(),
    amountCents: integer('amount_cents').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['active', 'canceled'] })
      .notNull()
      .default('active'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('local_payment_subscriptions_due_idx').on(t.currentPeriodEnd).where(sql`status = 'active'`)],
);
