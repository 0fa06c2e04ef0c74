import {
  Brand,
  ErrorCode,
  type LtiCourse,
  type LtiPlatform,
  type LtiToolValues,
  type ltiPlatformInput,
} from '@qbank/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import type { JobStatus } from '../../infra/jobs';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize, can } from '../../policies';
import { findProduct } from '../store';
import { placementsOf } from './grades-repository';
import { toolKeySet } from './keys';
import {
  type CourseRow,
  coursesOf,
  deletePlatform,
  findPlatform,
  insertPlatform,
  type PlatformRow,
  platformsOf,
  setPlatformEnabled,
} from './repository';
import { queueSyncs } from './roster-sync';
import { LTI_SCOPE } from './services';

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

  /** The platform's courses, each with its sync's job and its placements. */
  async function coursesWithPlacements(platformId: string): Promise<LtiCourse[]> {
    const [courses, placed] = await Promise.all([coursesOf(db, platformId), placementsOf(db, platformId)]);
    // Every course's sync job in one query, not one a course.
    const syncJobs = await deps.jobs.statuses(
      courses.flatMap((c) => (c.syncJobId === null ? [] : [c.syncJobId])),
    );
    return courses.map((c) => ({
      ...toCourse(c, c.syncJobId === null ? null : (syncJobs.get(c.syncJobId) ?? null)),
      placements: placed
        .filter((p) => p.context_id === c.contextId)
        .map((p) => ({
          assignmentUuid: p.assignment_id,
          name: p.assignment_name,
          lineItem: p.line_item,
          posted: p.posted,
          waiting: p.waiting,
          failed: p.failed,
          lastError: p.last_error,
        })),
    }));
  }

  /** A course as the admin screen reads it, with its sync's job (`job`, null when none is known). */
  function toCourse(c: CourseRow, job: JobStatus | null): Omit<LtiCourse, 'placements'> {
    return {
      contextId: c.contextId,
      title: c.title,
      cohortUuid: c.cohortId,
      rosterSync: c.membershipsUrl !== null,
      gradeBook: c.lineItemsUrl !== null,
      lastSyncAt: c.lastSyncAt?.toISOString() ?? null,
      lastSyncError: c.lastSyncError,
      sync: job && {
        state: job.state,
        done: job.progress?.done ?? 0,
        total: job.progress?.total ?? null,
        message: job.progress?.message ?? null,
      },
    };
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

    async toolValues(actor: Actor, productId: string): Promise<LtiToolValues> {
      await requireAdmin(actor, productId);
      const product = (await findProduct(db, productId))!;
      const loginUrl = `${origin}/api/v2/lti/login`;
      const launchUrl = `${origin}/api/v2/lti/launch`;
      const keySetUrl = `${origin}/api/v2/lti/jwks`;
      const targetLinkUri = `${origin}/dashboard`;
      // Deep linking launches come to the launch URL like the others; it is also their target.
      const deepLinkingUrl = launchUrl;
      const scopes = [LTI_SCOPE.memberships, LTI_SCOPE.lineItems, LTI_SCOPE.scores];
      return {
        loginUrl,
        launchUrl,
        keySetUrl,
        targetLinkUri,
        deepLinkingUrl,
        scopes,
        canvasConfiguration: {
          title: `${Brand.name}: ${product.name}`,
          description: `${product.name} on ${Brand.name}: learners enter from the course, signed in, in its cohort.`,
          oidc_initiation_url: loginUrl,
          target_link_uri: targetLinkUri,
          redirect_uris: [launchUrl],
          public_jwk_url: keySetUrl,
          scopes,
          extensions: [
            {
              platform: 'canvas.instructure.com',
              privacy_level: 'public',
              settings: {
                placements: [
                  {
                    placement: 'course_navigation',
                    message_type: 'LtiResourceLinkRequest',
                    target_link_uri: targetLinkUri,
                    text: product.name,
                  },
                  // Instructors place a test as an assignment (or a module's link) from the course's editor.
                  ...['assignment_selection', 'link_selection'].map((placement) => ({
                    placement,
                    message_type: 'LtiDeepLinkingRequest',
                    target_link_uri: deepLinkingUrl,
                    text: `Place a test from ${product.name}`,
                  })),
                ],
              },
            },
          ],
        },
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

    /** GET ltiPlatforms/{id}/courses: the courses launched from, with their roster sync's state. */
    async courses(actor: Actor, id: string): Promise<LtiCourse[]> {
      const p = await platformOf(actor, id);
      return coursesWithPlacements(p.id);
    },

    /** POST ltiPlatforms/{id}/courses/sync: a sync of each course named (or all), unless one is pending. */
    async syncCourses(actor: Actor, id: string, contextIds: string[] | undefined) {
      const p = await platformOf(actor, id);
      if (!p.enabled)
        throw new AppError(
          ErrorCode.CONFLICT,
          'The platform is disabled: enable it to sync its courses',
          'id',
        );
      const all = await coursesOf(db, p.id);
      const known = new Set(all.map((c) => c.contextId));
      const missing = (contextIds ?? []).findIndex((c) => !known.has(c));
      if (missing >= 0)
        throw new AppError(
          ErrorCode.VALIDATION,
          'No course of this platform has this id',
          `contextIds.${missing}`,
        );
      const asked = contextIds ? all.filter((c) => contextIds.includes(c.contextId)) : all;
      const without = asked.find((c) => !c.membershipsUrl);
      if (contextIds && without)
        throw new AppError(
          ErrorCode.VALIDATION,
          'The platform has not offered this course’s member list (launch from the course once with the service on)',
          `contextIds.${contextIds.indexOf(without.contextId)}`,
        );
      const queued = await queueSyncs(
        deps,
        asked.filter((c) => c.membershipsUrl).map((c) => ({ platformId: p.id, contextId: c.contextId })),
        actor.userId,
      );
      return { queued, courses: await coursesWithPlacements(p.id) };
    },

    keySet: () => toolKeySet(db, clock.now()),
  };
}
