import { type SeededTest, seedTestHistory } from '../modules/exams';
import type { DbOrTx } from './client';
import { users } from './schema';

// Demo practice history for item statistics (docs/item-statistics.md): past learners of one demo bank, who have
// no subscription any more (so no roster lists them), each with three finished tests over the bank's first 30
// published questions. Their answers follow a simple model (abler learners are right more often) with a few
// questions made to misbehave, so My Questions shows figures, flags and the "needs checking" filter.

/** The bank whose questions get the practice history. */
export const PRACTICE_BANK = 'NCLEX-RN Review';
export const PRACTICE_LEARNERS = 36;

const FIRST = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Grace', 'Hugo', 'Ines', 'Jae', 'Kira', 'Leo'];
const LAST = ['Adams', 'Brooks', 'Chen'];

/** A fixed pseudo-random number in [0, 1) for a learner and a question. */
function noise(learner: number, question: number) {
  let h = (learner * 374_761_393 + question * 668_265_263) ^ 0x5bd1e995;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 2 ** 32;
}

/**
 * The choice learner `k` (ability from 0.3 to 0.95) makes on question `index`: question 0 is too easy, 1 too
 * hard, 2 has a wrong key (the ablest choose the second choice), 3 is answered at random; the rest by ability.
 */
export function practiceAnswer(k: number, q: { index: number; choices: string[]; correct: string }) {
  const ability = 0.3 + (0.65 * k) / (PRACTICE_LEARNERS - 1);
  const u = noise(k, q.index);
  const distractors = q.choices.filter((c) => c !== q.correct);
  const wrong = distractors[Math.floor(noise(q.index, k) * distractors.length)] ?? q.correct;
  switch (q.index) {
    case 0:
      return u < 0.97 ? q.correct : wrong;
    case 1:
      return u < 0.1 ? q.correct : wrong;
    case 2:
      return ability > 0.7 ? (distractors[0] ?? q.correct) : u < 0.6 ? q.correct : wrong;
    case 3:
      return u < 0.5 ? q.correct : wrong;
    default:
      return u < ability ? q.correct : wrong;
  }
}

export async function seedPracticeHistory(
  tx: DbOrTx,
  opts: { productId: string; passwordHash: string; now: Date },
) {
  const learners = await tx
    .insert(users)
    .values(
      Array.from({ length: PRACTICE_LEARNERS }, (_, k) => {
        const firstName = FIRST[k % FIRST.length]!;
        const lastName = LAST[Math.floor(k / FIRST.length) % LAST.length]!;
        return {
          email: `practice.${k + 1}@example.com`,
          firstName,
          lastName,
          passwordHash: opts.passwordHash,
          emailVerifiedAt: opts.now,
        };
      }),
    )
    .returning({ id: users.id });
  for (const [k, l] of learners.entries()) {
    const plans: SeededTest[] = [40, 30, 20].map((daysAgo) => ({
      mode: 'TIMED',
      daysAgo: daysAgo + (k % 5),
      wrongEvery: 0,
      minutes: 12,
      answer: (q) => practiceAnswer(k, q),
    }));
    await seedTestHistory(tx, { userId: l.id, productId: opts.productId, now: opts.now, plans });
  }
}
