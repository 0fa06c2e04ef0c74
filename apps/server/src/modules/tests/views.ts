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
import type { PinnedContent } from './pinned-content';
import {
  choiceCounts,
  type MediaOfVersion,
  mediaOfVersions,
  type TestQuestionRow,
  type TestQuestionState,
  type TestRow,
} from './repository';

// The answers of the tests reads, built from what the learner did to each question, the pinned content
// (pinned-content.ts) and the first-attempt counts, each read in one query however many questions a test has.

/** A stored media item as the answers show it. */
export const toMedia = (m: Pick<MediaOfVersion, 'mediaId' | 'hash' | 'contentType'>): MediaItem => ({
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

/** One question's solution (tutor mode, just after submitting). */
export async function solutionOf(db: DbOrTx, q: TestQuestionRow): Promise<Solution> {
  const [media, counts] = await Promise.all([
    mediaOfVersions(db, [q.versionId]),
    choiceCounts(db, [q.questionId]),
  ]);
  return solution(
    q,
    media.filter((m) => m.mediaType === 'EXPLANATION').map(toMedia),
    counts.get(q.questionId),
  );
}

/** First-attempt counts by question id, then by choice id. */
export type ChoiceCounts = Map<string, Map<string, number>>;

/**
 * The questions whose pinned content was read. A question deleted for good takes its versions and its place
 * in tests with it (cascades); one deleted between the two reads of the exam screen or review is left out.
 */
const withContent = (rows: TestQuestionState[], content: Map<string, PinnedContent>) =>
  rows.flatMap((q) => {
    const c = content.get(q.versionId);
    return c ? [{ q, c }] : [];
  });

/** Every question of a test with its pinned content, and its solution where `reveal` says so. */
function questionsView(
  rows: TestQuestionState[],
  content: Map<string, PinnedContent>,
  counts: ChoiceCounts,
  reveal: (q: TestQuestionState) => boolean,
): Array<TestQuestion & { solution: Solution | null }> {
  return withContent(rows, content).map(({ q, c }) => {
    return {
      ...questionState(q),
      name: c.name,
      questionStem: c.stem,
      stemMediaUrls: c.stemMedia,
      answerChoices: c.choices.map((ch) => ({ uuid: ch.id, text: ch.text })),
      solution: reveal(q) ? solution(c, c.explanationMedia, counts.get(q.questionId)) : null,
    };
  });
}

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
    questions: questionsView(rows, content, counts, revealedOnScreen(t)),
  };
}

/** The review's questions: all revealed, with correctness and time spent. */
export function reviewQuestions(
  rows: TestQuestionState[],
  content: Map<string, PinnedContent>,
  counts: ChoiceCounts,
): ReviewQuestion[] {
  const shown = withContent(rows, content);
  const view = questionsView(
    shown.map((s) => s.q),
    content,
    counts,
    () => true,
  );
  return view.map((v, i) => {
    const { q: row, c } = shown[i]!;
    return {
      ...v,
      solution: v.solution!,
      correct: row.selectedChoiceId === null ? null : row.selectedChoiceId === c.correctChoiceId,
      timeSpentSeconds: Math.round(row.timeSpentMs / 1000),
      subcategoryUuid: row.subcategoryId,
    };
  });
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
