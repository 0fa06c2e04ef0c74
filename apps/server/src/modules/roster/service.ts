import {
  ErrorCode,
  percentOf,
  type RosterExportFormat,
  type RosterPage,
  type RosterQueryParsed,
  type RosterStudent,
  type rosterExportQuery,
} from '@qbank/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { FileAnswer } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { buildTableOffLoop } from '../imports';
import { findProduct } from '../store';
import { countStudents, listStudents, type RosterFilter, type StudentRow } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

type Filters = Omit<RosterQueryParsed, 'page' | 'size'>;

const toStudent = (r: StudentRow): RosterStudent => ({
  userUuid: r.userId,
  firstName: r.firstName,
  lastName: r.lastName,
  emailAddress: r.email,
  plan: r.plan,
  active: r.active,
  joinedAt: r.joinedAt.toISOString(),
  questionsUsed: r.questionsUsed,
  answered: r.answered,
  correct: r.correct,
  testsTaken: r.testsTaken,
  lastActiveAt: r.lastActiveAt?.toISOString() ?? null,
});

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
];
const exportCells = (r: StudentRow): string[] => [
  r.firstName,
  r.lastName,
  r.email,
  r.plan,
  r.active ? 'Active' : 'Ended',
  r.joinedAt.toISOString(),
  String(r.questionsUsed),
  String(r.answered),
  String(r.correct),
  r.answered === 0 ? '' : String(percentOf(r.correct, r.answered)),
  String(r.testsTaken),
  r.lastActiveAt?.toISOString() ?? '',
];

const FILE_TYPES: Record<RosterExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The Students screen (docs/roster.md): a product's students with their figures, for its instructors and admins. */
export function rosterService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  /** The caller may read the product's students, and it exists (a superuser may name any product). */
  async function filterOf(actor: Actor, productId: string, q: Filters): Promise<RosterFilter> {
    await authorize(actor, 'roster.read', { productId });
    if (actor.superuser && !(await findProduct(db, productId)))
      throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
    return {
      productId,
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
      const [rows, total] = await Promise.all([
        listStudents(db, f, { limit: size, offset: page * size }),
        countStudents(db, f),
      ]);
      return {
        content: rows.map(toStudent),
        page,
        size,
        totalElements: total,
        totalPages: Math.ceil(total / size),
      };
    },

    /** GET products/{id}/students/export: every student the filters keep, as CSV or XLSX, built off the loop. */
    async exportStudents(
      actor: Actor,
      productId: string,
      q: z.output<typeof rosterExportQuery>,
    ): Promise<FileAnswer> {
      const { format, ...filters } = q;
      const f = await filterOf(actor, productId, filters);
      const rows = await listStudents(db, f);
      const bytes = await buildTableOffLoop(format, 'Students', EXPORT_HEADER, rows.map(exportCells));
      const day = clock.now().toISOString().slice(0, 10);
      return { bytes, contentType: FILE_TYPES[format], fileName: `students-${day}.${format}` };
    },
  };
}
