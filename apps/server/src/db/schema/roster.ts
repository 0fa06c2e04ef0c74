import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A group of a product's students (a class, a year, a site), made by its instructors and admins. Archived ones
 * keep their members and drop out of the lists. Names are unique in a product, case aside.
 */
export const cohorts = pgTable(
  'cohorts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cohorts_product_name_key').on(t.productId, sql`lower(${t.name})`)],
);

/** Who is in a cohort: a student may be in several. */
export const cohortMembers = pgTable(
  'cohort_members',
  {
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cohortId, t.userId] }), index('cohort_members_user_idx').on(t.userId)],
);

/**
 * Every privileged action, written in the transaction that makes it (DESIGN: who, when, what). Append-only: a
 * trigger (migration 0021) refuses UPDATE and DELETE, so history cannot be rewritten through the app's role.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    /** Who acted. No foreign key: the row outlives the user (a cascade would have to rewrite history). */
    actorId: uuid('actor_id'),
    /** The product acted on, when there is one. */
    productId: uuid('product_id'),
    /** What was done: 'cohort.create', 'cohort.members.add'… */
    action: text('action').notNull(),
    /** The details: ids, names, before and after. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_product_at_idx').on(t.productId, t.at)],
);

/**
 * An instructor's test, kept to assign (the Test Bank): its name and archive flag; what it holds is in its
 * versions, the newest being `current_version` (docs/test-bank.md).
 */
export const testTemplates = pgTable(
  'test_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    archivedAt: ts('archived_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('test_templates_product_updated_idx').on(t.productId, t.updatedAt, t.id)],
);

/**
 * One saved state of a template, never changed once written: an assignment keeps the version it was made
 * from whatever is saved after it. `spec` is the template's whole definition as the contract's templateInput.
 */
export const testTemplateVersions = pgTable(
  'test_template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => testTemplates.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_template_versions_number_key').on(t.templateId, t.number)],
);
