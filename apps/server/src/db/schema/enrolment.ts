import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';
import { cohorts } from './roster';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The most students a product had with access in each calendar month (UTC): the Private plan includes 50 and
 * bills each one over that per month (SPEC §1). Raised in the transaction of every change of the count.
 */
export const productSeatMonths = pgTable(
  'product_seat_months',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    peak: integer('peak').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.month] })],
);

/**
 * An instructor's invitation of an e-mail address that has no account yet: the mail's link (its token, kept as
 * a hash) registers the person and enrols them. Pending while neither accepted, revoked nor expired; one pending
 * invitation per address and product.
 */
export const enrolmentInvitations = pgTable(
  'enrolment_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** As typed, trimmed; compared in lower case. */
    email: text('email').notNull(),
    cohortId: uuid('cohort_id').references(() => cohorts.id, { onDelete: 'set null' }),
    /** SHA-256 of the link's token: the token itself is only ever in the mail. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('enrolment_invitations_token_key').on(t.tokenHash),
    uniqueIndex('enrolment_invitations_pending_key')
      .on(t.productId, sql`lower(${t.email})`)
      .where(sql`accepted_at IS NULL AND revoked_at IS NULL`),
    index('enrolment_invitations_product_idx').on(t.productId, t.createdAt),
  ],
);

/**
 * A code (and the link that carries it) a learner uses to join a product: optionally into a cohort, for at
 * most `seatLimit` learners, until `expiresAt`; revocable.
 */
export const enrolmentCodes = pgTable(
  'enrolment_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** What the learner types or the link carries: unique across products, compared in upper case. */
    code: text('code').notNull(),
    cohortId: uuid('cohort_id').references(() => cohorts.id, { onDelete: 'set null' }),
    seatLimit: integer('seat_limit'),
    uses: integer('uses').notNull().default(0),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrolment_codes_code_key').on(sql`upper(${t.code})`),
    index('enrolment_codes_product_idx').on(t.productId, t.createdAt),
  ],
);
