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
import {
  choiceCounts,
  type MediaOfVersion,
  mediaOfVersions,
  type TestQuestionRow,
  type TestRow,
} from './repository';

// The answers of the tests reads, built from a few set-based queries however many questions a test has:
// its questions, their media, and their choice counts, each in one query.

const toMedia = (m: MediaOfVersion): MediaItem => ({
  uuid: m.mediaId,
  url: mediaUrl(m.hash),
  hash: m.hash,
  contentType: m.contentType,
});

/** What the learner did to a question. */
export const questionState = (q: TestQuestionRow) => ({
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
  q: TestQuestionRow,
  media: MediaOfVersion[],
  counts: Map<string, number> | undefined,
): Solution {
  const attempts = q.choices.reduce((a, c) => a + (counts?.get(c.id) ?? 0), 0);
  return {
    correctAnswerChoice: q.correctChoiceId,
    explanation: q.explanation,
    explanationMediaUrls: media.filter((m) => m.mediaType === 'EXPLANATION').map(toMedia),
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
  return solution(q, media, counts.get(q.questionId));
}

/** Every question of a test with its content, and its solution where `reveal` says so. */
export async function questionsView(
  db: DbOrTx,
  rows: TestQuestionRow[],
  reveal: (q: TestQuestionRow) => boolean,
): Promise<Array<TestQuestion & { solution: Solution | null }>> {
  const revealed = rows.filter(reveal);
  const [media, counts] = await Promise.all([
    mediaOfVersions(
      db,
      rows.map((q) => q.versionId),
    ),
    choiceCounts(
      db,
      revealed.map((q) => q.questionId),
    ),
  ]);
  const byVersion = new Map<string, MediaOfVersion[]>();
  for (const m of media) byVersion.set(m.versionId, [...(byVersion.get(m.versionId) ?? []), m]);
  return rows.map((q) => {
    const own = byVersion.get(q.versionId) ?? [];
    return {
      ...questionState(q),
      name: q.name,
      questionStem: q.stem,
      stemMediaUrls: own.filter((m) => m.mediaType === 'STEM').map(toMedia),
      answerChoices: q.choices.map((c) => ({ uuid: c.id, text: c.text })),
      solution: reveal(q) ? solution(q, own, counts.get(q.questionId)) : null,
    };
  });
}

/** GET tests/{id}/questions. */
export async function runView(db: DbOrTx, t: TestRow, rows: TestQuestionRow[]): Promise<TestRun> {
  const done = t.status === 'COMPLETED';
  return {
    ...clockState(t),
    uuid: t.id,
    productUuid: t.productId,
    name: t.name,
    numQuestions: t.numQuestions,
    mode: t.mode,
    timeLimitSeconds: t.timeLimitMs === null ? null : Math.round(t.timeLimitMs / 1000),
    questions: await questionsView(db, rows, (q) => done || (t.mode === 'TUTOR' && q.locked)),
  };
}

/** The review's questions: all revealed, with correctness and time spent. */
export async function reviewQuestions(db: DbOrTx, rows: TestQuestionRow[]): Promise<ReviewQuestion[]> {
  const view = await questionsView(db, rows, () => true);
  return view.map((v, i) => {
    const row = rows[i]!;
    return {
      ...v,
      solution: v.solution!,
      correct: row.selectedChoiceId === null ? null : row.selectedChoiceId === row.correctChoiceId,
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
