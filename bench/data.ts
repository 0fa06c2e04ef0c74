// Generated store data for the bench, shaped like real QBanks: a name, a content paragraph of some 700-1,000
// characters, audience, authors, question format, a category, colours, additionalContent (a short description
// on most, short authors, example questions), counters, and one to three public plans (some inactive) plus a
// few private ones.
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';

const EXAMS = [
  'USMLE Step 1',
  'USMLE Step 2 CK',
  'NCLEX-RN',
  'NCLEX-PN',
  'PANCE',
  'NAPLEX',
  'CPA Audit',
  'CPA Regulation',
  'Series 7',
  'Bar Exam',
  'ABIM Cardiology',
  'Dental Boards',
  'ARRT Radiography',
  'FAA Private Pilot',
  'PE Civil',
  'GRE Quantitative',
];
const KINDS = ['Review', 'Mastery', 'Question Bank', 'Practice Exams', 'Board Prep', 'Intensive'];
const SUBJECTS = [
  'physiology',
  'pathology',
  'pharmacology',
  'microbiology',
  'anatomy',
  'taxation',
  'auditing',
  'contracts',
  'torts',
  'navigation',
  'meteorology',
  'structures',
  'statistics',
  'ethics',
  'imaging',
  'surgery',
];
const SENTENCES = [
  'Board-style vignettes written and reviewed by practising specialists, with detailed explanations for every answer choice.',
  'Each question links to the concept it tests, so a learner can see at a glance which topics need another pass.',
  'Timed and tutor modes mirror the real exam: build a test from any mix of subjects and review it question by question.',
  'Performance statistics compare every answer with thousands of other learners, by subject and by system.',
  'Images, tables and lab values appear exactly as they do on test day, with zoom and high-contrast options.',
  'New questions are added every month and older ones are revised when guidelines or standards change.',
  'Flag questions for later, write notes beside any explanation and come back to incorrect ones in a focused set.',
  'The bank follows the official content outline, weighted by how often each area appears on the exam.',
];
const CATEGORIES = [
  'PHYSICIAN',
  'NURSING',
  'PHARMACY',
  'ACCOUNTING',
  'LEGAL',
  'AVIATION',
  'ENGINEERING',
  'DENTAL',
];

const arr = (xs: readonly string[]) =>
  sql.raw(`ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

export async function generateStore(db: Db, count: number) {
  const e = EXAMS.length;
  const k = KINDS.length;
  const s = SUBJECTS.length;
  const n = SENTENCES.length;
  await db.execute(sql`
    INSERT INTO products (name, content, target_audience, authors, question_format, product_category, color_map,
      additional_content, question_count, learners_count, published)
    SELECT
      (${arr(EXAMS)})[1 + g % ${e}] || ' ' || (${arr(KINDS)})[1 + (g / ${e}) % ${k}] || ' ' || g,
      (${arr(SENTENCES)})[1 + g % ${n}] || ' Covers ' || (${arr(SUBJECTS)})[1 + g % ${s}] || ', ' ||
        (${arr(SUBJECTS)})[1 + (g * 7) % ${s}] || ' and ' || (${arr(SUBJECTS)})[1 + (g * 11) % ${s}] || '. ' ||
        (${arr(SENTENCES)})[1 + (g + 3) % ${n}] || ' ' || (${arr(SENTENCES)})[1 + (g + 5) % ${n}] || ' ' ||
        (${arr(SENTENCES)})[1 + (g + 6) % ${n}] || ' Edition ' || g || '.',
      'Candidates preparing for the ' || (${arr(EXAMS)})[1 + g % ${e}] || ' exam, first attempt or retake',
      'A team of board-certified educators and item writers with years of experience in ' ||
        (${arr(SUBJECTS)})[1 + g % ${s}] || ' teaching and exam development.',
      'Single best answer, vignettes with 4 to 5 answer choices',
      (${arr(CATEGORIES)})[1 + g % ${CATEGORIES.length}],
      jsonb_build_object('HEADER_BACKGROUND', '#1c3d5a', 'HEADER_TEXT', '#ffffff'),
      json_build_object(
        'shortDescription', CASE WHEN g % 10 < 7
          THEN 'Pass the ' || (${arr(EXAMS)})[1 + g % ${e}] || ' with ' || (300 + g % 4000) || ' board-style questions.' END,
        'shortAuthors', 'Board-certified educators',
        'exampleQuestions', json_build_array(
          'A 54-year-old presents with chest pain radiating to the left arm. What is the next best step?',
          'Which of the following is the most likely mechanism of the drug described above?'))::text,
      200 + (g * 37) % 4800, (g * 53) % 3000, g % 50 <> 0
    FROM generate_series(1, ${count}) g`);
  await db.execute(sql`
    INSERT INTO billing_plans (product_id, plan_name, price_cents, frequency_type, auto_renew, stripe_price_id, active)
    SELECT id, '1 month', 4900, 'MONTHLY', true, 'price_bench_m_' || md5(id::text), random() < 0.9 FROM products`);
  await db.execute(sql`
    INSERT INTO billing_plans (product_id, plan_name, price_cents, frequency_type, stripe_price_id)
    SELECT id, '6 months', 19900, 'HALF_YEARLY', 'price_bench_h_' || md5(id::text) FROM products WHERE random() < 0.5`);
  await db.execute(sql`
    INSERT INTO billing_plans (product_id, plan_name, price_cents, frequency_type, stripe_price_id)
    SELECT id, 'Free sample', 0, 'INDEFINITE', NULL FROM products WHERE random() < 0.5`);
  await db.execute(sql`
    INSERT INTO billing_plans (product_id, plan_name, price_cents, frequency_type, billing_plan_type, stripe_price_id)
    SELECT id, 'Institution', 99900, 'YEARLY', 'INSTITUTIONAL', NULL FROM products WHERE random() < 0.1`);
}

/** Search terms people type: whole words, prefixes, pairs of them and exam names. */
export function searchTermsFor(productCount: number): string[] {
  const words = [
    ...SUBJECTS,
    ...EXAMS.map((x) => x.toLowerCase()),
    ...KINDS.map((x) => x.toLowerCase()),
    ...SUBJECTS.map((x) => x.slice(0, 4)),
    ...SUBJECTS.map((x) => x.slice(0, 6)),
  ];
  const terms = new Set<string>(words);
  for (let i = 0; terms.size < 600; i++)
    terms.add(`${words[i % words.length]} ${SUBJECTS[(i * 7) % SUBJECTS.length]}`);
  // A small store (BENCH_PRODUCTS) has fewer editions than that: one pass over them.
  for (let i = 0; terms.size < 1000 && i < productCount; i++)
    terms.add(`edition ${1 + ((i * 97) % productCount)}`);
  return [...terms];
}
