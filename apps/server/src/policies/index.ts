import { ErrorCode } from '@qbank/contract';
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

const signedIn = (actor: Actor | null): actor is Actor => actor !== null;

/** Whether the actor runs the product: a superuser, or the admin of an active subscription to it. */
async function runsProduct(actor: Actor | null, productId: string) {
  if (!signedIn(actor)) return false;
  if (actor.superuser) return true;
  const roles = await actor.rolesIn(productId);
  return !!roles?.active && roles.admin;
}

/** Whether the actor works on the product's questions: a superuser, or a writer, auditor or admin (active). */
async function staffOf(actor: Actor | null, productId: string) {
  if (!signedIn(actor)) return false;
  if (actor.superuser) return true;
  const roles = await actor.rolesIn(productId);
  return !!roles?.active && (roles.questionWriter || roles.questionAuditor || roles.admin);
}

/**
 * Every authorisation rule of the product, in one place (SPEC §6, DESIGN §4-5). Routes declare who may call
 * (access in the contract: public, user, optional); services ask here what that caller may do to a thing.
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
    allows: (a, r) => staffOf(a, r.productId),
    deny: () => new AppError(ErrorCode.FORBIDDEN, "Only the product's staff can see its questions by status"),
  }),
  /** A checkout session: its own buyer only; to anyone else it does not exist. */
  'checkout.own': policy<{ buyerId: string | null | undefined }>({
    allows: (a, r) => signedIn(a) && !!r.buyerId && a.userId === r.buyerId,
    deny: () => new AppError(ErrorCode.NOT_FOUND, 'No such checkout', 'sessionId'),
  }),
} as const;

export type Action = keyof typeof policies;
type ResourceOf<A extends Action> = Parameters<(typeof policies)[A]['allows']>[1];

/** Whether the actor may do the action to the resource. */
export async function can<A extends Action>(
  actor: Actor | null,
  action: A,
  resource: ResourceOf<A>,
): Promise<boolean> {
  const p = policies[action] as Policy<ResourceOf<A>>;
  return p.allows(actor, resource);
}

/** Throws the policy's refusal unless the actor may do the action to the resource. */
export async function authorize<A extends Action>(
  actor: Actor | null,
  action: A,
  resource: ResourceOf<A>,
): Promise<void> {
  const p = policies[action] as Policy<ResourceOf<A>>;
  if (!(await p.allows(actor, resource))) throw p.deny(resource);
}
