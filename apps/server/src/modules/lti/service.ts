import { ErrorCode, type LtiPlatform, type ltiPlatformInput } from '@qbank/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize, can } from '../../policies';
import { findProduct } from '../store';
import { toolKeySet } from './keys';
import {
  deletePlatform,
  findPlatform,
  insertPlatform,
  type PlatformRow,
  platformsOf,
  setPlatformEnabled,
} from './repository';

export const toPlatform = (p: PlatformRow): LtiPlatform => ({
  uuid: p.id,
  productUuid: p.productId,
  issuer: p.issuer,
  clientId: p.clientId,
  deploymentIds: p.deploymentIds,
  authLoginUrl: p.authLoginUrl,
  authTokenUrl: p.authTokenUrl,
  keySetUrl: p.keySetUrl,
  instructorsAllowed: p.instructorsAllowed,
  enabled: p.enabled,
  lastLaunchAt: p.lastLaunchAt?.toISOString() ?? null,
  lastError: p.lastError,
  createdAt: p.createdAt.toISOString(),
});

/** What an entry keeps of a platform: everything but the timestamps. */
const auditView = (p: PlatformRow) => ({
  issuer: p.issuer,
  clientId: p.clientId,
  deploymentIds: p.deploymentIds,
  instructorsAllowed: p.instructorsAllowed,
  enabled: p.enabled,
});

/** The admins' side of LTI: connecting platforms to a bank, enabling, disabling and removing them. */
export function ltiService(deps: Deps) {
  const { db, clock, config } = deps;
  const origin = new URL(config.publicUrl).origin;

  async function requireAdmin(actor: Actor, productId: string) {
    const product = await findProduct(db, productId);
    if (!product) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
    await authorize(actor, 'lti.manage', { productId });
  }

  /** A platform the caller may manage; another product's is not found for them (its id tells them nothing). */
  async function platformOf(actor: Actor, id: string) {
    const p = await findPlatform(db, id);
    if (!p || !(await can(actor, 'lti.manage', { productId: p.productId })))
      throw new AppError(ErrorCode.NOT_FOUND, 'No such platform', 'id');
    return p;
  }

  return {
    async list(actor: Actor, productId: string) {
      await requireAdmin(actor, productId);
      return (await platformsOf(db, productId)).map(toPlatform);
    },

    async toolValues(actor: Actor, productId: string) {
      await requireAdmin(actor, productId);
      return {
        loginUrl: `${origin}/api/v2/lti/login`,
        launchUrl: `${origin}/api/v2/lti/launch`,
        keySetUrl: `${origin}/api/v2/lti/jwks`,
      };
    },

    async add(actor: Actor, productId: string, input: z.output<typeof ltiPlatformInput>) {
      await requireAdmin(actor, productId);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const p = await insertPlatform(tx, {
          productId,
          issuer: input.issuer,
          clientId: input.clientId,
          deploymentIds: [...new Set(input.deploymentIds)],
          authLoginUrl: input.authLoginUrl,
          authTokenUrl: input.authTokenUrl,
          keySetUrl: input.keySetUrl,
          instructorsAllowed: input.instructorsAllowed,
        });
        if (!p)
          throw new AppError(
            ErrorCode.CONFLICT,
            'This platform (issuer and client id) is connected already',
            'clientId',
          );
        await appendAudit(tx, {
          actorId: actor.userId,
          productId,
          action: 'lti.platform.add',
          details: { platformId: p.id, before: null, after: auditView(p) },
          at: now,
        });
        return toPlatform(p);
      });
    },

    async setEnabled(actor: Actor, id: string, enabled: boolean) {
      await platformOf(actor, id);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const p = await findPlatform(tx, id, true);
        if (!p) throw new AppError(ErrorCode.NOT_FOUND, 'No such platform', 'id');
        if (p.enabled !== enabled) {
          await setPlatformEnabled(tx, id, enabled);
          await appendAudit(tx, {
            actorId: actor.userId,
            productId: p.productId,
            action: enabled ? 'lti.platform.enable' : 'lti.platform.disable',
            details: { platformId: p.id, before: auditView(p), after: { ...auditView(p), enabled } },
            at: now,
          });
        }
        return toPlatform({ ...p, enabled });
      });
    },

    async remove(actor: Actor, id: string) {
      await platformOf(actor, id);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const p = await findPlatform(tx, id, true);
        if (!p) return; // removed meanwhile: the same end
        await deletePlatform(tx, id);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId: p.productId,
          action: 'lti.platform.remove',
          details: { platformId: p.id, before: auditView(p), after: null },
          at: now,
        });
      });
    },

    keySet: () => toolKeySet(db, clock.now()),
  };
}
