import { ErrorCode } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRows } from '../../db/rows';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { recountLearners } from '../subscriptions';

// Enrolling students: the one write every way of enrolling goes through (an invitation, a code, the Students
// screen's file, POST useringestion, later the LMS), so the seat cap, cohorts, holds and the history are kept
// the same way whichever it is (docs/enrolment.md).

/** How a student came in, as the product's history names it. */
export type EnrolmentSource = 'INVITATION' | 'CODE' | 'INGESTION' | 'LMS';

/** What happened to each user asked for. */
export interface EnrolOutcome {
  /** Made a student with access now (new, or an ended subscription made active again). */
  joined: string[];
  /** Already a student with access: left as they were (added to the cohort when one is named). */
  already: string[];
  /** Suspended or removed by the instructors: left out; restoring them is a separate, deliberate step. */
  held: string[];
}

/** The student cap's refusal: it names the cap, and how many seats are left. */
export function capReached(cap: number, used: number, asked: number) {
  const left = Math.max(0, cap - used);
  return new AppError(
    ErrorCode.CONFLICT,
    `This QBank is capped at ${cap} students and has ${left === 0 ? 'no seat' : left === 1 ? '1 seat' : `${left} seats`} left: ` +
      `${asked === 1 ? 'this student' : `these ${asked} students`} cannot join. An admin can raise the cap.`,
    'cap',
  );
}

/**
 * Enrols the users as students of the product, in the caller's transaction: a subscription with full access
 * and no end (or an ended one made active again), added to the cohort when one is named, written to the
 * product's history. The product's row is locked first, so enrolments of one product run one at a time and
 * the cap (products.student_cap) holds however many arrive at once; all or none of the new students join.
 */
export async function enrolStudents(
  tx: DbOrTx,
  e: {
    productId: string;
    userIds: string[];
    cohortId?: string | null;
    /** Who enrolled them; null for the server's own work (a course's roster sync). */
    actorId: string | null;
    source: EnrolmentSource;
    now: Date;
    /** Details the history keeps with each student (the invitation, the code). */
    details?: Record<string, unknown>;
  },
): Promise<EnrolOutcome> {
  const userIds = [...new Set(e.userIds)];
  // Locks in the order every subscription change takes them: the subscriptions, then the product (its count).
  await tx.execute(sql`
    SELECT 1 FROM subscriptions WHERE product_id = ${e.productId} AND user_id = ANY(${sql.param(userIds)}::uuid[])
    ORDER BY user_id FOR UPDATE`);
  const product = await selectOne(
    tx,
    { cap: nullable(column.int), used: column.int },
    sql`SELECT student_cap AS cap, learners_count AS used FROM products WHERE id = ${e.productId} FOR UPDATE`,
  );
  // Read again now the product is ours: an enrolment of the same people that just ended is seen.
  const current = await selectRows(
    tx,
    {
      user_id: column.string,
      active: column.boolean,
      student: column.boolean,
      access_hold: nullable(column.string),
    },
    sql`SELECT user_id, active, student, access_hold FROM subscriptions
    WHERE product_id = ${e.productId} AND user_id = ANY(${sql.param(userIds)}::uuid[])`,
  );
  const byUser = new Map(current.map((r) => [r.user_id, r]));
  const out: EnrolOutcome = { joined: [], already: [], held: [] };
  for (const id of userIds) {
    const s = byUser.get(id);
    if (s?.access_hold) out.held.push(id);
    else if (s?.active && s.student) out.already.push(id);
    else out.joined.push(id);
  }
  if (out.joined.length > 0 && product.cap !== null && product.used + out.joined.length > product.cap)
    throw capReached(product.cap, product.used, out.joined.length);
  if (out.joined.length > 0) {
    // New ones get a subscription; an ended one (or a staff one without the student role) is made a
    // student's with access again. Staff flags already there stay.
    await tx.execute(sql`
      INSERT INTO subscriptions (user_id, product_id, type, active, student, current_period_end, created_at, updated_at)
      SELECT u, ${e.productId}, 'PREMIUM', true, true, NULL, ${e.now}, ${e.now}
      FROM unnest(${sql.param(out.joined)}::uuid[]) AS u
      ON CONFLICT (user_id, product_id) DO UPDATE SET
        active = true, student = true,
        type = CASE WHEN subscriptions.type = 'PRIVILEGED' THEN 'PRIVILEGED' ELSE 'PREMIUM' END,
        current_period_end = CASE WHEN subscriptions.active THEN subscriptions.current_period_end END,
        billing_plan_id = CASE WHEN subscriptions.active THEN subscriptions.billing_plan_id END,
        provider_subscription_id = CASE WHEN subscriptions.active THEN subscriptions.provider_subscription_id END,
        auto_renew = subscriptions.active AND subscriptions.auto_renew,
        updated_at = ${e.now}`);
    await recountLearners(tx, e.productId, e.now);
  }
  const inCohort = [...out.joined, ...out.already];
  if (e.cohortId && inCohort.length > 0)
    await tx.execute(sql`
      INSERT INTO cohort_members (cohort_id, user_id, added_at)
      SELECT ${e.cohortId}, u, ${e.now} FROM unnest(${sql.param(inCohort)}::uuid[]) AS u
      ON CONFLICT DO NOTHING`);
  for (const userId of out.joined)
    await appendAudit(tx, {
      actorId: e.actorId,
      productId: e.productId,
      action: 'student.enrol',
      details: { userId, source: e.source, cohortId: e.cohortId ?? null, ...e.details },
      at: e.now,
    });
  return out;
}
