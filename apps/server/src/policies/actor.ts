/** A subscription's roles in one product (SPEC §6), and whether the subscription is active. */
export interface ProductRoles {
  /** Whether the subscription gives access: active, and not held by the product's instructors. */
  active: boolean;
  /** Whether the product's instructors suspended or removed the user (their own tests are closed to them too). */
  held: boolean;
  type: 'BASIC' | 'PREMIUM' | 'PRIVILEGED';
  student: boolean;
  questionWriter: boolean;
  questionAuditor: boolean;
  instructor: boolean;
  admin: boolean;
  /** A superuser suspended the product (docs/superuser-products.md): its staff may read but not change it. */
  productSuspended?: boolean;
}

/**
 * The signed-in caller as the services see it: who they are, their session, and their roles per product,
 * read from the database once per request, on first use (a request that asks about no product costs nothing).
 */
export interface Actor {
  userId: string;
  superuser: boolean;
  session: { idHash: string; accessToken: string };
  /** The caller's subscription to the product (active or not), or null when they have none. */
  rolesIn(productId: string): Promise<ProductRoles | null>;
}

export function makeActor(
  user: { userId: string; superuser: boolean; sessionIdHash: string; accessToken: string },
  loadRoles: (userId: string) => Promise<Map<string, ProductRoles>>,
): Actor {
  let loaded: Promise<Map<string, ProductRoles>> | null = null;
  return {
    userId: user.userId,
    superuser: user.superuser,
    session: { idHash: user.sessionIdHash, accessToken: user.accessToken },
    async rolesIn(productId) {
      loaded ??= loadRoles(user.userId);
      return (await loaded).get(productId) ?? null;
    },
  };
}
