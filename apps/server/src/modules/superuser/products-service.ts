import {
  ErrorCode,
  STAFF_ROLES,
  type StaffRole,
  SUPER_PRODUCTS_PAGE_SIZE,
  type SuperProductActionResult,
  type SuperProductDetail,
  type SuperProductRow,
  type SuperProductsPage,
} from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { testsService } from '../exams';
import { applyStaffRoles, sendStaffInvitation } from '../staff';
import {
  adminsOf,
  findProductRow,
  insertUnpublishedProduct,
  learnerIdsOf,
  lockAdminsAnd,
  lockProduct,
  nameTaken,
  type ProductRow,
  productExists,
  searchProducts,
  setSuspension,
  staffFigures,
  verifiedAccountByEmail,
} from './products-repository';

const noSuchProduct = () => new AppError(ErrorCode.NOT_FOUND, 'No such QBank', 'id');
const nameInUse = (name: string) =>
  new AppError(ErrorCode.CONFLICT, `A QBank named "${name}" already exists`, 'name');

/** PostgreSQL's unique_violation of the products' name index, however deep the driver wrapped it. */
function isNameClash(err: unknown) {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    i++
  ) {
    if (e.code === '23505' && (e.constraint === undefined || e.constraint === 'products_name_unique_idx'))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

const rowOf = (p: ProductRow): SuperProductRow => ({
  uuid: p.id,
  name: p.name,
  productCategory: p.product_category,
  published: p.published,
  suspendedAt: p.suspended_at?.toISOString() ?? null,
  learnerAccess: p.suspended_learner_access,
  publishedBeforeSuspension: p.suspended_at ? (p.suspended_published ?? false) : null,
  admins: p.admins.map((a) => ({
    userUuid: a.id,
    name: `${a.first_name} ${a.last_name}`.trim(),
    email: a.email,
  })),
  activeStudents: p.learners_count,
  revenue: Number(p.revenue_cents) / 100,
  completedCheckouts: p.checkouts,
  createdAt: p.created_at.toISOString(),
});

/**
 * Super → Products (docs/superuser-products.md): superusers see every QBank, create one with its first admin,
 * suspend and restore it, and move its admin role. Each change is one transaction with its audit entry.
 */
export function superuserProductsService(deps: Deps) {
  const { db, clock } = deps;
  const tests = testsService(deps);
  const only = (actor: Actor) => authorize(actor, 'superuser.products', {});

  async function detail(tx: DbOrTx, id: string): Promise<SuperProductDetail> {
    const p = await findProductRow(tx, id);
    if (!p) throw noSuchProduct();
    const figures = await staffFigures(tx, id, clock.now());
    return {
      ...rowOf(p),
      questionCount: p.question_count,
      staffCount: figures.staffCount,
      pendingAdminInvitations: figures.invitations.map((i) => ({
        uuid: i.id,
        email: i.email,
        expiresAt: i.expires_at.toISOString(),
      })),
    };
  }

  const audit = (
    tx: DbOrTx,
    actor: Actor,
    productId: string,
    action: string,
    now: Date,
    details: Record<string, unknown>,
  ) => appendAudit(tx, { actorId: actor.userId, productId, action, details, at: now });

  return {
    async products(actor: Actor, search: string, page: number): Promise<SuperProductsPage> {
      await only(actor);
      const rows = await searchProducts(db, search, page);
      return {
        products: rows.slice(0, SUPER_PRODUCTS_PAGE_SIZE).map(rowOf),
        page,
        pageSize: SUPER_PRODUCTS_PAGE_SIZE,
        hasMore: rows.length > SUPER_PRODUCTS_PAGE_SIZE,
      };
    },

    async product(actor: Actor, id: string): Promise<SuperProductDetail> {
      await only(actor);
      return detail(db, id);
    },

    /**
     * A new QBank, unpublished (its admin fills it and publishes it), and its first admin: a verified account
     * with the address gets the admin role at once; any other address a staff invitation with it. The name is
     * unique in any case: the unique index decides between creations at the same moment.
     */
    async create(
      actor: Actor,
      input: { name: string; category: string; adminEmail: string },
    ): Promise<SuperProductActionResult> {
      await only(actor);
      if (await nameTaken(db, input.name)) throw nameInUse(input.name);
      let invited = false;
      const result = await db
        .transaction(async (tx) => {
          const now = clock.now();
          const id = await insertUnpublishedProduct(tx, { name: input.name, category: input.category, now });
          const account = await verifiedAccountByEmail(tx, input.adminEmail);
          if (account)
            await applyStaffRoles(tx, {
              productId: id,
              userId: account.id,
              roles: ['ADMIN'],
              grantOnly: true,
              actorId: actor.userId,
              now,
              details: { email: input.adminEmail },
            });
          else {
            await sendStaffInvitation(tx, deps, {
              productId: id,
              product: input.name,
              email: input.adminEmail,
              roles: ['ADMIN'],
              actorId: actor.userId,
              now,
            });
            invited = true;
          }
          await audit(tx, actor, id, 'product.create', now, {
            productId: id,
            name: input.name,
            before: null,
            after: {
              name: input.name,
              category: input.category,
              published: false,
              admin: input.adminEmail,
              adminInvited: invited,
            },
          });
          return {
            product: await detail(tx, id),
            message: invited
              ? `QBank created: ${input.adminEmail} has no account yet and was invited as its admin`
              : `QBank created with ${input.adminEmail} as its admin`,
          };
        })
        .catch((err) => {
          throw isNameClash(err) ? nameInUse(input.name) : err;
        });
      if (invited) deps.jobs.kick();
      return result;
    },

    /**
     * Suspends the QBank (off the store: unpublished while it lasts; its staff read-only; its learners keep
     * their access or are held) or restores it as it was (published again if it was). The product's row is
     * locked, so a suspension and a transfer of it happen one after the other.
     */
    async setSuspended(
      actor: Actor,
      id: string,
      input: { suspended: boolean; learnerAccess: 'KEEP' | 'HOLD' },
    ): Promise<SuperProductActionResult> {
      await only(actor);
      return db.transaction(async (tx) => {
        // Learners put on HOLD have their running tests paused, as an instructor's hold does (roster): the
        // tests first, then the product's row, the order an answer being recorded takes its locks in.
        if (input.suspended && input.learnerAccess === 'HOLD')
          await tests.pauseTestsOf(tx, await learnerIdsOf(tx, id), id);
        const p = await lockProduct(tx, id);
        if (!p) throw noSuchProduct();
        const now = clock.now();
        const before = {
          suspended: !!p.suspended_at,
          learnerAccess: p.suspended_learner_access,
          published: p.published,
        };
        if (input.suspended) {
          if (p.suspended_at && p.suspended_learner_access === input.learnerAccess)
            return { product: await detail(tx, id), message: 'Already suspended' };
          // Suspending again only changes what learners are left with; the state before stays the one restored.
          const wasPublished = p.suspended_at ? (p.suspended_published ?? false) : p.published;
          await setSuspension(tx, id, {
            published: false,
            suspendedAt: p.suspended_at ?? now,
            learnerAccess: input.learnerAccess,
            suspendedPublished: wasPublished,
            now,
          });
          await audit(tx, actor, id, 'product.suspend', now, {
            productId: id,
            name: p.name,
            before,
            after: { suspended: true, learnerAccess: input.learnerAccess, published: false },
          });
          return {
            product: await detail(tx, id),
            message:
              input.learnerAccess === 'HOLD'
                ? 'QBank suspended: its learners have no access until it is restored'
                : 'QBank suspended: its learners keep their access',
          };
        }
        if (!p.suspended_at) return { product: await detail(tx, id), message: 'Not suspended' };
        const published = p.suspended_published ?? false;
        await setSuspension(tx, id, {
          published,
          suspendedAt: null,
          learnerAccess: null,
          suspendedPublished: null,
          now,
        });
        await audit(tx, actor, id, 'product.restore', now, {
          productId: id,
          name: p.name,
          before,
          after: { suspended: false, learnerAccess: null, published },
        });
        return { product: await detail(tx, id), message: 'QBank restored' };
      });
    },

    /**
     * Moves the admin role to the verified account with the address: it becomes admin (keeping any roles it
     * had), and every other admin loses the admin role only (their other roles stay). The new admin is granted
     * before the others lose it, so the QBank always has one. Locks: the admins' and the new admin's
     * subscriptions (as every staff change takes them), then the product's row.
     */
    async transfer(actor: Actor, id: string, toEmail: string): Promise<SuperProductActionResult> {
      await only(actor);
      return db.transaction(async (tx) => {
        if (!(await productExists(tx, id))) throw noSuchProduct();
        const account = await verifiedAccountByEmail(tx, toEmail);
        if (!account)
          throw new AppError(
            ErrorCode.VALIDATION,
            `${toEmail} has no verified account: the new admin must have one`,
            'toEmail',
          );
        await lockAdminsAnd(tx, id, account.id);
        const p = (await lockProduct(tx, id))!;
        const now = clock.now();
        const admins = await adminsOf(tx, id);
        const beforeAdmins = admins.map((a) => a.email).sort();
        if (admins.length === 1 && admins[0]!.user_id === account.id)
          return { product: await detail(tx, id), message: `${toEmail} is already its only admin` };
        await applyStaffRoles(tx, {
          productId: id,
          userId: account.id,
          roles: ['ADMIN'],
          grantOnly: true,
          actorId: actor.userId,
          now,
          details: { email: toEmail, transfer: true },
        });
        for (const a of admins) {
          if (a.user_id === account.id) continue;
          const kept: StaffRole[] = STAFF_ROLES.filter(
            (r) =>
              (r === 'WRITER' && a.question_writer) ||
              (r === 'AUDITOR' && a.question_auditor) ||
              (r === 'INSTRUCTOR' && a.instructor),
          );
          await applyStaffRoles(tx, {
            productId: id,
            userId: a.user_id,
            roles: kept,
            actorId: actor.userId,
            now,
            details: { email: a.email, transfer: true },
          });
        }
        await audit(tx, actor, id, 'product.transfer', now, {
          productId: id,
          name: p.name,
          before: { admins: beforeAdmins },
          after: { admins: [toEmail] },
        });
        return { product: await detail(tx, id), message: `${toEmail} is now the admin of ${p.name}` };
      });
    },
  };
}
