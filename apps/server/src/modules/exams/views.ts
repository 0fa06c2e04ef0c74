import type {
  MediaItem,
  ReviewQuestion,
  Solution,
  TestQuestion,
  TestReview,
  TestRun,
  TestSummary,
} from '@qbank/contract';
import { SHARES_MIN_LEARNERS } from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import { clockState } from './clock';
import type { ContentOf, PinnedContent } from './pinned-content';
import {
  type ChoiceCounts,
  choiceCounts,
  type TestQuestionRow,
  type TestQuestionState,
  type TestRow,
} from './repository';

// The answers of the tests reads, built from what the learner did to each question, the pinned content
// (pinned-content.ts) and the first-attempt counts, each read in one query however many questions a test has.
// Plain objects typed by the contract: the route serializes them through the endpoint's response schema, so
// nothing undeclared goes out.

/** What the learner did to a question. */
export const questionState = (q: TestQuestionState) => ({
  uuid: q.questionId,
  position: q.position,
  selectedChoice: q.selectedChoiceId,
  flagged: q.flagged,
  locked: q.locked,
  struck: q.struck,
  highlights: q.highlights.map((h) => ({ start: h.start, end: h.end })),
  note: q.note,
});

/**
 * The first-attempt shares of a question's choices; none until SHARES_MIN_LEARNERS learners have answered it
 * (a share of one or two learners tells who chose what), only how many have.
 */
function sharesOf(
  q: Pick<PinnedContent, 'choices'>,
  counts: Map<string, number> | undefined,
): Pick<Solution, 'choiceShares' | 'attempts'> {
  const attempts = q.choices.reduce((a, c) => a + (counts?.get(c.id) ?? 0), 0);
  if (attempts < SHARES_MIN_LEARNERS) return { choiceShares: [], attempts };
  return {
    choiceShares: q.choices.map((c) => {
      const count = counts?.get(c.id) ?? 0;
      return { uuid: c.id, count, percent: attempts === 0 ? 0 : Math.round((count * 1000) / attempts) / 10 };
    }),
    attempts,
  };
}

/** The part of a question's solution that never changes. */
const fixedSolution = (
  q: Pick<PinnedContent, 'choices' | 'correctChoiceId' | 'explanation' | 'references'>,
  explanationMedia: MediaItem[],
): Omit<Solution, 'choiceShares' | 'attempts'> => ({
  correctAnswerChoice: q.correctChoiceId,
  explanation: q.explanation,
  explanationMediaUrls: explanationMedia,
  references: q.references,
  choiceExplanations: q.choices.flatMap((c) =>
    c.explanation ? [{ uuid: c.id, explanation: c.explanation }] : [],
  ),
});

function solution(
  q: Pick<PinnedContent, 'choices' | 'correctChoiceId' | 'explanation' | 'references'>,
  explanationMedia: MediaItem[],
  counts: Map<string, number> | undefined,
): Solution {
  return { ...fixedSolution(q, explanationMedia), ...sharesOf(q, counts) };
}

/**
 * One question's solution (tutor mode, just after submitting): its content from the pinned content, its counts
 * read in the transaction that may just have added the learner's first attempt.
 */
export async function solutionOf(tx: DbOrTx, contentOf: ContentOf, q: TestQuestionRow): Promise<Solution> {
  // One connection runs one query at a time: the two reads queue on it rather than take a second one.
  const [content, counts] = await Promise.all([
    contentOf([q.versionId], tx),
    choiceCounts(tx, [q.questionId]),
  ]);
  return solution(q, content.get(q.versionId)?.explanationMedia ?? [], counts.get(q.questionId));
}

/**
 * The questions whose pinned content was read. A question deleted for good takes its versions and its place
 * in tests with it (cascades); one deleted between the two reads of the exam screen or review is left out.
 */
const withContent = (rows: TestQuestionState[], content: Map<string, PinnedContent>) =>
  rows.flatMap((q) => {
    const c = content.get(q.versionId);
    return c ? [{ q, c }] : [];
  });

/**
 * Whether a question's solution shows on the exam screen: once completed, or once submitted in tutor mode
 * (testReadData reads the counts of these questions only, by the same rule).
 */
const revealedOnScreen = (t: TestRow) => (q: TestQuestionState) =>
  t.status === 'COMPLETED' || (t.mode === 'TUTOR' && q.locked);

/** What the exam screen shows of a question's pinned content. */
const shown = (
  c: PinnedContent,
): Pick<TestQuestion, 'name' | 'questionStem' | 'stemMediaUrls' | 'answerChoices'> => ({
  name: c.name,
  questionStem: c.stem,
  stemMediaUrls: c.stemMedia,
  answerChoices: c.choices.map((ch) => ({ uuid: ch.id, text: ch.text })),
});

/** GET tests/{id}/questions: the test, its clock and its questions, each solution only once revealed. */
export function runView(
  t: TestRow,
  rows: TestQuestionState[],
  content: Map<string, PinnedContent>,
  counts: ChoiceCounts,
): TestRun {
  const revealed = revealedOnScreen(t);
  return {
    ...clockState(t),
    uuid: t.id,
    productUuid: t.productId,
    name: t.name,
    numQuestions: t.numQuestions,
    mode: t.mode,
    timeLimitSeconds: t.timeLimitMs === null ? null : Math.round(t.timeLimitMs / 1000),
    questions: withContent(rows, content).map(({ q, c }) => ({
      ...questionState(q),
      ...shown(c),
      solution: revealed(q) ? solution(c, c.explanationMedia, counts.get(q.questionId)) : null,
    })),
  };
}

/** GET tests/{id}/review: the test's figures and every question revealed, with correctness and time spent. */
export function reviewView(
  head: Omit<TestReview, 'questions'>,
  rows: TestQuestionState[],
  content: Map<string, PinnedContent>,
  counts: ChoiceCounts,
): TestReview {
  return {
    ...head,
    questions: withContent(rows, content).map(
      ({ q, c }): ReviewQuestion => ({
        ...questionState(q),
        correct: q.selectedChoiceId === null ? null : q.selectedChoiceId === c.correctChoiceId,
        timeSpentSeconds: Math.round(q.timeSpentMs / 1000),
        subcategoryUuid: q.subcategoryId,
        ...shown(c),
        solution: solution(c, c.explanationMedia, counts.get(q.questionId)),
      }),
    ),
  };
}

/** A row of My Tests. `answered` counts an open test's answers (a completed one keeps its own). */
export function summaryOf(t: TestRow, answered: number | undefined): TestSummary {
  return {
    uuid: t.id,
    name: t.name,
    mode: t.mode,
    status: t.status,
    numQuestions: t.numQuestions,
    answered: t.answered ?? answered ?? 0,
    correct: t.correct ?? 0,
    scorePercent: t.scorePercent,
    createdAt: t.createdAt.toISOString(),
    finishedAt: t.finishedAt?.toISOString() ?? null,
  };
}
