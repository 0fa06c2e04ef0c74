import { normalizeEmail } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { column, selectRows } from '../../db/rows';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { defineJob, type JobContext } from '../../infra/jobs';
import { AppError } from '../../lib/app-error';
import { enrolStudents } from '../enrolment';
import { changeStudentHolds, lockStudentHolds } from '../roster';
import { courseKey, identityKey, placeholderEmail, rolesOf } from './people';
import {
  type CourseRow,
  emailsTaken,
  findCourse,
  findPlatform,
  insertLtiUsers,
  lockKey,
  lockKeys,
  markGone,
  markPresent,
  markSuspendedBySync,
  type PlatformRow,
  recordSync,
  setSyncJob,
  usersOfIdentities,
} from './repository';
import { type CourseMember, courseMembers, PlatformServiceError } from './services';

// The course roster sync (Names and Role Provisioning, docs/lti.md): the course's list read from its platform,
// its learners enrolled into the course's cohort (accounts made for new ones, as a first launch makes them),
// and those who left suspended, unless another course of the bank still has them. On demand and daily.

/** Learners enrolled per transaction. */
export const SYNC_BATCH = 200;

/** What a sync did, for its progress and the admin's screen. */
export interface SyncCounts {
  learners: number;
  created: number;
  joined: number;
  restored: number;
  held: number;
  unlinked: number;
  suspended: number;
}

const named = (v: string | null, fallback: string) => (v ? v.slice(0, 100) : fallback);

/** The course's learners with access in it: active, a Learner and not an Instructor, each once. */
export function activeLearners(members: CourseMember[]): CourseMember[] {
  const seen = new Map<string, CourseMember>();
  for (const m of members) {
    const roles = rolesOf(m.roles);
    if (m.status === 'Active' && roles.learner && !roles.instructor) seen.set(m.userId, m);
  }
  return [...seen.values()];
}

async function syncBatch(
  deps: Deps,
  platform: PlatformRow,
  course: CourseRow,
  batch: CourseMember[],
  actorId: string | null,
  counts: SyncCounts,
): Promise<string[]> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const now = clock.now();
    // The people first, then the course: the order a launch takes them in.
    await lockKeys(
      tx,
      batch.map((m) => identityKey(platform.issuer, m.userId)),
    );
    await lockKey(tx, courseKey(platform.id, course.contextId));
    const known = await usersOfIdentities(
      tx,
      platform.issuer,
      batch.map((m) => m.userId),
    );
    const fresh = batch
      .filter((m) => !known.has(m.userId))
      .map((m) => ({
        subject: m.userId,
        email: m.email ? normalizeEmail(m.email) : placeholderEmail(platform.issuer, m.userId),
        firstName: named(m.givenName, 'Learner'),
        lastName: named(m.familyName, ''),
      }));
    // An address that has an account already never links by itself (the person signs in once to link it).
    const taken = await emailsTaken(
      tx,
      fresh.map((p) => p.email),
    );
    const once = new Set<string>();
    const makeable = fresh.filter((p) => !taken.has(p.email) && !once.has(p.email) && once.add(p.email));
    const made = await insertLtiUsers(tx, platform.issuer, makeable, now);
    counts.unlinked += fresh.length - made.size;
    counts.created += made.size;
    for (const [subject, userId] of made)
      await appendAudit(tx, {
        actorId: userId,
        productId: platform.productId,
        action: 'lti.account.create',
        details: { userId, platformId: platform.id, issuer: platform.issuer, subject, source: 'roster sync' },
        at: now,
      });
    const userIds = [...known.values(), ...made.values()];
    if (userIds.length === 0) return [];
    const details = { source: 'LMS', platformId: platform.id, contextId: course.contextId };
    // Those the sync suspended for leaving, back in a course: their suspension is lifted (not an instructor's).
    const returning = await markPresent(tx, {
      platformId: platform.id,
      productId: platform.productId,
      contextId: course.contextId,
      userIds,
      now,
    });
    if (returning.length > 0) {
      const holds = await lockStudentHolds(tx, platform.productId, returning);
      const restored = await changeStudentHolds(deps, tx, {
        productId: platform.productId,
        students: holds.filter((h) => h.hold === 'SUSPENDED'),
        hold: null,
        actorId,
        audit: 'student.restore',
        now,
        details,
      });
      counts.restored += restored.length;
    }
    const outcome = await enrolStudents(tx, {
      productId: platform.productId,
      userIds,
      cohortId: course.cohortId,
      actorId,
      source: 'LMS',
      now,
      details,
    });
    counts.joined += outcome.joined.length;
    counts.held += outcome.held.length;
    return userIds;
  });
}

/**
 * One course's sync: the list read whole first (a platform that fails midway changes nothing), then the
 * learners enrolled SYNC_BATCH at a time, then those who left suspended, each step its own transaction.
 */
export async function syncCourse(
  deps: Deps,
  platform: PlatformRow,
  course: CourseRow,
  actorId: string | null,
  progress: JobContext['progress'],
): Promise<SyncCounts> {
  const { db, clock } = deps;
  const members = await courseMembers(db, platform, course.membershipsUrl!, clock.now, (read) =>
    progress({ done: 0, message: `${read} members read` }),
  );
  // A course always lists someone (its instructor at least): an empty list is the platform's fault, and
  // acting on it would suspend the whole class.
  if (members.length === 0)
    throw new PlatformServiceError("The course's member list came back empty: nobody was changed.");
  const learners = activeLearners(members);
  const counts: SyncCounts = {
    learners: learners.length,
    created: 0,
    joined: 0,
    restored: 0,
    held: 0,
    unlinked: 0,
    suspended: 0,
  };
  const present: string[] = [];
  for (let at = 0; at < learners.length; at += SYNC_BATCH) {
    present.push(
      ...(await syncBatch(deps, platform, course, learners.slice(at, at + SYNC_BATCH), actorId, counts)),
    );
    await progress({ done: Math.min(at + SYNC_BATCH, learners.length), total: learners.length });
  }
  counts.suspended = await db.transaction(async (tx) => {
    const now = clock.now();
    await lockKey(tx, courseKey(platform.id, course.contextId));
    const gone = await markGone(tx, {
      platformId: platform.id,
      productId: platform.productId,
      contextId: course.contextId,
      present,
      now,
    });
    if (gone.length === 0) return 0;
    const holds = await lockStudentHolds(tx, platform.productId, gone);
    const suspended = await changeStudentHolds(deps, tx, {
      productId: platform.productId,
      // Staff keep their access (it goes with their roles); a student held already stays as they are.
      students: holds.filter((h) => !h.staff && h.hold === null),
      hold: 'SUSPENDED',
      actorId,
      audit: 'student.suspend',
      now,
      details: { source: 'LMS', platformId: platform.id, contextId: course.contextId },
    });
    await markSuspendedBySync(tx, platform.id, course.contextId, suspended);
    return suspended.length;
  });
  return counts;
}

/** A line of the counts, as the job's last progress keeps it. */
export const countsLine = (c: SyncCounts) =>
  `${c.learners} learners: ${c.created} accounts made, ${c.joined} joined, ${c.restored} back, ${c.suspended} suspended, ` +
  `${c.held} on hold, ${c.unlinked} not linked (an account has their e-mail)`;

export const ltiRosterSyncJob = defineJob({
  kind: 'lti.roster.sync',
  payload: z.object({ platformId: z.uuid(), contextId: z.string().min(1), actorId: z.uuid().nullable() }),
  maxAttempts: 5,
  handler: async ({ platformId, contextId, actorId }, ctx) => {
    const deps = ctx.deps;
    const { db, clock } = deps;
    const platform = await findPlatform(db, platformId);
    const course = platform && (await findCourse(db, platformId, contextId));
    // Disabled, removed or without the service since it was asked for: nothing to do.
    if (!platform?.enabled || !course?.membershipsUrl) return;
    try {
      const counts = await syncCourse(deps, platform, course, actorId, (p) => ctx.progress(p));
      await ctx.progress({ done: counts.learners, total: counts.learners, message: countsLine(counts) });
      await recordSync(db, platformId, contextId, clock.now(), null);
    } catch (e) {
      const message =
        e instanceof PlatformServiceError || e instanceof AppError
          ? e.message
          : 'The sync stopped on an error of the server; it is tried again.';
      await recordSync(db, platformId, contextId, clock.now(), message);
      throw e;
    }
  },
});

/** Whether the course's sync job is still to run or running (another is not queued beside it). */
async function syncPending(tx: DbOrTx, jobId: number | null): Promise<boolean> {
  if (jobId === null) return false;
  const rows = await selectRows(
    tx,
    { pending: column.boolean },
    sql`SELECT done_at IS NULL AND failed_at IS NULL AS pending FROM jobs WHERE id = ${jobId}`,
  );
  return rows[0]?.pending ?? false;
}

/**
 * Queues a sync of each course named (with a membership service), unless one is pending already: 20 asks at
 * once queue one. The course's row is locked while it is decided. Answers how many were queued.
 */
export async function queueSyncs(
  deps: Deps,
  courses: { platformId: string; contextId: string }[],
  actorId: string | null,
): Promise<number> {
  let queued = 0;
  for (const c of courses) {
    const added = await deps.db.transaction(async (tx) => {
      const course = await findCourse(tx, c.platformId, c.contextId, true);
      if (!course?.membershipsUrl || (await syncPending(tx, course.syncJobId))) return false;
      const jobId = await deps.jobs.enqueue(tx, ltiRosterSyncJob, { ...c, actorId });
      await setSyncJob(tx, c.platformId, c.contextId, jobId);
      return true;
    });
    if (added) queued++;
  }
  if (queued > 0) deps.jobs.kick();
  return queued;
}
