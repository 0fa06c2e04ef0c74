import { periodEnd } from '@qbank/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Payments } from '../infra/payments';
import type { MediaStorage } from '../infra/storage';
import { type Clock, systemClock } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { seedAssignments } from '../modules/assignments';
import { type SeededTest, seedTestHistory } from '../modules/exams';
import { refreshItemStatistics } from '../modules/questions';
import { recountLearners } from '../modules/subscriptions';
import { type Db, rowsOf } from './client';
import { billingPlans, products, subscriptions, users } from './schema';
import { PRACTICE_BANK, seedPracticeHistory } from './seed-item-statistics';
import { seedQuestionBank } from './seed-question-bank';
import { seedQuestions } from './seed-questions';
import { demoReferencePanel } from './seed-reference-panels';
import { seedAuditTrail, seedSalesHistory } from './seed-sales';

export const demoAccounts = [
  {
    email: 'learner@example.com',
    password: 'learner-demo-1',
    firstName: 'Lena',
    lastName: 'Learner',
    role: 'student',
  },
  {
    email: 'writer@example.com',
    password: 'writer-demo-1',
    firstName: 'Walt',
    lastName: 'Writer',
    role: 'question writer',
  },
  {
    email: 'auditor@example.com',
    password: 'auditor-demo-1',
    firstName: 'Aude',
    lastName: 'Auditor',
    role: 'question auditor',
  },
  {
    email: 'admin@example.com',
    password: 'admin-demo-1',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'product admin',
  },
  {
    email: 'instructor@example.com',
    password: 'instructor-demo-1',
    firstName: 'Ines',
    lastName: 'Instructor',
    role: 'instructor',
  },
  {
    email: 'super@example.com',
    password: 'super-demo-1',
    firstName: 'Sam',
    lastName: 'Super',
    role: 'superuser',
  },
] as const;

/**
 * The demo instructor's class in the first bank: students with a history of their own (none, one or two tests,
 * better or worse, lately or weeks ago), so the Students screen has figures to sort and filter. They sign in with
 * the demo learner's password.
 */
const demoStudents: ReadonlyArray<{
  firstName: string;
  lastName: string;
  plan: 'BASIC' | 'PREMIUM';
  active?: boolean;
  tests: readonly SeededTest[];
}> = [
  {
    firstName: 'Amara',
    lastName: 'Okafor',
    plan: 'PREMIUM',
    tests: [
      { mode: 'TIMED', daysAgo: 2, wrongEvery: 9, minutes: 12 },
      { mode: 'TUTOR', daysAgo: 1, wrongEvery: 7, minutes: 15 },
    ],
  },
  {
    firstName: 'Bruno',
    lastName: 'Silva',
    plan: 'PREMIUM',
    tests: [{ mode: 'TUTOR', daysAgo: 5, wrongEvery: 2, minutes: 20 }],
  },
  {
    firstName: 'Chen',
    lastName: 'Wei',
    plan: 'PREMIUM',
    tests: [
      { mode: 'TIMED', daysAgo: 12, wrongEvery: 4, minutes: 13 },
      { mode: 'TIMED', daysAgo: 9, wrongEvery: 3, minutes: 14 },
    ],
  },
  {
    firstName: 'Dana',
    lastName: 'Kowalski',
    plan: 'PREMIUM',
    tests: [{ mode: 'TUTOR', daysAgo: 40, wrongEvery: 3, minutes: 18 }],
  },
  { firstName: 'Elif', lastName: 'Yilmaz', plan: 'PREMIUM', tests: [] },
  {
    firstName: 'Farid',
    lastName: 'Haddad',
    plan: 'PREMIUM',
    tests: [{ mode: 'TIMED', daysAgo: 1, wrongEvery: 6, minutes: 10 }],
  },
  { firstName: 'Grace', lastName: 'Mensah', plan: 'BASIC', tests: [] },
  {
    firstName: 'Hiro',
    lastName: 'Tanaka',
    plan: 'PREMIUM',
    tests: [
      { mode: 'TUTOR', daysAgo: 20, wrongEvery: 2, minutes: 22 },
      { mode: 'TUTOR', daysAgo: 16, wrongEvery: 3, minutes: 19 },
    ],
  },
  {
    firstName: 'Isabel',
    lastName: 'Moreno',
    plan: 'PREMIUM',
    tests: [{ mode: 'TIMED', daysAgo: 3, wrongEvery: 5, minutes: 12 }],
  },
  {
    firstName: 'Jonas',
    lastName: 'Berg',
    plan: 'PREMIUM',
    active: false,
    tests: [{ mode: 'TIMED', daysAgo: 60, wrongEvery: 4, minutes: 14 }],
  },
];

const MORE_FIRST = ['Aaliyah', 'Ben', 'Carmen', 'Dmitri', 'Esme', 'Felix', 'Gita', 'Hugo', 'Ines', 'Jamal'];
const MORE_LAST = ['Adeyemi', 'Brennan', 'Castillo'];

/**
 * Thirty more of the class, made by rule so the roster reads like a real year group (about 40 in all): every
 * fifth on the free plan and without tests, the others with none, one, two recent tests, or one weeks ago;
 * every thirteenth's access has ended.
 */
const generatedStudents: typeof demoStudents = Array.from({ length: 30 }, (_, i) => {
  const free = i % 5 === 0;
  const tests: SeededTest[] = free
    ? []
    : i % 4 === 1
      ? [{ mode: 'TIMED', daysAgo: (i % 9) + 1, wrongEvery: (i % 4) + 2, minutes: 10 + (i % 6) }]
      : i % 4 === 2
        ? [
            { mode: 'TUTOR', daysAgo: (i % 11) + 6, wrongEvery: 3, minutes: 16 },
            { mode: 'TIMED', daysAgo: (i % 5) + 1, wrongEvery: (i % 3) + 3, minutes: 12 },
          ]
        : i % 4 === 3
          ? [{ mode: 'TUTOR', daysAgo: 35 + i, wrongEvery: 2, minutes: 20 }]
          : [];
  return {
    firstName: MORE_FIRST[i % MORE_FIRST.length]!,
    lastName: `${MORE_LAST[Math.floor(i / MORE_FIRST.length)]!}`,
    plan: free ? 'BASIC' : 'PREMIUM',
    ...(i % 13 === 12 ? { active: false } : {}),
    tests,
  };
});

const demoProducts = [
  {
    name: 'USMLE Step 1 Mastery',
    productCategory: 'PHYSICIAN',
    targetAudience: 'Second-year medical students preparing for USMLE Step 1',
    content:
      'Board-style vignettes across physiology, pathology, pharmacology and microbiology, each with a full explanation of every answer choice.',
    authors: 'A team of board-certified physicians and medical educators',
    questionFormat: 'Single best answer, clinical vignettes with 5 answer choices',
    plans: [
      { planName: 'Free sample', priceCents: 0, frequencyType: 'INDEFINITE', autoRenew: false },
      { planName: '1 month', priceCents: 4900, frequencyType: 'MONTHLY', autoRenew: true },
      { planName: '6 months', priceCents: 19900, frequencyType: 'HALF_YEARLY', autoRenew: false },
    ],
  },
  {
    name: 'NCLEX-RN Review',
    productCategory: 'NURSING',
    targetAudience: 'Nursing graduates sitting the NCLEX-RN',
    content:
      'Next Generation NCLEX case studies and standalone items covering safe care, health promotion and physiological integrity.',
    authors: 'Registered nurses and nursing faculty',
    questionFormat: 'Multiple choice and case studies',
    colorMap: {
      HEADER_BACKGROUND: '#0b4f6c',
      HEADER_TEXT: '#ffffff',
      DROPDOWN_BUTTON: '#e8f4f8',
      DROPDOWN_BUTTON_TEXT: '#0b4f6c',
    },
    domainName: 'nclex.qbankcloud.com',
    plans: [
      { planName: '3 months', priceCents: 7999, frequencyType: 'QUARTERLY', autoRenew: false },
      { planName: '1 year', priceCents: 14900, frequencyType: 'YEARLY', autoRenew: true },
    ],
  },
  {
    name: 'CPA Audit & Attestation',
    productCategory: 'ACCOUNTING',
    targetAudience: 'Candidates for the AUD section of the CPA exam',
    content:
      'Audit planning, internal control, evidence and reporting questions written to the current blueprint.',
    authors: 'Licensed CPAs with Big Four audit experience',
    questionFormat: 'Multiple choice with task-based simulations',
    plans: [
      { planName: 'Lifetime access', priceCents: 12500, frequencyType: 'INDEFINITE', autoRenew: false },
    ],
  },
] as const;

/** The demo accounts whose users exist in this database (none when it was never seeded). */
export async function existingDemoAccounts(db: Db): Promise<Array<(typeof demoAccounts)[number]>> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        demoAccounts.map((a) => a.email),
      ),
    );
  const present = new Set(rows.map((r) => r.email));
  return demoAccounts.filter((a) => present.has(a.email));
}

/**
 * Seeds demo accounts and QBanks into an empty database; returns whether it seeded. With a real payment
 * provider (`createPrice`) the paid plans get prices made there; the built-in test checkout takes the fixed
 * demo price ids (`price_local_demo_<product>_<plan>`), which links and tests can name. The demo's dates count
 * from `clock` (the app's `deps.clock`; the system clock when none is given).
 */
export async function seedDemo(
  db: Db,
  opts: { createPrice?: Payments['createPrice']; clock?: Clock; storage?: MediaStorage } = {},
): Promise<boolean> {
  const res = (await db.execute(sql`SELECT count(*)::int AS count FROM users`)) as unknown as {
    rows: Array<{ count: number }>;
  };
  const count = res.rows[0]?.count ?? 0;
  if (count > 0) return false;
  const hashes = await Promise.all(demoAccounts.map((a) => hashPassword(a.password)));
  // Prices first, outside the transaction: a provider's answer is not rolled back with it.
  const prices: Array<Array<string | null>> = [];
  for (const [pi, p] of demoProducts.entries()) {
    const row: Array<string | null> = [];
    for (const [i, pl] of p.plans.entries())
      row.push(
        pl.priceCents === 0
          ? null
          : opts.createPrice
            ? await opts.createPrice({
                productName: p.name,
                planName: pl.planName,
                amountCents: pl.priceCents,
                frequencyType: pl.frequencyType,
                recurring: pl.autoRenew,
              })
            : `price_local_demo_${pi + 1}_${i + 1}`,
      );
    prices.push(row);
  }
  await db.transaction(async (tx) => {
    const now = (opts.clock ?? systemClock).now();
    const inserted = await tx
      .insert(users)
      .values(
        demoAccounts.map((a, i) => ({
          email: a.email,
          firstName: a.firstName,
          lastName: a.lastName,
          passwordHash: hashes[i]!,
          emailVerifiedAt: now,
          superuser: a.role === 'superuser',
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userId = (email: string) => inserted.find((u) => u.email === email)!.id;
    const productIds: string[] = [];
    const productPlans: Array<
      Array<{ id: string; planName: string; priceCents: number; frequencyType: string; autoRenew: boolean }>
    > = [];

    for (const [pi, p] of demoProducts.entries()) {
      const [prod] = await tx
        .insert(products)
        .values({
          name: p.name,
          productCategory: p.productCategory,
          targetAudience: p.targetAudience,
          content: p.content,
          authors: p.authors,
          questionFormat: p.questionFormat,
          colorMap: 'colorMap' in p ? p.colorMap : {},
          domainName: 'domainName' in p ? p.domainName : null,
          additionalContent: JSON.stringify({ shortDescription: p.content.split('. ')[0] }),
          referencePanel: demoReferencePanel(p.productCategory),
        })
        .returning({ id: products.id });
      const productId = prod!.id;
      productIds.push(productId);
      const plans = await tx
        .insert(billingPlans)
        .values(
          p.plans.map((pl, i) => ({
            productId,
            planName: pl.planName,
            priceCents: pl.priceCents,
            frequencyType: pl.frequencyType,
            autoRenewForSubscription: pl.autoRenew,
            stripePriceId: pl.priceCents > 0 ? prices[pi]![i]! : null,
          })),
        )
        .returning({
          id: billingPlans.id,
          planName: billingPlans.planName,
          priceCents: billingPlans.priceCents,
          autoRenew: billingPlans.autoRenewForSubscription,
          frequencyType: billingPlans.frequencyType,
        });
      productPlans.push(plans);
      if (pi === 0) {
        // The demo learner bought the one-time paid plan a month ago: access runs out in about five months, and
        // Account Settings offers to turn auto-renew on, as it would for a real buyer.
        const paid = plans.find((x) => x.priceCents > 0 && !x.autoRenew && x.frequencyType !== 'INDEFINITE')!;
        const boughtAt = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
        await tx.insert(subscriptions).values([
          {
            userId: userId('learner@example.com'),
            productId,
            billingPlanId: paid.id,
            type: 'PREMIUM',
            student: true,
            currentPeriodEnd: periodEnd(boughtAt, paid.frequencyType),
          },
          {
            userId: userId('writer@example.com'),
            productId,
            type: 'PRIVILEGED',
            student: false,
            questionWriter: true,
          },
          {
            userId: userId('admin@example.com'),
            productId,
            type: 'PRIVILEGED',
            student: false,
            admin: true,
            instructor: true,
          },
          {
            userId: userId('instructor@example.com'),
            productId,
            type: 'PRIVILEGED',
            student: false,
            instructor: true,
          },
        ]);
      }
      if (pi === 1) {
        await tx.insert(subscriptions).values([
          {
            userId: userId('admin@example.com'),
            productId,
            type: 'PRIVILEGED',
            student: false,
            admin: true,
          },
        ]);
      }
    }
    // The writer and the auditor work on every demo bank, so both have work waiting wherever they look.
    for (const productId of productIds) {
      await tx.insert(subscriptions).values([
        {
          userId: userId('auditor@example.com'),
          productId,
          type: 'PRIVILEGED',
          student: false,
          questionAuditor: true,
        },
        ...(productId === productIds[0]
          ? []
          : [
              {
                userId: userId('writer@example.com'),
                productId,
                type: 'PRIVILEGED' as const,
                student: false,
                questionWriter: true,
              },
            ]),
      ]);
    }
    for (const [pi, p] of demoProducts.entries())
      await seedQuestionBank(tx, {
        productId: productIds[pi]!,
        bank: seedQuestions[p.name],
        users: {
          writer: userId('writer@example.com'),
          admin: userId('admin@example.com'),
          auditor: userId('auditor@example.com'),
        },
        storage: opts.storage,
        now,
      });
    await seedTestHistory(tx, { userId: userId('learner@example.com'), productId: productIds[0]!, now });
    const classList = [...demoStudents, ...generatedStudents];
    const students = await tx
      .insert(users)
      .values(
        classList.map((s) => ({
          email: `${s.firstName}.${s.lastName}@example.com`.toLowerCase(),
          firstName: s.firstName,
          lastName: s.lastName,
          passwordHash: hashes[0]!,
          emailVerifiedAt: now,
        })),
      )
      .returning({ id: users.id });
    for (const [i, s] of classList.entries()) {
      const id = students[i]!.id;
      await tx.insert(subscriptions).values({
        userId: id,
        productId: productIds[0]!,
        type: s.plan,
        student: true,
        active: s.active ?? true,
        createdAt: new Date(now.getTime() - 70 * 24 * 3600_000),
      });
      if (s.tests.length > 0)
        await seedTestHistory(tx, {
          userId: id,
          productId: productIds[0]!,
          now,
          plans: s.tests,
          firstQuestion: (i * 7) % 40,
        });
    }
    await seedPracticeHistory(tx, {
      productId: productIds[demoProducts.findIndex((p) => p.name === PRACTICE_BANK)]!,
      passwordHash: hashes[0]!,
      now,
    });
    await tx.execute(sql`
      UPDATE products p SET learners_count = (
        SELECT count(*) FROM subscriptions s WHERE s.product_id = p.id AND s.active AND s.student AND s.access_hold IS NULL)`);
    await seedClassroom(tx, {
      productId: productIds[0]!,
      instructorId: userId('instructor@example.com'),
      learnerId: userId('learner@example.com'),
      studentIds: students.map((st) => st.id),
      // Those who take assignments: students with access who practised in the last month.
      engaged: new Set(
        classList.flatMap((s, i) =>
          s.active !== false && s.tests.some((t) => t.daysAgo <= 30) ? [students[i]!.id] : [],
        ),
      ),
      now,
    });
    // Admin → Sales: a year of the first bank's sales to its class, with referral links (db/seed-sales.ts).
    await seedSalesHistory(tx, {
      productId: productIds[0]!,
      plans: productPlans[0]!,
      buyers: classList.flatMap((s, i) =>
        s.plan === 'PREMIUM' ? [{ userId: students[i]!.id, active: s.active ?? true }] : [],
      ),
      now,
    });
    // The superuser's audit log: a year of plan, role, publish, branding and account changes.
    const [practiceLearner] = rowsOf(
      await tx.execute(sql`SELECT id, email FROM users WHERE email = 'practice.1@example.com'`),
    ) as Array<{ id: string; email: string }>;
    if (practiceLearner)
      await seedAuditTrail(tx, {
        now,
        superuserId: userId('super@example.com'),
        adminId: userId('admin@example.com'),
        writer: { id: userId('writer@example.com'), email: 'writer@example.com' },
        instructor: { id: userId('instructor@example.com'), email: 'instructor@example.com' },
        banks: demoProducts.map((p, i) => ({ id: productIds[i]!, name: p.name })),
        plan: productPlans[0]!.find((p) => p.autoRenew)!,
        disabled: practiceLearner,
      });
  });
  // The figures of every question answered above, now rather than at the task's first run.
  await refreshItemStatistics(db, (opts.clock ?? systemClock).now());
  return true;
}

/**
 * The demo instructor's classroom in the first bank: the class split into two cohorts, two tests in the Test
 * Bank (ten chosen questions, and a weekly review drawn by rule), a closed and an open assignment of them with
 * results, and this month's seats.
 */
async function seedClassroom(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  o: {
    productId: string;
    instructorId: string;
    learnerId: string;
    studentIds: string[];
    engaged: Set<string>;
    now: Date;
  },
) {
  const half = Math.ceil(o.studentIds.length / 2);
  for (const [name, members] of [
    ['Year 2 · Group A', o.studentIds.slice(0, half)],
    ['Year 2 · Group B', o.studentIds.slice(half)],
  ] as const) {
    const [cohort] = rowsOf(
      await tx.execute(sql`
        INSERT INTO cohorts (product_id, name, created_at) VALUES (${o.productId}, ${name}, ${o.now}) RETURNING id`),
    ) as Array<{ id: string }>;
    await tx.execute(sql`
      INSERT INTO cohort_members (cohort_id, user_id, added_at)
      SELECT ${cohort!.id}, u, ${o.now} FROM unnest(${sql.param(members)}::uuid[]) AS u`);
  }
  const published = rowsOf(
    await tx.execute(sql`
      SELECT q.id AS question_id, s.id AS subject_id FROM questions q
      JOIN question_versions v ON v.id = q.current_version_id AND v.status = 'PUBLISHED'
      JOIN subcategories sc ON sc.id = v.subcategory_id JOIN categories c ON c.id = sc.category_id
      JOIN subjects s ON s.id = c.subject_id
      WHERE q.product_id = ${o.productId} ORDER BY s.position, c.position, sc.position, q.id`),
  ) as Array<{ question_id: string; subject_id: string }>;
  const firstSubject = published[0]?.subject_id;
  const inFirst = published.filter((q) => q.subject_id === firstSubject).length;
  const templates: Array<[string, Record<string, unknown>]> = [
    [
      'Warm-up: ten chosen questions',
      {
        selection: { kind: 'QUESTIONS', questionUuids: published.slice(0, 10).map((q) => q.question_id) },
        order: 'AS_LISTED',
        mode: 'TUTOR',
        timeLimitMinutes: null,
        passingScore: 60,
      },
    ],
    [
      'Weekly review',
      {
        selection: {
          kind: 'RULES',
          draw: 'PER_STUDENT',
          rules: [{ nodeType: 'SUBJECT', nodeUuid: firstSubject, count: Math.min(10, inFirst) }],
        },
        order: 'SHUFFLED',
        mode: 'TIMED',
        timeLimitMinutes: 15,
        passingScore: 70,
      },
    ],
  ];
  if (published.length >= 10 && firstSubject)
    for (const [name, spec] of templates) {
      const [t] = rowsOf(
        await tx.execute(sql`
          INSERT INTO test_templates (product_id, name, current_version, created_by, created_at, updated_at)
          VALUES (${o.productId}, ${name}, 1, ${o.instructorId}, ${o.now}, ${o.now}) RETURNING id`),
      ) as Array<{ id: string }>;
      await tx.execute(sql`
        INSERT INTO test_template_versions (template_id, number, spec, editor_id, created_at)
        VALUES (${t!.id}, 1, ${JSON.stringify(spec)}::jsonb, ${o.instructorId}, ${o.now})`);
    }
  await seedAssignments(tx, o);
  await recountLearners(tx, o.productId, o.now);
}
