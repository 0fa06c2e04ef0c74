import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { billingPlans, products } from './catalogue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Money received for a product (docs/sales.md): one row per charge the payment provider reported, written in
 * the transaction that applies its verified event. A first purchase is a paid checkout session, a renewal a
 * paid invoice of a renewing subscription; `provider_ref` (the session's or the invoice's id) makes each
 * charge count once, however often its events are delivered.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    billingPlanId: uuid('billing_plan_id').references(() => billingPlans.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['PURCHASE', 'RENEWAL'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** ISO 4217 code as the provider reports it (lower case, `usd`). */
    currency: text('currency').notNull(),
    providerRef: text('provider_ref').notNull(),
    /** The referral token the purchase's checkout carried (DESIGN.md §5); null for none and for renewals. */
    tokenId: text('token_id'),
    paidAt: ts('paid_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.providerRef),
    // Revenue by month and plan of one product over a period: a range of this index.
    index('payments_product_paid_idx').on(t.productId, t.paidAt),
    // The tokens that brought a product its purchases (Sales' referral table).
    index('payments_product_token_idx').on(t.productId, t.tokenId).where(sql`token_id IS NOT NULL`),
  ],
);
