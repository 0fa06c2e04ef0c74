import {
  type Assignment,
  type AssignmentPage,
  type AssignmentResults,
  type assignmentInput,
  type assignmentListQuery,
  type assignmentUpdate,
  ErrorCode,
  type MyAssignment,
  START_TEST_FAILED,
  type StudentAssignment,
  templateInput,
} from '@qbank/contract';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { violates } from '../../db/errors';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import type { FileAnswer } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { type Drawn, testsService } from '../exams';
import { buildTableOffLoop } from '../imports';
import { findCohort } from '../roster';
import { findProduct } from '../store';
import { drawRules, findTemplate, plainStart } from '../test-bank';
import {
  type AssignmentRow,
  assignmentsOfStudent,
  attemptsOf,
  deleteAssignment,
  findAssignment,
  hasAttempts,
  insertAssignment,
  itemGroups,
  listAssignments,
  lockAttempts,
  moveOpenAttemptEnds,
  publishedOf,
  reaches,
  resultRows,
  setTargets,
  studentsIn,
  targetsOfAssignments,
  testNamed,
  totalsFigures,
  updateAssignment,
  versionTexts,
} from './repository';
import {
  attemptEnd,
  histogram,
  itemFigures,
  kr20,
  median,
  round,
  sampleSd,
  startRefusal,
  stateAt,
} from './rules';

type Input = z.output<typeof assignmentInput>;
type Update = z.output<typeof assignmentUpdate>;

/** PostgreSQL's unique_violation of the one-open-test key, as the driver throws it or Drizzle wraps it. */
function violatesOneOpen(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    i++
  ) {
    if (e.code === '23505' && e.constraint === 'tests_one_open_key') return true;
    e = e.cause as typeof e;
  }
  return false;
}

const noSuchAssignment = () => new AppError(ErrorCode.NOT_FOUND, 'No such assignment', 'id');

/** The product's default time per question in a timed test when the template sets no limit. */
const SECONDS_PER_QUESTION = 90;

const FILE_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const EXPORT_HEADER = [
  'Last name',
  'First name',
  'E-mail',
  'Status',
  'Attempts',
  'Score (first attempt) %',
  'Best score %',
  'Time (minutes)',
  'Finished at',
  'Late',
];

/** Fisher–Yates. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Assignments (docs/assignments.md): instructors give a template's version to cohorts and students. */
export function assignmentsService(deps: Deps) {
  const { db, clock } = deps;
  const tests = testsService(deps);

  async function teaching(actor: Actor, productId: string) {
    await authorize(actor, 'templates.manage', { productId });
    if (actor.superuser && !(await findProduct(db, productId)))
      throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
  }

  /** An assignment the caller teaches, else it does not exist for them. */
  async function own(actor: Actor, id: string) {
    const a = await findAssignment(db, id);
    if (!a) throw noSuchAssignment();
    await teaching(actor, a.productId).catch(() => {
      throw noSuchAssignment();
    });
    return a;
  }

  const specOf = (a: AssignmentRow) => templateInput.parse({ name: a.templateName, ...a.spec });

  /** Cohorts must be the product's and not archived; students must be its students. */
  async function checkTargets(tx: DbOrTx, productId: string, s: Update) {
    for (const [i, id] of s.cohortUuids.entries()) {
      const c = await findCohort(tx, id);
      if (!c || c.productId !== productId)
        throw new AppError(ErrorCode.VALIDATION, 'No such cohort in this QBank', `cohortUuids.${i}`);
      if (c.archivedAt !== null)
        throw new AppError(ErrorCode.VALIDATION, 'This cohort is archived', `cohortUuids.${i}`);
    }
    if (s.studentUuids.length) {
      const found = await studentsIn(tx, productId, s.studentUuids);
      const i = s.studentUuids.findIndex((id) => !found.has(id));
      if (i >= 0)
        throw new AppError(ErrorCode.VALIDATION, 'No such student in this QBank', `studentUuids.${i}`);
    }
  }

  function checkAnswers(mode: 'TUTOR' | 'TIMED', answersShown: Update['answersShown']) {
    if (mode === 'TUTOR' && answersShown !== 'AFTER_SUBMIT')
      throw new AppError(
        ErrorCode.VALIDATION,
        'A tutor-mode test shows each answer as it is given: choose a timed test to hold the answers back',
        'answersShown',
      );
  }

  async function answer(rows: AssignmentRow[], tx: DbOrTx = db): Promise<Assignment[]> {
    if (rows.length === 0) return [];
    const { cohorts, students, counts } = await targetsOfAssignments(
      tx,
      rows.map((r) => r.id),
    );
    const now = clock.now();
    return rows.map((a) => {
      const spec = specOf(a);
      const s = spec.selection;
      const count = counts.find((c) => c.assignment_id === a.id);
      return {
        uuid: a.id,
        name: a.name,
        templateUuid: a.templateId,
        templateName: a.templateName,
        templateVersion: a.templateVersion,
        mode: spec.mode,
        questionCount:
          a.questionIds?.length ??
          (s.kind === 'QUESTIONS' ? s.questionUuids.length : s.rules.reduce((n, r) => n + r.count, 0)),
        timeLimitMinutes: spec.timeLimitMinutes,
        passingScore: spec.passingScore,
        opensAt: a.opensAt.toISOString(),
        closesAt: a.closesAt.toISOString(),
        latePolicy: a.latePolicy,
        lateUntil: a.lateUntil?.toISOString() ?? null,
        attemptsAllowed: a.attemptsAllowed,
        answersShown: a.answersShown,
        state: stateAt(a, now),
        cohorts: cohorts.filter((c) => c.assignment_id === a.id).map((c) => ({ uuid: c.id, name: c.name })),
        students: students
          .filter((u) => u.assignment_id === a.id)
          .map((u) => ({
            uuid: u.id,
            firstName: u.first_name,
            lastName: u.last_name,
            emailAddress: u.email,
          })),
        assigned: count?.assigned ?? 0,
        completed: count?.completed ?? 0,
        createdAt: a.createdAt.toISOString(),
      };
    });
  }

  const one = async (id: string, tx: DbOrTx = db) =>
    (await answer([(await findAssignment(tx, id))!], tx))[0]!;

  const settingsOf = (s: Update) => ({
    opensAt: new Date(s.opensAt),
    closesAt: new Date(s.closesAt),
    latePolicy: s.latePolicy,
    lateUntil: s.lateUntil === null ? null : new Date(s.lateUntil),
    attemptsAllowed: s.attemptsAllowed,
    answersShown: s.answersShown,
  });

  /** The questions of an attempt: the assignment's own list, or a draw of its rules for this student. */
  async function questionsFor(tx: Tx, a: AssignmentRow): Promise<Drawn[]> {
    const spec = specOf(a);
    let ids = a.questionIds;
    if (ids === null && spec.selection.kind === 'RULES')
      ids = (await drawRules(tx, a.productId, spec.selection.rules)).ids;
    const published = new Map((await publishedOf(tx, ids ?? [])).map((r) => [r.question_id, r]));
    // A question unpublished since the assignment was made is left out of new attempts.
    const kept = (ids ?? []).filter((id) => published.has(id));
    const ordered = spec.order === 'SHUFFLED' ? shuffled(kept) : kept;
    return ordered.map((id) => {
      const p = published.get(id)!;
      return { questionId: id, versionId: p.version_id, subcategoryId: p.subcategory_id, flagged: false };
    });
  }

  return {
    /** GET products/{id}/assignments. */
    async list(
      actor: Actor,
      productId: string,
      q: z.output<typeof assignmentListQuery>,
    ): Promise<AssignmentPage> {
      await teaching(actor, productId);
      const { rows, total } = await listAssignments(
        db,
        { productId, templateId: q.templateUuid },
        { limit: q.size, offset: q.page * q.size },
      );
      return {
        content: await answer(rows),
        page: q.page,
        size: q.size,
        totalElements: total,
        totalPages: Math.ceil(total / q.size),
      };
    },

    /**
     * POST products/{id}/assignments: pins the template's latest version; questions chosen by hand, or drawn once
     * for everyone, are fixed now; rules drawn per student are drawn at each attempt.
     */
    async create(
      actor: Actor,
      productId: string,
      input: Input,
      /** More work in the same transaction (a course placing it through LTI deep linking). */
      also?: (tx: Tx, assignmentId: string) => Promise<void>,
    ): Promise<Assignment> {
      await teaching(actor, productId);
      /** The assignment `uuid` already names, if any: in this QBank, the answer to a retried create. */
      const made = async (uuid: string) => {
        const a = await findAssignment(db, uuid);
        if (a && a.productId !== productId)
          throw new AppError(ErrorCode.CONFLICT, 'uuid is already used by another assignment', 'uuid');
        return a ? one(a.id) : null;
      };
      const again = input.uuid ? await made(input.uuid) : null;
      if (again) return again;
      try {
        return await insertNew();
      } catch (e) {
        // A retry sent while the first was still in its transaction waited on the id; once that committed, the
        // retry answers what it made.
        const first = input.uuid && violates(e, 'assignments_pkey') ? await made(input.uuid) : null;
        if (first) return first;
        throw e;
      }

      function insertNew() {
        return db.transaction(async (tx) => {
          // The template locked: a save at the same moment makes the next version, never half of one.
          const t = await findTemplate(tx, input.templateUuid, true);
          if (!t || t.productId !== productId)
            throw new AppError(ErrorCode.VALIDATION, 'No such test template in this QBank', 'templateUuid');
          if (t.archivedAt !== null)
            throw new AppError(
              ErrorCode.VALIDATION,
              'This template is archived: restore it to assign it',
              'templateUuid',
            );
          const spec = templateInput.parse({ name: t.name, ...t.spec });
          checkAnswers(spec.mode, input.answersShown);
          await checkTargets(tx, productId, input);
          const s = spec.selection;
          let questionIds: string[] | null = null;
          if (s.kind === 'QUESTIONS') questionIds = s.questionUuids;
          else if (s.draw === 'ONCE') {
            const { ids, shortOf } = await drawRules(tx, productId, s.rules);
            if (shortOf !== null)
              throw new AppError(
                ErrorCode.VALIDATION,
                "The template's rules no longer find enough published questions: edit the template",
                'templateUuid',
              );
            questionIds = ids;
          }
          const now = clock.now();
          const name = input.name || t.name;
          const id = await insertAssignment(tx, {
            id: input.uuid,
            productId,
            templateId: t.id,
            templateVersion: t.version,
            name,
            spec: t.spec,
            questionIds,
            ...settingsOf(input),
            createdBy: actor.userId,
            now,
          });
          await setTargets(tx, id, input.cohortUuids, input.studentUuids);
          await appendAudit(tx, {
            actorId: actor.userId,
            productId,
            action: 'assignment.create',
            details: {
              assignmentId: id,
              name,
              templateId: t.id,
              version: t.version,
              cohorts: input.cohortUuids,
              students: input.studentUuids,
            },
            at: now,
          });
          await also?.(tx, id);
          return one(id, tx);
        });
      }
    },

    /** GET assignments/{id}. */
    async read(actor: Actor, id: string): Promise<Assignment> {
      await own(actor, id);
      return one(id);
    },

    /**
     * PUT assignments/{id}: new dates, attempts, answers and targets (never the version). Running attempts end
     * at the new close, in the same transaction.
     */
    async update(actor: Actor, id: string, input: Update): Promise<Assignment> {
      const seen = await own(actor, id);
      return db.transaction(async (tx) => {
        const a = (await findAssignment(tx, id, true))!;
        checkAnswers(specOf(a).mode, input.answersShown);
        await checkTargets(tx, seen.productId, input);
        const now = clock.now();
        const settings = settingsOf(input);
        await updateAssignment(tx, id, { name: input.name || a.name, ...settings, now });
        await setTargets(tx, id, input.cohortUuids, input.studentUuids);
        await moveOpenAttemptEnds(tx, id, settings.closesAt, settings.lateUntil);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId: a.productId,
          action: 'assignment.update',
          details: { assignmentId: id, name: input.name || a.name, ...input },
          at: now,
        });
        return one(id, tx);
      });
    },

    /** DELETE assignments/{id}: only while nobody has started it (results are never thrown away). */
    async remove(actor: Actor, id: string): Promise<void> {
      await own(actor, id);
      await db.transaction(async (tx) => {
        const a = await findAssignment(tx, id, true);
        if (!a) return;
        if (await hasAttempts(tx, id))
          throw new AppError(
            ErrorCode.CONFLICT,
            'Students have started this assignment: change its close date instead of withdrawing it',
          );
        await deleteAssignment(tx, id);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId: a.productId,
          action: 'assignment.delete',
          details: { assignmentId: id, name: a.name },
          at: clock.now(),
        });
      });
    },

    /** GET products/{id}/myAssignments: the caller's, soonest close first. */
    async mine(actor: Actor, productId: string): Promise<{ content: MyAssignment[] }> {
      await authorize(actor, 'tests.take', { productId });
      const now = clock.now();
      const rows = await assignmentsOfStudent(db, productId, actor.userId);
      return {
        content: rows.map((a) => {
          const spec = specOf(a);
          const s = spec.selection;
          const state = stateAt(a, now);
          const end = a.lateUntil ?? a.closesAt;
          return {
            uuid: a.id,
            name: a.name,
            mode: spec.mode,
            questionCount:
              a.questionIds?.length ??
              (s.kind === 'QUESTIONS' ? s.questionUuids.length : s.rules.reduce((n, r) => n + r.count, 0)),
            timeLimitMinutes: spec.timeLimitMinutes,
            passingScore: spec.passingScore,
            opensAt: a.opensAt.toISOString(),
            closesAt: a.closesAt.toISOString(),
            lateUntil: a.lateUntil?.toISOString() ?? null,
            state,
            attemptsAllowed: a.attemptsAllowed,
            attemptsUsed: a.attempts,
            answersShown: a.answersShown,
            openTestUuid: a.openTestId,
            lastTestUuid: a.lastTestId,
            lastScorePercent: a.lastScore,
            reviewOpen:
              a.lastTestId !== null &&
              (a.answersShown === 'AFTER_SUBMIT' || (a.answersShown === 'AFTER_CLOSE' && now >= end)),
            canStart: a.openTestId === null && startRefusal(a, a.attempts, now) === null,
          };
        }),
      };
    },

    /** GET products/{id}/students/{userId}/assignments: the Students screen's view of one student's. */
    async ofStudent(
      actor: Actor,
      productId: string,
      userId: string,
    ): Promise<{ content: StudentAssignment[] }> {
      await authorize(actor, 'roster.read', { productId });
      const now = clock.now();
      const rows = await assignmentsOfStudent(db, productId, userId);
      return {
        content: rows.map((a) => ({
          uuid: a.id,
          name: a.name,
          opensAt: a.opensAt.toISOString(),
          closesAt: a.closesAt.toISOString(),
          lateUntil: a.lateUntil?.toISOString() ?? null,
          state: stateAt(a, now),
          status: a.firstTestId ? 'COMPLETED' : a.openTestId ? 'IN_PROGRESS' : 'NOT_STARTED',
          attempts: a.attempts,
          attemptsAllowed: a.attemptsAllowed,
          testUuid: a.firstTestId,
          scorePercent: a.firstScore,
          bestScorePercent: a.bestScore,
          late: a.late,
        })),
      };
    },

    /**
     * POST assignments/{id}/attempts: a new attempt, as a test (the exam screen takes it). The same uuid again
     * answers the same test; starts of one student are serialised, so attempts never exceed what is allowed.
     */
    async start(actor: Actor, id: string, uuid: string): Promise<{ uuid: string; numQuestions: number }> {
      const a = await findAssignment(db, id);
      if (!a) throw noSuchAssignment();
      await authorize(actor, 'tests.take', { productId: a.productId });
      if (!(await reaches(db, id, actor.userId))) throw noSuchAssignment();
      try {
        return await db.transaction(async (tx) => {
          await lockAttempts(tx, id, actor.userId);
          const existing = await testNamed(tx, uuid);
          if (existing) {
            if (existing.user_id !== actor.userId || existing.assignment_id !== id)
              throw new AppError(ErrorCode.CONFLICT, 'uuid is already used by another test', 'uuid');
            return { uuid, numQuestions: existing.num_questions };
          }
          const now = clock.now();
          const used = await attemptsOf(tx, id, actor.userId);
          const refusal = startRefusal(a, used, now);
          if (refusal) throw new AppError(ErrorCode.CONFLICT, refusal);
          const drawn = await questionsFor(tx, a);
          if (drawn.length === 0)
            throw new AppError(
              ErrorCode.CONFLICT,
              'None of the questions of this assignment is published any more: ask your instructor',
            );
          const spec = specOf(a);
          const limitMs =
            spec.mode === 'TIMED'
              ? (spec.timeLimitMinutes ?? Math.ceil((drawn.length * SECONDS_PER_QUESTION) / 60)) * 60_000
              : null;
          await tests.createAssigned(
            tx,
            {
              id: uuid,
              userId: actor.userId,
              productId: a.productId,
              name: used === 0 ? a.name : `${a.name} (attempt ${used + 1})`,
              mode: spec.mode,
              timeLimitMs: limitMs,
              assignment: { id, endsAt: attemptEnd(a, now), late: stateAt(a, now) === 'LATE' },
            },
            drawn,
          );
          return { uuid, numQuestions: drawn.length };
        });
      } catch (e) {
        if (violatesOneOpen(e)) throw new AppError(ErrorCode.CONFLICT, START_TEST_FAILED);
        throw e;
      }
    },

    /** GET assignments/{id}/results. */
    async results(actor: Actor, id: string): Promise<AssignmentResults> {
      const a = await own(actor, id);
      const [head, students, groups, totals] = await Promise.all([
        one(id),
        resultRows(db, id),
        itemGroups(db, id),
        totalsFigures(db, id),
      ]);
      const figures = itemFigures(
        groups.map((g) => ({
          questionId: g.question_id,
          choiceId: g.choice_id,
          firstPosition: g.first_position,
          versionId: g.version_id,
          n: g.n,
          sc: g.sc,
          sr: g.sr,
          srr: g.srr,
          scr: g.scr,
        })),
      );
      const texts = new Map(
        (
          await versionTexts(
            db,
            figures.map((f) => f.versionId),
          )
        ).map((v) => [v.id, v]),
      );
      const spec = specOf(a);
      const firsts = students.filter((s) => s.first_score !== null);
      const scores = firsts.map((s) => s.first_score!);
      const times = firsts.map((s) => s.first_time_ms ?? 0);
      // KR-20 only when every attempt held the same questions (chosen by hand or drawn once).
      const sameItems = a.questionIds !== null && figures.length === totals.items;
      const facilities = figures.map((f) => (f.n === 0 ? 0 : f.right / f.n));
      return {
        assignment: head,
        assigned: head.assigned,
        completed: firsts.length,
        inProgress: students.filter((s) => s.open > 0 && s.first_score === null).length,
        notStarted: students.filter((s) => s.attempts === 0).length,
        meanScore: round(scores.length ? scores.reduce((x, y) => x + y, 0) / scores.length : null, 1),
        medianScore: round(median(scores), 1),
        standardDeviation: round(sampleSd(scores), 1),
        reliability: sameItems ? round(kr20(facilities, totals.variance, totals.n)) : null,
        meanTimeSeconds: times.length
          ? Math.round(times.reduce((x, y) => x + y, 0) / times.length / 1000)
          : null,
        passed: spec.passingScore === null ? null : scores.filter((s) => s >= spec.passingScore!).length,
        histogram: histogram(scores),
        questions: figures.map((f) => {
          const v = texts.get(f.versionId);
          return {
            uuid: f.questionId,
            name: v?.name ?? '',
            stemText: plainStart(v?.stem ?? '', 160),
            answered: f.n,
            facility: f.n === 0 ? null : round(f.right / f.n),
            discrimination: f.n < 3 ? null : round(f.discrimination),
            choices: (v?.choices ?? []).map((c) => ({
              uuid: c.id,
              text: plainStart(c.text, 120),
              correct: c.id === v?.correct_choice_id,
              count: f.chosen.get(c.id) ?? 0,
            })),
            blank: f.blank,
          };
        }),
        students: students.map((s) => ({
          userUuid: s.user_id,
          firstName: s.first_name,
          lastName: s.last_name,
          emailAddress: s.email,
          status: s.first_score !== null ? 'COMPLETED' : s.open > 0 ? 'IN_PROGRESS' : 'NOT_STARTED',
          attempts: s.attempts,
          testUuid: s.first_test_id,
          scorePercent: s.first_score,
          bestScorePercent: s.best_score,
          timeUsedSeconds: s.first_time_ms === null ? null : Math.floor(s.first_time_ms / 1000),
          finishedAt: s.first_finished_at?.toISOString() ?? null,
          late: s.late,
        })),
      };
    },

    /** GET assignments/{id}/results/export: one row per student. */
    async exportResults(actor: Actor, id: string, format: 'csv' | 'xlsx'): Promise<FileAnswer> {
      const a = await own(actor, id);
      const rows = await resultRows(db, id);
      const cells = rows.map((s) => [
        s.last_name,
        s.first_name,
        s.email,
        s.first_score !== null ? 'Completed' : s.open > 0 ? 'In progress' : 'Not started',
        String(s.attempts),
        s.first_score === null ? '' : String(s.first_score),
        s.best_score === null ? '' : String(s.best_score),
        s.first_time_ms === null ? '' : String(Math.round(s.first_time_ms / 6000) / 10),
        s.first_finished_at?.toISOString() ?? '',
        s.late ? 'yes' : '',
      ]);
      const bytes = await buildTableOffLoop(format, 'Results', EXPORT_HEADER, cells);
      const slug =
        a.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60) || 'assignment';
      return { bytes, contentType: FILE_TYPES[format], fileName: `results-${slug}.${format}` };
    },
  };
}
