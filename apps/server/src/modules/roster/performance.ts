import {
  type AtRiskReason,
  ErrorCode,
  HEAT_MAP_PAGE_SIZE,
  type HeatMapCell,
  type PerformanceQueryParsed,
  type PerformanceReport,
  percentOf,
  WEAKEST_SUBJECTS_MAX,
} from '@qbank/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { findProduct } from '../store';
import {
  atRisk,
  bySubject,
  cellsOf,
  type PerformanceScope,
  scopeTotals,
  studentsByName,
  subjectsOf,
  weeklyTests,
  weeklyUsed,
} from './performance-repository';
import { findCohort } from './repository';
import { weeksUpTo } from './weeks';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Performance tracking (docs/performance.md): a product's students, or one cohort of them, week by week, by
 * subject, at risk, and as a subject × student heat map; for the product's instructors and admins (roster.read).
 */
export function performanceService(deps: Deps) {
  const { db, clock } = deps;

  return {
    /** GET products/{id}/performance. */
    async report(actor: Actor, productId: string, q: PerformanceQueryParsed): Promise<PerformanceReport> {
      await authorize(actor, 'roster.read', { productId });
      if (actor.superuser && !(await findProduct(db, productId)))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      if (q.cohortUuid) {
        const c = await findCohort(db, q.cohortUuid);
        if (!c || c.productId !== productId)
          throw new AppError(ErrorCode.VALIDATION, 'No such cohort in this QBank', 'cohortUuid');
      }
      const scope: PerformanceScope = { productId, cohortId: q.cohortUuid };
      const now = clock.now();
      const weeks = weeksUpTo(now, q.weeks);
      const since = new Date(`${weeks[0]}T00:00:00Z`);
      const size = HEAT_MAP_PAGE_SIZE;
      // Each read is one statement through the pool (no transaction): they queue for a connection, never hold two.
      const [totals, answers, used, subjects, risk, columns, page] = await Promise.all([
        scopeTotals(db, scope),
        weeklyTests(db, scope, since),
        weeklyUsed(db, scope, since),
        bySubject(db, scope),
        atRisk(db, scope, new Date(now.getTime() - q.inactiveDays * DAY_MS), q.belowPercent),
        subjectsOf(db, productId),
        studentsByName(db, scope, size, q.page * size),
      ]);
      const cells = await cellsOf(
        db,
        productId,
        page.map((s) => s.user_id),
      );

      // Questions used up to the end of each week: the total now less what was used in the weeks after it.
      const usedByWeek = new Map(used.map((u) => [u.week, u.used]));
      const byWeek = new Map(answers.map((a) => [a.week, a]));
      let later = 0;
      const cumulative = new Map<string, number>();
      for (const w of [...weeks].reverse()) {
        cumulative.set(w, Math.max(0, totals.used - later));
        later += usedByWeek.get(w) ?? 0;
      }

      const cellOf = new Map(cells.map((c) => [`${c.user_id}:${c.subject_id}`, c]));
      return {
        cohortUuid: q.cohortUuid ?? null,
        students: totals.students,
        inactiveDays: q.inactiveDays,
        belowPercent: q.belowPercent,
        progress: weeks.map((w) => {
          const a = byWeek.get(w);
          const answered = a?.answered ?? 0;
          const correct = a?.correct ?? 0;
          return {
            weekStart: w,
            answered,
            correct,
            percentCorrect: answered === 0 ? null : percentOf(correct, answered),
            activeStudents: a?.active ?? 0,
            questionsUsed: cumulative.get(w) ?? 0,
          };
        }),
        weakestSubjects: subjects
          .filter((s) => s.answered > 0)
          .map((s) => ({
            uuid: s.id,
            name: s.name,
            answered: s.answered,
            correct: s.correct,
            percentCorrect: percentOf(s.correct, s.answered),
            students: s.students,
          }))
          // The exact share, not the rounded one, then the most answered, then the name.
          .sort(
            (a, b) =>
              a.correct * b.answered - b.correct * a.answered ||
              b.answered - a.answered ||
              a.name.localeCompare(b.name),
          )
          .slice(0, WEAKEST_SUBJECTS_MAX),
        atRisk: risk.rows.map((r) => ({
          userUuid: r.userId,
          firstName: r.firstName,
          lastName: r.lastName,
          reasons: [
            ...(r.inactive ? (['INACTIVE'] as AtRiskReason[]) : []),
            ...(r.lowScore ? (['LOW_SCORE'] as AtRiskReason[]) : []),
          ],
          lastActiveAt: r.lastActiveAt?.toISOString() ?? null,
          answered: r.answered,
          correct: r.correct,
          percentCorrect: r.answered === 0 ? null : percentOf(r.correct, r.answered),
        })),
        atRiskTotal: risk.total,
        heatMap: {
          subjects: columns.map((c) => ({ uuid: c.id, name: c.name })),
          students: page.map((s) => ({
            userUuid: s.user_id,
            firstName: s.first_name,
            lastName: s.last_name,
            cells: columns.map((c): HeatMapCell => {
              const cell = cellOf.get(`${s.user_id}:${c.id}`);
              return cell ? { answered: cell.answered, correct: cell.correct } : null;
            }),
          })),
          page: q.page,
          size,
          totalElements: totals.students,
          totalPages: Math.ceil(totals.students / size),
        },
      };
    },
  };
}
