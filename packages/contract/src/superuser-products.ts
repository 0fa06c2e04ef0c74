import { z } from 'zod';
import { emailField } from './accounts';
import { PRODUCT_CATEGORY_VALUES } from './store';
import { textField, wholeNumber } from './text';

// Super → Products (docs/superuser-products.md): superusers see every QBank with its admins and figures, create
// one for a new customer with its first admin, suspend and restore it, and move its admin role to someone else.

/** A page of Super → Products: 20 rows, at most 50 pages deep. */
export const SUPER_PRODUCTS_PAGE_SIZE = 20;
export const SUPER_PRODUCTS_PAGE_MAX = 49;

/** What a staff member of a suspended QBank is told when they try to change it (403). */
export const PRODUCT_SUSPENDED_MESSAGE = 'This QBank is suspended: its content can be read but not changed';

/** While a QBank is suspended, its learners keep their access (KEEP) or lose it until it is restored (HOLD). */
export const LEARNER_ACCESS = ['KEEP', 'HOLD'] as const;
export type LearnerAccess = (typeof LEARNER_ACCESS)[number];

/** GET superuser/products: QBanks whose name contains `search` (any case), by name. */
export const superProductsQuery = z.object({
  search: textField('search', 'search must be text')
    .trim()
    .max(200, { error: 'search must be at most 200 characters' })
    .default(''),
  page: wholeNumber('page', 0, SUPER_PRODUCTS_PAGE_MAX).default(0),
});
export type SuperProductsQuery = z.input<typeof superProductsQuery>;

export const superProductAdmin = z.object({
  userUuid: z.uuid(),
  name: z.string(),
  email: z.string(),
});
export type SuperProductAdmin = z.infer<typeof superProductAdmin>;

/** One QBank as the list shows it. */
export const superProductRow = z.object({
  uuid: z.uuid(),
  name: z.string(),
  productCategory: z.string(),
  /** On the store now (false while suspended). */
  published: z.boolean(),
  /** When a superuser suspended it; null when it is not suspended. */
  suspendedAt: z.string().nullable(),
  /** While suspended: what its learners were left with; null when not suspended. */
  learnerAccess: z.enum(LEARNER_ACCESS).nullable(),
  /** While suspended: whether restoring puts it back on the store; null when not suspended. */
  publishedBeforeSuspension: z.boolean().nullable(),
  admins: z.array(superProductAdmin),
  /** Students with access now. */
  activeStudents: z.number().int(),
  /** The money it received (purchases and renewals, the payments ledger Sales reads), in the store's currency. */
  revenue: z.number(),
  completedCheckouts: z.number().int(),
  createdAt: z.string(),
});
export type SuperProductRow = z.infer<typeof superProductRow>;

export const superProductsPage = z.object({
  products: z.array(superProductRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type SuperProductsPage = z.infer<typeof superProductsPage>;

/** A pending staff invitation with the admin role (a first admin who has no account yet). */
export const superProductInvitation = z.object({
  uuid: z.uuid(),
  email: z.string(),
  expiresAt: z.string(),
});

/** GET superuser/products/{id}: the row, with its staff count and pending admin invitations. */
export const superProductDetail = superProductRow.extend({
  staffCount: z.number().int(),
  questionCount: z.number().int(),
  pendingAdminInvitations: z.array(superProductInvitation),
});
export type SuperProductDetail = z.infer<typeof superProductDetail>;

export const superProductParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

/** POST superuser/products: a new, unpublished QBank and its first admin. */
export const createSuperProductInput = z.object({
  name: textField('name')
    .trim()
    .min(1, { error: 'name is required' })
    .max(200, { error: 'name must be at most 200 characters' }),
  category: z.enum(PRODUCT_CATEGORY_VALUES, { error: 'category must be one of the store categories' }),
  adminEmail: emailField('adminEmail'),
});
export type CreateSuperProductInput = z.input<typeof createSuperProductInput>;

/** POST superuser/products/{id}/suspended. `learnerAccess` matters only when suspending. */
export const suspendProductInput = z.object({
  suspended: z.boolean({ error: 'suspended must be true or false' }),
  learnerAccess: z
    .enum(LEARNER_ACCESS, { error: `learnerAccess must be one of ${LEARNER_ACCESS.join(', ')}` })
    .default('KEEP'),
});
export type SuspendProductInput = z.input<typeof suspendProductInput>;

/** POST superuser/products/{id}/transfer: the admin role moves to the account with this address. */
export const transferProductInput = z.object({ toEmail: emailField('toEmail') });
export type TransferProductInput = z.input<typeof transferProductInput>;

/** What an action answers: the QBank as it is now, and a sentence for the screen. */
export const superProductActionResult = z.object({
  product: superProductDetail,
  message: z.string(),
});
export type SuperProductActionResult = z.infer<typeof superProductActionResult>;
