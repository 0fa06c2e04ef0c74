import { AsyncLocalStorage } from 'node:async_hooks';
import {
  allowedStatuses,
  creatableStatuses,
  ErrorCode,
  mayDiscardRevision,
  PRODUCT_SUSPENDED_MESSAGE,
  type QuestionRole,
  type QuestionStatus,
} from '@qbank/contract';
import { AppError } from '../lib/app-error';
import type { Actor } from './actor';

export type { Actor, ProductRoles } from './actor';
export { makeActor } from './actor';

interface Policy<R> {
  /** Whether the actor (null: a visitor who is not signed in) may do it to the resource. */
  allows(actor: Actor | null, resource: R): boolean | Promise<boolean>;
  /** What a refusal answers. A thing the actor may not even see answers 404, never a hint that it exists. */
  deny(resource: R): AppError;
}
const policy = <R>(p: Policy<R>) => p;

/** What a student the product's instructors suspended or removed is told when they reach for it. */
export const ACCESS_HELD_MESSAGE = 'Your access to this QBank has been suspended by its instructors';

const signedIn = (actor: Actor | null): actor is Actor => actor !== null;

/** Whether the actor runs the product: a superuser, or the admin of an active subscription to it. */
async function runsProduct(actor: Actor | null, productId: string) {
  if (!signedIn(actor)) return false;
  if (actor.superuser) return true;
  const roles = await actor.rolesIn(productId);
  return !!roles?.active && roles.admin;
}

/** Whether the actor runs the product's students (SPEC §6): a superuser, or an active instructor or admin of it. */
async function teachesProduct(actor: Actor | null, productId: string) {
  if (!signedIn(actor)) return false;
  if (actor.superuser) return true;
  const roles = await actor.rolesIn(productId);
  return !!roles?.active && (roles.instructor || roles.admin);
}

/** Whether the actor has an active subscription to the product (any type, any role). */
async function subscribedTo(actor: Actor | null, productId: string) {
  return signedIn(actor) && !!(await actor.rolesIn(productId))?.active;
}

/** The caller's authoring roles in a product: none without an active subscription; all for a superuser. */
async function authoringRoles(actor: Actor | null, productId: string) {
  const none = { admin: false, writer: false, auditor: false };
  if (!signedIn(actor)) return none;
  if (actor.superuser) return { admin: true, writer: true, auditor: true };
  const roles = await actor.rolesIn(productId);
  if (!roles?.active) return none;
  return { admin: roles.admin, writer: roles.questionWriter, auditor: roles.questionAuditor };
}

/** A question as the rules see it: its product, author, current status and free-sample flag. */
interface QuestionResource {
  productId: string;
  authorId: string;
  status: QuestionStatus;
  freeSample: boolean;
  /** The version learners get (decision 0028): null when none; older than the current one during a revision. */
  published: { freeSample: boolean } | null;
}

/** Whether the caller sees the question as staff: an admin or auditor of its product, or its writer. */
async function staffOf(actor: Actor | null, q: { productId: string; authorId: string }) {
  const r = await authoringRoles(actor, q.productId);
  return r.admin || r.auditor || (r.writer && actor?.userId === q.authorId);
}

const noSuchQuestion = () => new AppError(ErrorCode.NOT_FOUND, 'No such question', 'id');

/** Whether the actor works on the product's questions: a superuser, or a writer, auditor or admin (active). */
async function productStaff(actor: Actor | null, productId: string) {
  if (!signedIn(actor)) return false;
  if (actor.superuser) return true;
  const roles = await actor.rolesIn(productId);
  return !!roles?.active && (roles.questionWriter || roles.questionAuditor || roles.admin);
}

/**
 * Every authorisation rule of the product, in one place (SPEC §6, DESIGN §4-5). The contract's `access` says who
 * may call at all (public, user, optional); services ask here what that caller may do to a thing, and each route
 * declares the rules its answers depend on (plugins/route.ts checks they were asked).
 */
export const policies = {
  /** A user's own account; a superuser may read anyone's. */
  'user.read': policy<{ userId: string }>({
    allows: (a, r) => signedIn(a) && (a.userId === r.userId || a.superuser),
    deny: () => new AppError(ErrorCode.NOT_FOUND, 'No such user'),
  }),
  /** Changing one's own active product. */
  'user.setActiveProduct': policy<{ userId: string }>({
    allows: (a, r) => signedIn(a) && a.userId === r.userId,
    deny: () => new AppError(ErrorCode.FORBIDDEN, 'You can change only your own active product', 'userUuid'),
  }),
  /** Making a product the one the app opens on: one the caller has an active subscription to. */
  'product.makeActive': policy<{ productId: string }>({
    allows: (a, r) => subscribedTo(a, r.productId),
    deny: () =>
      new AppError(ErrorCode.VALIDATION, 'You have no active subscription to this product', 'productUuid'),
  }),
  /** Listing, joining, cancelling and reactivating a user's subscriptions: oneself, or a superuser. */
  'subscriptions.manage': policy<{ userId: string }>({
    allows: (a, r) => signedIn(a) && (a.userId === r.userId || a.superuser),
    deny: () => new AppError(ErrorCode.FORBIDDEN, 'You can manage only your own subscriptions', 'userId'),
  }),
  /** A product and its catalogue: published ones to anyone; unpublished ones to their members and superusers. */
  'product.view': policy<{ productId: string; published: boolean }>({
    allows: async (a, r) =>
      r.published || (signedIn(a) && (a.superuser || (await a.rolesIn(r.productId)) !== null)),
    deny: () => new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id'),
  }),
  /** The catalogue's product list with the unpublished products too: superusers only (others get the published). */
  'products.listUnpublished': policy<Record<string, never>>({
    allows: (a) => signedIn(a) && a.superuser,
    deny: () => new AppError(ErrorCode.FORBIDDEN, 'Only superusers can list unpublished products'),
  }),
  /** A product's billing plans, inactive and non-public ones included: its admins and superusers. */
  'billing.manage': policy<{ productId: string }>({
    allows: (a, r) => runsProduct(a, r.productId),
    deny: () => new AppError(ErrorCode.FORBIDDEN, "Only the product's admins can manage its billing plans"),
  }),
  /** Creating, renaming, moving, reordering and deleting a product's subjects, categories, subcategories. */
  'catalogue.manage': policy<{ productId: string }>({
    allows: (a, r) => runsProduct(a, r.productId),
    deny: () => new AppError(ErrorCode.FORBIDDEN, "Only the product's admins can change its subject tree"),
  }),
  /** The questions of each status in the subject tree (drafts, deleted ones…): the product's staff. */
  'catalogue.statusCounts': policy<{ productId: string }>({
    allows: (a, r) => productStaff(a, r.productId),
    deny: () => new AppError(ErrorCode.FORBIDDEN, "Only the product's staff can see its questions by status"),
  }),
  /** A checkout session: its own buyer only; to anyone else it does not exist. */
  'checkout.own': policy<{ buyerId: string | null | undefined }>({
    allows: (a, r) => signedIn(a) && !!r.buyerId && a.userId === r.buyerId,
    deny: () => new AppError(ErrorCode.NOT_FOUND, 'No such checkout', 'sessionId'),
  }),
  /**
   * A view of My Questions: WRITER (one's own questions) for writers, AUDITOR for auditors, ADMIN for admins
   * and superusers. Anyone else is told the product has no questions for them.
   */
  'questions.list': policy<{ productId: string; role: QuestionRole }>({
    allows: async (a, r) => {
      const roles = await authoringRoles(a, r.productId);
      if (r.role === 'WRITER') return roles.writer;
      if (r.role === 'AUDITOR') return roles.auditor;
      return roles.admin;
    },
    deny: (r) =>
      new AppError(
        ErrorCode.FORBIDDEN,
        `You do not have the ${r.role.toLowerCase()} role in this product`,
        'filterRole',
      ),
  }),
  /**
   * Reading a question: its product's staff (a writer only their own); a learner with an active subscription
   * only one with a published version (which is what they read, whatever revision is in the workflow), and on a
   * free (BASIC) plan only when that version is in the free sample. To anyone else it does not exist.
   */
  'question.read': policy<QuestionResource>({
    allows: async (a, r) => {
      if (!signedIn(a)) return false;
      if (await staffOf(a, r)) return true;
      const roles = await a.rolesIn(r.productId);
      return (
        !!roles?.active &&
        roles.student &&
        r.published !== null &&
        (roles.type !== 'BASIC' || r.published.freeSample)
      );
    },
    deny: noSuchQuestion,
  }),
  /** The review thread and the version history: the question's staff only. */
  'question.review': policy<{ productId: string; authorId: string }>({
    allows: (a, r) => staffOf(a, r),
    deny: noSuchQuestion,
  }),
  /**
   * A question's solution outside a test (its correct choice, explanation and the explanation's media,
   * references, reinforcements): the question's staff only. Anyone else who may read the question reads it
   * without (SPEC: a student gets a solution only from a tutor-mode answer or the review of their own test).
   */
  'question.solution': policy<{ productId: string; authorId: string }>({
    allows: (a, r) => staffOf(a, r),
    deny: noSuchQuestion,
  }),
  /**
   * A question's item statistics (decision 0030): its staff (writer, the product's auditors and admins) and the
   * product's instructors, who judge questions for their tests; superusers. Never a learner: to anyone else the
   * question does not exist.
   */
  'question.itemStatistics': policy<{ productId: string; authorId: string }>({
    allows: async (a, r) => (await staffOf(a, r)) || (await teachesProduct(a, r.productId)),
    deny: noSuchQuestion,
  }),
  /**
   * Browsing a product's published questions as a learner reads them, without solutions (GET
   * questions/products/{id}): any active subscription to it, and superusers. A free (BASIC) one browses only
   * the free sample, which the questions service applies.
   */
  'questions.browse': policy<{ productId: string }>({
    allows: async (a, r) => signedIn(a) && (a.superuser || (await subscribedTo(a, r.productId))),
    deny: () =>
      new AppError(
        ErrorCode.FORBIDDEN,
        'You need an active subscription to this QBank to browse its questions',
        'id',
      ),
  }),
  /**
   * Storing a media file for a question's next save (POST products/{id}/mediaFiles): the product's staff. A
   * stored file belongs to nothing until a save the rules allow names it.
   */
  'media.store': policy<{ productId: string }>({
    allows: (a, r) => productStaff(a, r.productId),
    deny: () =>
      new AppError(
        ErrorCode.FORBIDDEN,
        "Only the product's writers, auditors and admins can upload media",
        'id',
      ),
  }),
  /** Writing a new question in a status: writers (draft or submitted) and admins. */
  'question.create': policy<{ productId: string; status: QuestionStatus }>({
    allows: async (a, r) => creatableStatuses(await authoringRoles(a, r.productId)).includes(r.status),
    deny: (r) =>
      r.status === 'DRAFT'
        ? new AppError(ErrorCode.FORBIDDEN, 'You cannot write questions in this product', 'productUuid')
        : new AppError(ErrorCode.FORBIDDEN, `You cannot create a question as ${r.status}`, 'status'),
  }),
  /**
   * Importing a question file into a product (docs/question-import.md): its writers and admins, and superusers.
   * Only those 'catalogue.manage' allows have the import create the tree nodes its file names; a writer's
   * rows must name existing places.
   */
  'questions.import': policy<{ productId: string }>({
    allows: async (a, r) => {
      const roles = await authoringRoles(a, r.productId);
      return roles.writer || roles.admin;
    },
    deny: () => new AppError(ErrorCode.FORBIDDEN, 'You cannot import questions into this product', 'id'),
  }),
  /** An import, its preview and issues: the writer who uploaded it, and the product's admins and superusers. */
  'questionImport.read': policy<{ productId: string; userId: string }>({
    allows: async (a, r) => {
      const roles = await authoringRoles(a, r.productId);
      return roles.admin || (roles.writer && a?.userId === r.userId);
    },
    deny: () => new AppError(ErrorCode.NOT_FOUND, 'No such import', 'id'),
  }),
  /**
   * Saving a question from its current status to a status (the same one for an edit, DELETED for a deletion):
   * DESIGN §5's workflow, `allowedStatuses` in the contract.
   */
  'question.save': policy<{
    productId: string;
    authorId: string;
    from: QuestionStatus;
    to: QuestionStatus;
    published: unknown;
  }>({
    allows: async (a, r) => {
      const roles = await authoringRoles(a, r.productId);
      return allowedStatuses({ ...roles, isAuthor: a?.userId === r.authorId }, r.from, {
        published: !!r.published,
      }).includes(r.to);
    },
    deny: (r) =>
      r.from === r.to
        ? new AppError(ErrorCode.FORBIDDEN, `You cannot edit this question while it is ${r.from}`, 'status')
        : new AppError(
            ErrorCode.FORBIDDEN,
            `You cannot move this question from ${r.from} to ${r.to}`,
            'status',
          ),
  }),
  /**
   * Discarding a published question's revision (back to the published content, decision 0028): those who may
   * act on the revision where it is in the workflow.
   */
  'question.discardRevision': policy<{
    productId: string;
    authorId: string;
    status: QuestionStatus;
    published: unknown;
  }>({
    allows: async (a, r) => {
      const roles = await authoringRoles(a, r.productId);
      return mayDiscardRevision(
        { ...roles, isAuthor: a?.userId === r.authorId },
        { status: r.status, published: !!r.published },
      );
    },
    deny: () =>
      new AppError(ErrorCode.FORBIDDEN, 'You cannot discard this revision where it is in the workflow', 'id'),
  }),
  /**
   * Taking tests in a product (DESIGN §5): any active subscription to it. A free (BASIC) one draws only from
   * the free sample, which the tests service applies.
   */
  'tests.take': policy<{ productId: string }>({
    allows: (a, r) => subscribedTo(a, r.productId),
    deny: () =>
      new AppError(
        ErrorCode.FORBIDDEN,
        'You need an active subscription to this QBank to take its tests',
        'productUuid',
      ),
  }),
  /**
   * Reporting a problem with a question (decision 0029): a learner who has it in one of their own tests (the
   * service looks that up). To anyone else it does not exist, as it does not for 'question.read'.
   */
  'question.report': policy<{ inOwnTest: boolean }>({
    allows: (a, r) => signedIn(a) && r.inOwnTest,
    deny: noSuchQuestion,
  }),
  /** A test is its taker's alone (DESIGN §4): to anyone else it does not exist. */
  'test.own': policy<{ userId: string }>({
    allows: (a, r) => signedIn(a) && a.userId === r.userId,
    deny: () => new AppError(ErrorCode.NOT_FOUND, 'No such test', 'id'),
  }),
  /**
   * Reading one's test (the exam screen, the review) or resuming it: its taker, unless the product's
   * instructors have suspended or removed them there (docs/roster.md) — their tests stay, closed to them.
   * Asked after 'test.own', which answers 404 to anyone else.
   */
  'test.read': policy<{ userId: string; productId: string }>({
    allows: async (a, r) => signedIn(a) && a.userId === r.userId && !(await a.rolesIn(r.productId))?.held,
    deny: () => new AppError(ErrorCode.FORBIDDEN, ACCESS_HELD_MESSAGE, 'id'),
  }),
  /**
   * A product's students and their figures (SPEC §6: Students is for instructors and admins): an instructor
   * or admin with an active subscription to it, or a superuser.
   */
  'roster.read': policy<{ productId: string }>({
    allows: (a, r) => teachesProduct(a, r.productId),
    deny: () =>
      new AppError(
        ErrorCode.FORBIDDEN,
        "Only the product's instructors and admins can see its students",
        'id',
      ),
  }),
  /**
   * Grouping a product's students into cohorts, suspending, removing and restoring them: its instructors and
   * admins (active), and superusers.
   */
  'roster.manage': policy<{ productId: string }>({
    allows: (a, r) => teachesProduct(a, r.productId),
    deny: () =>
      new AppError(
        ErrorCode.FORBIDDEN,
        "Only the product's instructors and admins can manage its students",
        'id',
      ),
  }),
  /**
   * Enrolling students (invitations, codes, files) and reading the seats: the product's instructors and admins
   * (active), and superusers (SPEC §6).
   */
  'enrolment.manage': policy<{ productId: string }>({
    allows: (a, r) => teachesProduct(a, r.productId),
    deny: () =>
      new AppError(ErrorCode.FORBIDDEN, "Only the product's instructors and admins can enrol students", 'id'),
  }),
  /**
   * Building tests (the Test Bank and the Test Builder, SPEC §6): the product's instructors and admins (active),
   * and superusers.
   */
  'templates.manage': policy<{ productId: string }>({
    allows: (a, r) => teachesProduct(a, r.productId),
    deny: () =>
      new AppError(ErrorCode.FORBIDDEN, "Only the product's instructors and admins can build tests", 'id'),
  }),
  /**
   * Super → Users (docs/superuser.md): finding any account, reading its subscriptions and roles, and acting on it
   * (superuser flag, sessions, disabling, verification mail): superusers only.
   */
  'superuser.users': policy<Record<string, never>>({
    allows: (a) => signedIn(a) && a.superuser,
    deny: () => new AppError(ErrorCode.FORBIDDEN, 'Only superusers can manage users'),
  }),
  /** Super → Platform health (docs/platform-health.md): superusers only. */
  'superuser.health': policy<Record<string, never>>({
    allows: (a) => signedIn(a) && a.superuser,
    deny: () => new AppError(ErrorCode.FORBIDDEN, 'Only superusers can see platform health'),
  }),
  /**
   * Super → Products (docs/superuser-products.md): every QBank with its admins and figures; creating one,
   * suspending and restoring it, moving its admin role: superusers only.
   */
  'superuser.products': policy<Record<string, never>>({
    allows: (a) => signedIn(a) && a.superuser,
    deny: () => new AppError(ErrorCode.FORBIDDEN, 'Only superusers can manage QBanks'),
  }),
  /** A product's colours and logos (docs/branding.md): its admins and superusers only. */
  'branding.manage': policy<{ productId: string }>({
    allows: (a, r) => runsProduct(a, r.productId),
    deny: () =>
      new AppError(ErrorCode.FORBIDDEN, "Only the product's admins can change its colours and logos", 'id'),
  }),
  /** The student cap, a limit on what is billed: the product's admins and superusers only. */
  'seats.manage': policy<{ productId: string }>({
    allows: (a, r) => runsProduct(a, r.productId),
    deny: () => new AppError(ErrorCode.FORBIDDEN, "Only the product's admins can set its student cap", 'id'),
  }),
  /**
   * Reading the audit log (docs/audit-log.md): one product's entries for its admins (and superusers); the whole
   * platform's for superusers only.
   */
  'audit.read': policy<{ productId: string | null }>({
    allows: (a, r) => (r.productId === null ? signedIn(a) && a.superuser : runsProduct(a, r.productId)),
    deny: (r) =>
      new AppError(
        ErrorCode.FORBIDDEN,
        r.productId === null
          ? 'Only superusers can read the whole audit log'
          : "Only the product's admins can read its history",
        'productUuid',
      ),
  }),
  /**
   * A product's staff: granting and revoking writer, auditor, instructor and admin, and the staff invitations
   * (docs/staff.md): its admins (active) and superusers.
   */
  'staff.manage': policy<{ productId: string }>({
    allows: (a, r) => runsProduct(a, r.productId),
    deny: () => new AppError(ErrorCode.FORBIDDEN, "Only the product's admins can manage its staff", 'id'),
  }),
  /** The course platforms connected to a product by LTI (docs/lti.md): its admins and superusers. */
  'lti.manage': policy<{ productId: string }>({
    allows: (a, r) => runsProduct(a, r.productId),
    deny: () =>
      new AppError(ErrorCode.FORBIDDEN, "Only the product's admins can connect course platforms", 'id'),
  }),
  /** A product's sales: revenue, subscriptions, churn and referrals (docs/sales.md): its admins and superusers. */
  'sales.read': policy<{ productId: string }>({
    allows: (a, r) => runsProduct(a, r.productId),
    deny: () => new AppError(ErrorCode.FORBIDDEN, "Only the product's admins can see its sales", 'id'),
  }),
  /**
   * A product's store settings (name, category, texts, additionalContent) and publishing it on the store
   * (docs/product-settings.md): its admins (active) and superusers.
   */
  'product.settings': policy<{ productId: string }>({
    allows: (a, r) => runsProduct(a, r.productId),
    deny: () =>
      new AppError(ErrorCode.FORBIDDEN, "Only the product's admins can change its store settings", 'id'),
  }),
} as const;

/** The statuses the actor may save a question with (DESIGN §5), for `allowedStatuses`. */
export async function questionStatusesFor(
  actor: Actor | null,
  q: { productId: string; authorId: string; status: QuestionStatus; published: unknown },
): Promise<QuestionStatus[]> {
  const roles = await authoringRoles(actor, q.productId);
  return allowedStatuses({ ...roles, isAuthor: actor?.userId === q.authorId }, q.status, {
    published: !!q.published,
  });
}

export type Action = keyof typeof policies;

/**
 * The rules that guard a change of a product's content or people by its staff. While a superuser has the product
 * suspended (docs/superuser-products.md), a request that writes (any method but GET, as the route plugin
 * says through `writingRequest`) is refused with PRODUCT_SUSPENDED_MESSAGE once the rule itself allows it: reads
 * keep working, and a superuser is never refused. One place, so every staff write of every module follows.
 */
const STAFF_WRITES: ReadonlySet<Action> = new Set<Action>([
  'billing.manage',
  'catalogue.manage',
  'media.store',
  'question.create',
  'questions.import',
  'question.save',
  'question.discardRevision',
  'question.review',
  'roster.manage',
  'enrolment.manage',
  'templates.manage',
  'branding.manage',
  'seats.manage',
  'staff.manage',
  'product.settings',
  'lti.manage',
]);

/** Whether the request being served writes (set by plugins/route.ts for every route). */
const writing = new AsyncLocalStorage<boolean>();
export const writingRequest = <T>(write: boolean, work: () => Promise<T>): Promise<T> =>
  writing.run(write, work);

/** Throws the suspension's refusal when this is a staff write, in a write request, to a suspended product. */
async function refuseSuspendedWrite(actor: Actor | null, action: Action, resource: unknown) {
  if (!actor || actor.superuser || !writing.getStore() || !STAFF_WRITES.has(action)) return;
  const productId = (resource as { productId?: unknown }).productId;
  if (typeof productId !== 'string') return;
  if ((await actor.rolesIn(productId))?.productSuspended)
    throw new AppError(ErrorCode.FORBIDDEN, PRODUCT_SUSPENDED_MESSAGE, 'id');
}

/** The actions asked of the policies (`can` or `authorize`) while a route that declares its policies runs. */
const asked = new AsyncLocalStorage<Set<Action>>();

/**
 * Runs a route's work and answers which of the actions it declares were not asked of the policies on the way
 * (plugins/route.ts refuses to send such an answer): a declared policy the service forgot is found by the first test
 * that calls the route, not by an outsider.
 */
export async function askingPolicies<T>(
  declared: readonly Action[],
  work: () => Promise<T>,
): Promise<{ result: T; notAsked: Action[] }> {
  const record = new Set<Action>();
  const result = await asked.run(record, work);
  return { result, notAsked: declared.filter((a) => !record.has(a)) };
}
type ResourceOf<A extends Action> = Parameters<(typeof policies)[A]['allows']>[1];

/** Whether the actor may do the action to the resource. */
export async function can<A extends Action>(
  actor: Actor | null,
  action: A,
  resource: ResourceOf<A>,
): Promise<boolean> {
  asked.getStore()?.add(action);
  const p = policies[action] as Policy<ResourceOf<A>>;
  const allowed = await p.allows(actor, resource);
  if (allowed) await refuseSuspendedWrite(actor, action, resource);
  return allowed;
}

/** Throws the policy's refusal unless the actor may do the action to the resource. */
export async function authorize<A extends Action>(
  actor: Actor | null,
  action: A,
  resource: ResourceOf<A>,
): Promise<void> {
  asked.getStore()?.add(action);
  const p = policies[action] as Policy<ResourceOf<A>>;
  if (!(await p.allows(actor, resource))) throw p.deny(resource);
  await refuseSuspendedWrite(actor, action, resource);
}
