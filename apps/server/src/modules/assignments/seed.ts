import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, selectRows } from '../../db/rows';
import { seedAttempt } from '../exams';
import { insertAssignment, setTargets } from './repository';

const DAY = 24 * 3600_000;

/**
 * A deterministic "random" number in [0, 1) for a student and a question, so the demo's results are the same on
 * every machine.
 */
const noise = (i: number, j: number) => ((i * 7919 + j * 104_729 + 13) % 1000) / 1000;

/**
 * The demo classroom's assignments (docs/assignments.md): the warm-up, closed last week, taken by Group A's
 * students who practise (`engaged`: with access, a test in the last month); and this week's review, open until
 * five days from now, taken by some of Group B's so far (and given to the demo learner by name). Students
 * answer by their own strength against each question's difficulty.
 */
export async function seedAssignments(
  tx: DbOrTx,
  o: {
    productId: string;
    instructorId: string;
    learnerId: string | null;
    /** The class in its list's order, so the same students take the same tests on every machine. */
    studentIds: string[];
    engaged: Set<string>;
    now: Date;
  },
) {
  const templates = await selectRows(
    tx,
    { id: column.string, name: column.string, spec: column.json<Record<string, unknown>>() },
    sql`SELECT t.id, t.name, v.spec FROM test_templates t
    JOIN test_template_versions v ON v.template_id = t.id AND v.number = t.current_version
    WHERE t.product_id = ${o.productId} ORDER BY t.created_at, t.name`,
  );
  const cohorts = await selectRows(
    tx,
    { id: column.string, members: column.strings },
    sql`SELECT c.id, coalesce(array_agg(m.user_id::text ORDER BY m.added_at, m.user_id)
      FILTER (WHERE m.user_id IS NOT NULL), '{}') AS members
    FROM cohorts c LEFT JOIN cohort_members m ON m.cohort_id = c.id
    WHERE c.product_id = ${o.productId} GROUP BY c.id, c.name ORDER BY c.name`,
  );
  const warmUp = templates.find((t) => t.name.startsWith('Warm-up'));
  const weekly = templates.find((t) => t.name === 'Weekly review');
  if (!warmUp || !weekly || cohorts.length < 2) return;
  const place = new Map(o.studentIds.map((id, i) => [id, i]));
  for (const c of cohorts) c.members.sort((x, y) => (place.get(x) ?? 0) - (place.get(y) ?? 0));
  const [groupA, groupB] = cohorts as [(typeof cohorts)[0], (typeof cohorts)[0]];

  // Closed: the warm-up (tutor, ten chosen questions), last week.
  const warmUpIds = (warmUp.spec.selection as { questionUuids: string[] }).questionUuids;
  const closedOpens = new Date(o.now.getTime() - 14 * DAY);
  const closedCloses = new Date(o.now.getTime() - 7 * DAY);
  const closed = await insertAssignment(tx, {
    productId: o.productId,
    templateId: warmUp.id,
    templateVersion: 1,
    name: 'Week 1 warm-up',
    spec: warmUp.spec,
    questionIds: warmUpIds,
    opensAt: closedOpens,
    closesAt: closedCloses,
    latePolicy: 'NONE',
    lateUntil: null,
    attemptsAllowed: 1,
    answersShown: 'AFTER_SUBMIT',
    createdBy: o.instructorId,
    now: new Date(closedOpens.getTime() - DAY),
  });
  await setTargets(tx, closed, [groupA.id], []);
  for (const [i, userId] of groupA.members.entries()) {
    if (!o.engaged.has(userId)) continue; // those who stopped practising never took it
    const strength = 0.35 + 0.6 * noise(i, 0);
    await seedAttempt(tx, {
      userId,
      productId: o.productId,
      assignment: { id: closed, endsAt: closedCloses },
      name: 'Week 1 warm-up',
      mode: 'TUTOR',
      timeLimitMs: null,
      questionIds: warmUpIds,
      startedAt: new Date(closedOpens.getTime() + (1 + (i % 5)) * DAY + i * 600_000),
      minutes: 8 + (i % 9),
      answer: (j, choices, key) => {
        const difficulty = 0.1 + 0.06 * j;
        if (noise(i, j + 1) < strength + 0.25 - difficulty) return key;
        const wrong = choices.filter((c) => c !== key);
        return wrong[(i + j) % wrong.length] ?? key;
      },
    });
  }

  // Open: the weekly review (timed, ten drawn per student), until five days from now.
  const rule = (weekly.spec.selection as { rules: Array<{ nodeUuid: string; count: number }> }).rules[0]!;
  const pool = await selectRows(
    tx,
    { question_id: column.string },
    // Published questions read from their versions: the draw's pool is filled when this transaction commits.
    sql`SELECT q.id AS question_id FROM questions q
    JOIN question_versions v ON v.id = q.current_version_id AND v.status = 'PUBLISHED'
    JOIN subcategories sc ON sc.id = v.subcategory_id JOIN categories c ON c.id = sc.category_id
    WHERE q.product_id = ${o.productId} AND c.subject_id = ${rule.nodeUuid} ORDER BY q.id`,
  );
  const openOpens = new Date(o.now.getTime() - 2 * DAY);
  const openCloses = new Date(o.now.getTime() + 5 * DAY);
  const open = await insertAssignment(tx, {
    productId: o.productId,
    templateId: weekly.id,
    templateVersion: 1,
    name: 'Weekly review',
    spec: weekly.spec,
    questionIds: null,
    opensAt: openOpens,
    closesAt: openCloses,
    latePolicy: 'ACCEPT_LATE',
    lateUntil: new Date(openCloses.getTime() + 2 * DAY),
    attemptsAllowed: 2,
    answersShown: 'AFTER_CLOSE',
    createdBy: o.instructorId,
    now: new Date(openOpens.getTime() - DAY),
  });
  await setTargets(tx, open, [groupB.id], o.learnerId ? [o.learnerId] : []);
  for (const [i, userId] of groupB.members.entries()) {
    if (i % 2 !== 0 || !o.engaged.has(userId)) continue; // some have taken it so far
    const ids = Array.from(
      { length: Math.min(rule.count, pool.length) },
      (_, k) => pool[(i * 3 + k) % pool.length]!,
    )
      .map((r) => r.question_id)
      .filter((id, k, all) => all.indexOf(id) === k);
    const strength = 0.3 + 0.6 * noise(i, 50);
    await seedAttempt(tx, {
      userId,
      productId: o.productId,
      assignment: { id: open, endsAt: openCloses },
      name: 'Weekly review',
      mode: 'TIMED',
      timeLimitMs: 15 * 60_000,
      questionIds: ids,
      startedAt: new Date(openOpens.getTime() + (i % 2) * DAY + i * 900_000),
      minutes: 9 + (i % 6),
      answer: (j, choices, key) => {
        if (j === ids.length - 1 && i % 2 === 0) return null; // ran out of time on the last one
        if (noise(i, j + 60) < strength + 0.2) return key;
        const wrong = choices.filter((c) => c !== key);
        return wrong[(i * 2 + j) % wrong.length] ?? key;
      },
    });
  }
}
