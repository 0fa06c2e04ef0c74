import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A person. `passwordHash` is null until registration is completed; `emailVerifiedAt` marks a finished registration. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    emailVerifiedAt: ts('email_verified_at'),
    stripeCustomerId: text('stripe_customer_id'),
    lastUsedProductId: uuid('last_used_product_id'),
    superuser: boolean('superuser').notNull().default(false),
    passwordChangedAt: ts('password_changed_at'),
    /** Set by a superuser (docs/superuser.md): the account cannot sign in and has no session; its data is kept. */
    disabledAt: ts('disabled_at'),
    /** The referral token the browser carried when the account was signed up for (docs/sales.md); null for none. */
    referralTokenId: text('referral_token_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Super → Users searches by prefix (docs/superuser.md): C-collated, so a LIKE 'prefix%' is a range of each,
    // read in the list's order (the key, then the id) with no sort.
    index('users_email_search_idx').on(sql`(lower(${t.email}) COLLATE "C")`, t.id),
    index('users_full_name_search_idx').on(
      sql`(lower(${t.firstName} || ' ' || ${t.lastName}) COLLATE "C")`,
      t.id,
    ),
    index('users_last_name_search_idx').on(sql`(lower(${t.lastName}) COLLATE "C")`, t.id),
    index('users_referral_token_idx').on(t.referralTokenId).where(sql`referral_token_id IS NOT NULL`),
  ],
);

/** A signed-in session. Only the hash of the cookie's id is stored; the access token doubles as the CSRF token. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use links (registration, password reset): random, stored hashed, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['REGISTRATION', 'PASSWORD_RESET'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
