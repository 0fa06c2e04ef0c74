import {
  type Cohort,
  type CohortInput,
  type CohortMembersResult,
  type CohortUpdate,
  ErrorCode,
  percentOf,
  type RosterExportFormat,
  type RosterPage,
  type RosterQueryParsed,
  type RosterStudent,
  type rosterExportQuery,
  type StudentAccessAction,
  type StudentAccessResult,
  type StudentDetail,
  type TestReview,
} from '@qbank/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import type { FileAnswer } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize, can } from '../../policies';
import { standingOf, testReadsService } from '../exams';
import { buildTableOffLoop } from '../imports';
import { findProduct } from '../store';
import { changeStudentHolds } from './holds';
import { bySubject } from './performance-repository';
import {
  addMembers,
  type CohortRow,
  cohortNameTaken,
  findCohort,
  insertCohort,
  listCohorts,
  listStudents,
  lockStudentHolds,
  type RosterFilter,
  removeMembers,
  type StudentRow,
  studentsAmong,
  updateCohort,
  weeklyActivity,
} from './repository';
import { weeksUpTo } from './weeks';

const DAY_MS = 24 * 60 * 60 * 1000;

type Filters = Omit<RosterQueryParsed, 'page' | 'size'>;

const toStudent = (r: StudentRow): RosterStudent => ({
  userUuid: r.userId,
  firstName: r.firstName,
  lastName: r.lastName,
  emailAddress: r.email,
  plan: r.plan,
  active: r.access === 'ACTIVE',
  access: r.access,
  joinedAt: r.joinedAt.toISOString(),
  questionsUsed: r.questionsUsed,
  answered: r.answered,
  correct: r.correct,
  testsTaken: r.testsTaken,
  lastActiveAt: r.lastActiveAt?.toISOString() ?? null,
  cohorts: r.cohorts,
});

const toCohortAnswer = (c: CohortRow): Cohort => ({
  uuid: c.id,
  name: c.name,
  archived: c.archivedAt !== null,
  memberCount: c.members,
  createdAt: c.createdAt.toISOString(),
});

const nameTaken = (name: string) =>
  new AppError(ErrorCode.CONFLICT, `A cohort named "${name}" already exists in this QBank`, 'name');
const noSuchCohort = () => new AppError(ErrorCode.NOT_FOUND, 'No such cohort', 'id');

/** PostgreSQL's unique_violation, as the driver throws it or Drizzle wraps it. */
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** The export's columns, and each student's cells under them. */
const EXPORT_HEADER = [
  'First name',
  'Last name',
  'E-mail',
  'Plan',
  'Access',
  'Joined',
  'Questions used',
  'Answered',
  'Correct',
  'Percent correct',
  'Tests taken',
  'Last active',
  'Cohorts',
];
const exportCells = (r: StudentRow): string[] => [
  r.firstName,
  r.lastName,
  r.email,
  r.plan,
  ACCESS_LABELS[r.access],
  r.joinedAt.toISOString(),
  String(r.questionsUsed),
  String(r.answered),
  String(r.correct),
  r.answered === 0 ? '' : String(percentOf(r.correct, r.answered)),
  String(r.testsTaken),
  r.lastActiveAt?.toISOString() ?? '',
  r.cohorts.map((c) => c.name).join('; '),
];

const ACCESS_LABELS: Record<StudentRow['access'], string> = {
  ACTIVE: 'Active',
  ENDED: 'Ended',
  SUSPENDED: 'Suspended',
  REMOVED: 'Removed',
};

/** Each access action: the hold it sets, and how the product's history names it. */
const HOLDS: Record<StudentAccessAction, { hold: 'SUSPENDED' | 'REMOVED' | null; audit: string }> = {
  SUSPEND: { hold: 'SUSPENDED', audit: 'student.suspend' },
  REMOVE: { hold: 'REMOVED', audit: 'student.remove' },
  RESTORE: { hold: null, audit: 'student.restore' },
};

const FILE_TYPES: Record<RosterExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The Students screen (docs/roster.md): a product's students with their figures, for its instructors and admins. */
export function rosterService(deps: Deps) {
  const { db, clock } = deps;
  const testReads = testReadsService(deps);

  /** The caller may read the product's students, and it exists (a superuser may name any product). */
  async function filterOf(actor: Actor, productId: string, q: Filters): Promise<RosterFilter> {
    await authorize(actor, 'roster.read', { productId });
    if (actor.superuser && !(await findProduct(db, productId)))
      throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
    if (q.cohortUuid) {
      const c = await findCohort(db, q.cohortUuid);
      if (!c || c.productId !== productId)
        throw new AppError(ErrorCode.VALIDATION, 'No such cohort in this QBank', 'cohortUuid');
    }
    return {
      productId,
      cohortId: q.cohortUuid,
      search: q.search || undefined,
      plan: q.plan,
      status: q.status,
      inactiveSince:
        q.inactiveDays === undefined ? undefined : new Date(clock.now().getTime() - q.inactiveDays * DAY_MS),
      sortField: q.sortField,
      sortOrder: q.sortOrder,
    };
  }

  return {
    /** GET products/{id}/students: a page of them, with how many the filters keep in all. */
    async students(actor: Actor, productId: string, q: RosterQueryParsed): Promise<RosterPage> {
      const { page, size, ...filters } = q;
      const f = await filterOf(actor, productId, filters);
      const { rows, total } = await listStudents(db, f, { limit: size, offset: page * size });
      return {
        content: rows.map(toStudent),
        page,
        size,
        totalElements: total,
        totalPages: Math.ceil(total / size),
      };
    },

    /** GET products/{id}/students/{userId}: one student (whatever their access now) and their standing. */
    async student(actor: Actor, productId: string, userId: string): Promise<StudentDetail> {
      const f = await filterOf(actor, productId, { status: 'ALL', sortField: 'name', sortOrder: 'ASC' });
      const [row] = (await listStudents(db, { ...f, userId })).rows;
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'No such student in this QBank', 'userId');
      const weeks = weeksUpTo(clock.now());
      const cohorts = row.cohorts.slice(0, 3);
      const figures = (rows: Awaited<ReturnType<typeof bySubject>>) =>
        rows.map((r) => ({ uuid: r.id, answered: r.answered, correct: r.correct }));
      const [standing, activity, bank, ...ofCohorts] = await Promise.all([
        standingOf(db, userId, productId, row.plan === 'BASIC'),
        weeklyActivity(db, userId, productId, new Date(`${weeks[0]}T00:00:00Z`)),
        bySubject(db, { productId }),
        ...cohorts.map((c) => bySubject(db, { productId, cohortId: c.uuid })),
      ]);
      const byWeek = new Map(activity.map((a) => [a.week, a]));
      return {
        student: toStudent(row),
        standing,
        activity: weeks.map((w) => ({
          weekStart: w,
          tests: byWeek.get(w)?.tests ?? 0,
          answered: byWeek.get(w)?.answered ?? 0,
        })),
        comparison: {
          bank: figures(bank),
          cohorts: cohorts.map((c, i) => ({ uuid: c.uuid, name: c.name, bySubject: figures(ofCohorts[i]!) })),
        },
      };
    },

    /** GET products/{id}/students/{userId}/tests/{testId}/review: the student's review, read-only. */
    async studentReview(
      actor: Actor,
      productId: string,
      userId: string,
      testId: string,
    ): Promise<TestReview> {
      await filterOf(actor, productId, { status: 'ALL', sortField: 'name', sortOrder: 'ASC' });
      const review = await testReads.reviewOfStudent(testId, userId, productId);
      if (!review) throw new AppError(ErrorCode.NOT_FOUND, 'No such test of this student', 'testId');
      return review;
    },

    /** GET products/{id}/students/export: every student the filters keep, as CSV or XLSX, built off the loop. */
    async exportStudents(
      actor: Actor,
      productId: string,
      q: z.output<typeof rosterExportQuery>,
    ): Promise<FileAnswer> {
      const { format, ...filters } = q;
      const f = await filterOf(actor, productId, filters);
      const { rows } = await listStudents(db, f);
      const bytes = await buildTableOffLoop(format, 'Students', EXPORT_HEADER, rows.map(exportCells));
      const day = clock.now().toISOString().slice(0, 10);
      return { bytes, contentType: FILE_TYPES[format], fileName: `students-${day}.${format}` };
    },

    /**
     * POST products/{id}/students/access: suspends, removes or restores students. Their access ends (or comes
     * back) at once: the roles every request reads say so; a running test is paused in the same transaction;
     * a purchase or reactivation later leaves the hold as it is. Only students are named, never staff.
     */
    async setAccess(
      actor: Actor,
      productId: string,
      userIds: string[],
      action: StudentAccessAction,
    ): Promise<StudentAccessResult> {
      await authorize(actor, 'roster.manage', { productId });
      if (actor.superuser && !(await findProduct(db, productId)))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      const unique = [...new Set(userIds)];
      const { hold, audit } = HOLDS[action];
      return db.transaction(async (tx) => {
        const found = new Map((await lockStudentHolds(tx, productId, unique)).map((s) => [s.userId, s]));
        const missing = userIds.findIndex((u) => !found.has(u));
        if (missing >= 0)
          throw new AppError(
            ErrorCode.VALIDATION,
            'This user is not a student of this QBank',
            `userUuids.${missing}`,
          );
        const staff = userIds.findIndex((u) => found.get(u)!.staff || u === actor.userId);
        if (staff >= 0)
          throw new AppError(
            ErrorCode.VALIDATION,
            "This student is on the QBank's staff: their access is changed with their roles, not here",
            `userUuids.${staff}`,
          );
        const changed = await changeStudentHolds(deps, tx, {
          productId,
          students: [...found.values()],
          hold,
          actorId: actor.userId,
          audit,
          now: clock.now(),
        });
        return { changed: changed.length };
      });
    },

    /** GET products/{id}/cohorts. */
    async cohorts(actor: Actor, productId: string, includeArchived: boolean): Promise<Cohort[]> {
      await authorize(actor, 'roster.read', { productId });
      if (actor.superuser && !(await findProduct(db, productId)))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      return (await listCohorts(db, productId, includeArchived)).map(toCohortAnswer);
    },

    /** POST products/{id}/cohorts: a new cohort, its name free in the product (case aside). */
    async createCohort(actor: Actor, productId: string, input: CohortInput): Promise<Cohort> {
      await authorize(actor, 'roster.manage', { productId });
      if (actor.superuser && !(await findProduct(db, productId)))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      return db.transaction(async (tx) => {
        const now = clock.now();
        // Two creates of one name at once: the unique index lets one in, the other finds the name taken.
        const id = await insertCohort(tx, productId, input.name, now);
        if (!id) throw nameTaken(input.name);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId,
          action: 'cohort.create',
          details: { cohortId: id, name: input.name },
          at: now,
        });
        return toCohortAnswer((await findCohort(tx, id))!);
      });
    },

    /** PATCH cohorts/{id}: renames, archives or restores it. */
    async updateCohort(actor: Actor, id: string, input: CohortUpdate): Promise<Cohort> {
      const lock = await managed(actor, id);
      try {
        return await db.transaction(async (tx) => {
          const c = await lock(tx);
          const now = clock.now();
          const set: { name?: string; archivedAt?: Date | null } = {};
          if (input.name !== undefined && input.name !== c.name) {
            if (await cohortNameTaken(tx, c.productId, input.name, c.id)) throw nameTaken(input.name);
            set.name = input.name;
          }
          if (input.archived !== undefined && input.archived !== (c.archivedAt !== null))
            set.archivedAt = input.archived ? now : null;
          if (Object.keys(set).length === 0) return toCohortAnswer(c);
          await updateCohort(tx, c.id, set);
          const entries: Array<[string, Record<string, unknown>]> = [];
          if (set.name !== undefined) entries.push(['cohort.rename', { from: c.name, to: set.name }]);
          if (set.archivedAt !== undefined)
            entries.push([set.archivedAt ? 'cohort.archive' : 'cohort.restore', {}]);
          for (const [action, details] of entries)
            await appendAudit(tx, {
              actorId: actor.userId,
              productId: c.productId,
              action,
              details: { cohortId: c.id, name: set.name ?? c.name, ...details },
              at: now,
            });
          return toCohortAnswer((await findCohort(tx, c.id))!);
        });
      } catch (e) {
        // A rename to a name another rename took at the same moment: the unique index refuses the second.
        if (input.name !== undefined && isUniqueViolation(e)) throw nameTaken(input.name);
        throw e;
      }
    },

    /** POST cohorts/{id}/members: students of the cohort's product join it; anyone else is refused, nothing written. */
    async addMembers(actor: Actor, id: string, userIds: string[]): Promise<CohortMembersResult> {
      return changeMembers(actor, id, userIds, 'add');
    },

    /** POST cohorts/{id}/removeMembers. */
    async removeMembers(actor: Actor, id: string, userIds: string[]): Promise<CohortMembersResult> {
      return changeMembers(actor, id, userIds, 'remove');
    },
  };

  /**
   * The cohort, locked in the transaction (changes to one cohort run one at a time), when the caller may manage
   * its product's students; otherwise it does not exist for them (404). The caller's roles are read before the
   * transaction (through the pool), never inside it: a transaction never asks the pool for a second connection.
   */
  async function managed(actor: Actor, id: string): Promise<(tx: Tx) => Promise<CohortRow>> {
    const seen = await findCohort(db, id);
    if (!seen || !(await can(actor, 'roster.manage', { productId: seen.productId }))) throw noSuchCohort();
    return async (tx) => {
      const c = await findCohort(tx, id, true);
      if (!c) throw noSuchCohort();
      return c;
    };
  }

  async function changeMembers(
    actor: Actor,
    id: string,
    userIds: string[],
    how: 'add' | 'remove',
  ): Promise<CohortMembersResult> {
    const unique = [...new Set(userIds)];
    const lock = await managed(actor, id);
    return db.transaction(async (tx) => {
      const c = await lock(tx);
      if (c.archivedAt)
        throw new AppError(
          ErrorCode.CONFLICT,
          'This cohort is archived: restore it to change its members',
          'id',
        );
      const now = clock.now();
      if (how === 'add') {
        const students = await studentsAmong(tx, c.productId, unique);
        const i = userIds.findIndex((u) => !students.has(u));
        if (i >= 0)
          throw new AppError(
            ErrorCode.VALIDATION,
            'This user is not a student of this QBank',
            `userUuids.${i}`,
          );
      }
      const changed =
        how === 'add' ? await addMembers(tx, c.id, unique, now) : await removeMembers(tx, c.id, unique);
      if (changed.length > 0)
        await appendAudit(tx, {
          actorId: actor.userId,
          productId: c.productId,
          action: how === 'add' ? 'cohort.members.add' : 'cohort.members.remove',
          details: { cohortId: c.id, name: c.name, userIds: changed },
          at: now,
        });
      return { changed: changed.length, cohort: toCohortAnswer((await findCohort(tx, c.id))!) };
    });
  }
}
