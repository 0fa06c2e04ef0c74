import type {
  MediaItem,
  ReviewQuestion,
  Solution,
  TestQuestion,
  TestRun,
  TestSummary,
} from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import { mediaUrl } from '../questions/service';
import { clockState } from './clock';
import type { ContentOf, PinnedContent } from './pinned-content';
import {
  type ChoiceCounts,
  choiceCounts,
  type PinnedVersion,
  type TestQuestionRow,
  type TestQuestionState,
  type TestRow,
} from './repository';

// The answers of the tests reads, built from what the learner did to each question, the pinned content
// (pinned-content.ts) and the first-attempt counts, each read in one query however many questions a test has.

/** A stored media item as the answers show it. */
export const toMedia = (m: PinnedVersion['media'][number]): MediaItem => ({
  uuid: m.mediaId,
  url: mediaUrl(m.hash),
  hash: m.hash,
  contentType: m.contentType,
});

/** What the learner did to a question. */
export const questionState = (q: TestQuestionState) => ({
  uuid: q.questionId,
  position: q.position,
  selectedChoice: q.selectedChoiceId,
  flagged: q.flagged,
  locked: q.locked,
  struck: q.struck,
  highlights: q.highlights,
  note: q.note,
});

function solution(
  q: Pick<PinnedContent, 'choices' | 'correctChoiceId' | 'explanation' | 'references'>,
  explanationMedia: MediaItem[],
  counts: Map<string, number> | undefined,
): Solution {
  const attempts = q.choices.reduce((a, c) => a + (counts?.get(c.id) ?? 0), 0);
  return {
    correctAnswerChoice: q.correctChoiceId,
    explanation: q.explanation,
    explanationMediaUrls: explanationMedia,
    references: q.references,
    choiceShares: q.choices.map((c) => {
      const count = counts?.get(c.id) ?? 0;
      return { uuid: c.id, count, percent: attempts === 0 ? 0 : Math.round((count * 1000) / attempts) / 10 };
    }),
    attempts,
  };
}

/**
 * One question's solution (tutor mode, just after submitting): its content from the pinned content, its counts
 * read in the transaction that may just have added the learner's first attempt.
 */
export async function solutionOf(tx: DbOrTx, contentOf: ContentOf, q: TestQuestionRow): Promise<Solution> {
  const [content, counts] = await Promise.all([contentOf([q.versionId]), choiceCounts(tx, [q.questionId])]);
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

/** One question of a test with its pinned content, and its solution when revealed. */
const questionView = (
  q: TestQuestionState,
  c: PinnedContent,
  counts: ChoiceCounts,
  revealed: boolean,
): TestQuestion & { solution: Solution | null } => ({
  ...questionState(q),
  name: c.name,
  questionStem: c.stem,
  stemMediaUrls: c.stemMedia,
  answerChoices: c.choices.map((ch) => ({ uuid: ch.id, text: ch.text })),
  solution: revealed ? solution(c, c.explanationMedia, counts.get(q.questionId)) : null,
});

/**
 * Whether a question's solution shows on the exam screen: once completed, or once submitted in tutor mode
 * (testReadData reads the counts of these questions only, by the same rule).
 */
const revealedOnScreen = (t: TestRow) => (q: TestQuestionState) =>
  t.status === 'COMPLETED' || (t.mode === 'TUTOR' && q.locked);

/** GET tests/{id}/questions. */
export function runView(
  t: TestRow,
  rows: TestQuestionState[],
  content: Map<string, PinnedContent>,
  counts: ChoiceCounts,
): TestRun {
  return {
    ...clockState(t),
    uuid: t.id,
    productUuid: t.productId,
    name: t.name,
    numQuestions: t.numQuestions,
    mode: t.mode,
    timeLimitSeconds: t.timeLimitMs === null ? null : Math.round(t.timeLimitMs / 1000),
    questions: withContent(rows, content).map(({ q, c }) =>
      questionView(q, c, counts, revealedOnScreen(t)(q)),
    ),
  };
}

/** The review's questions: all revealed, with correctness and time spent. */
export function reviewQuestions(
  rows: TestQuestionState[],
  content: Map<string, PinnedContent>,
  counts: ChoiceCounts,
): ReviewQuestion[] {
  return withContent(rows, content).map(({ q, c }) => ({
    ...questionView(q, c, counts, false),
    solution: solution(c, c.explanationMedia, counts.get(q.questionId)),
    correct: q.selectedChoiceId === null ? null : q.selectedChoiceId === c.correctChoiceId,
    timeSpentSeconds: Math.round(q.timeSpentMs / 1000),
    subcategoryUuid: q.subcategoryId,
  }));
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
