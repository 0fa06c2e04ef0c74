import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An admin's invitation of an address without an account to a product's staff (docs/staff.md): the mail's link
 * (its token, kept as a hash) makes the account and gives it the roles. One pending invitation per address and
 * product; pending while neither accepted, revoked nor expired.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Normalised (lower case). */
    email: text('email').notNull(),
    /** The roles the person gets: WRITER, AUDITOR, INSTRUCTOR, ADMIN. */
    roles: text('roles').array().notNull(),
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
    uniqueIndex('staff_invitations_token_key').on(t.tokenHash),
    uniqueIndex('staff_invitations_pending_key')
      .on(t.productId, sql`lower(${t.email})`)
      .where(sql`accepted_at IS NULL AND revoked_at IS NULL`),
    index('staff_invitations_product_idx').on(t.productId, t.createdAt),
  ],
);
