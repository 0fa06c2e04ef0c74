import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { testsService } from '../exams';
import { recountLearners } from '../subscriptions';
import { type StudentHold, setStudentHolds } from './repository';

export type Hold = 'SUSPENDED' | 'REMOVED' | null;

/**
 * Puts (or lifts, with null) a hold on students' access to a product, in the caller's transaction, where
 * `students` were read with lockStudentHolds in it: those whose hold changes have their running test paused,
 * the product's learner count follows, and each change gets its audit entry (`audit`, with `details`). The
 * Students screen's suspend, remove and restore, and the course roster sync (LTI), both come through here.
 * Answers the users whose hold changed.
 */
export async function changeStudentHolds(
  deps: Deps,
  tx: Tx,
  c: {
    productId: string;
    students: StudentHold[];
    hold: Hold;
    /** Null for the server's own work (a course's roster sync). */
    actorId: string | null;
    audit: string;
    now: Date;
    details?: Record<string, unknown>;
  },
): Promise<string[]> {
  const changing = c.students.filter((s) => s.hold !== c.hold);
  if (changing.length === 0) return [];
  const ids = changing.map((s) => s.userId);
  // The running tests first, then the subscriptions: an answer being recorded holds its test and then
  // writes the student's figures (and so the Students list's row), so taking the locks in that order too
  // means the two never wait on each other.
  if (c.hold !== null) await testsService(deps).pauseTestsOf(tx, ids, c.productId);
  await setStudentHolds(tx, c.productId, ids, c.hold, c.now);
  await recountLearners(tx, c.productId);
  for (const s of changing)
    await appendAudit(tx, {
      actorId: c.actorId,
      productId: c.productId,
      action: c.audit,
      details: { userId: s.userId, from: s.hold ?? 'NONE', to: c.hold ?? 'NONE', ...c.details },
      at: c.now,
    });
  return ids;
}
