import {
  type MediaItem,
  type ReviewQuestion,
  SHARES_MIN_LEARNERS,
  type Solution,
  solution as solutionSchema,
  type TestQuestion,
  type TestReview,
  type TestRun,
  type TestSummary,
  testQuestion,
} from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import { PreSerialized } from '../../lib/answers';
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
//
// The exam screen's and the review's answers are the largest the API sends (a 100-question review is about
// 160 KB of JSON), and most of their bytes are the pinned content, which never changes. So each kept version's
// content is serialized once, checked against the contract's schemas when it is (contentJson), and the answer
// is joined from those pieces and the small parts that change, each built by typed code from named fields:
// nothing undeclared can go out, and no request serializes the same stem and explanation again.

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
  q: Pick<PinnedContent, 'correctChoiceId' | 'explanation' | 'references'>,
  explanationMedia: MediaItem[],
): Omit<Solution, 'choiceShares' | 'attempts'> => ({
  correctAnswerChoice: q.correctChoiceId,
  explanation: q.explanation,
  explanationMediaUrls: explanationMedia,
  references: q.references,
});

function solution(
  q: Pick<PinnedContent, 'choices' | 'correctChoiceId' | 'explanation' | 'references'>,
  explanationMedia: MediaItem[],
  counts: Map<string, number> | undefined,
): Solution {
  return { ...fixedSolution(q, explanationMedia), ...sharesOf(q, counts) };
}

/** An object's JSON members without the braces, to be joined with others into one object. */
const members = (value: object) => JSON.stringify(value).slice(1, -1);

const shownFields = testQuestion.pick({
  name: true,
  questionStem: true,
  stemMediaUrls: true,
  answerChoices: true,
});
const solutionFields = solutionSchema.pick({
  correctAnswerChoice: true,
  explanation: true,
  explanationMediaUrls: true,
  references: true,
});

/**
 * A version's content as UTF-8 JSON pieces, to be joined around what changes: what the exam screen shows (with
 * the comma before it and the solution's key after it), and the solution's fixed part (its opening brace, its
 * fields and a comma; the shares follow).
 */
interface ContentJson {
  shown: Buffer;
  solution: Buffer;
}
const contentJsonKept = new WeakMap<PinnedContent, ContentJson>();

/**
 * The pinned content's JSON, made once for each kept content (pinned-content.ts keeps the object while the
 * version is read), from what the contract's schemas make of it: what they do not declare is left out.
 */
export function contentJson(c: PinnedContent): ContentJson {
  let json = contentJsonKept.get(c);
  if (!json) {
    const shown = shownFields.parse({
      name: c.name,
      questionStem: c.stem,
      stemMediaUrls: c.stemMedia,
      answerChoices: c.choices.map((ch) => ({ uuid: ch.id, text: ch.text })),
    });
    const solution = solutionFields.parse(fixedSolution(c, c.explanationMedia));
    json = {
      shown: Buffer.from(`,${members(shown)},"solution":`),
      solution: Buffer.from(`{${members(solution)},`),
    };
    contentJsonKept.set(c, json);
  }
  return json;
}

const NO_SOLUTION = Buffer.from('null}');
const CLOSE = Buffer.from(']}');

/**
 * One question's JSON pieces, pushed onto `out` (after a comma unless it is the first): what is its own
 * (`own`, built by typed code from named fields), its kept content, and its solution (the kept fixed part and
 * its shares now) or null.
 */
function pushQuestion(
  out: Buffer[],
  first: boolean,
  own: object,
  c: PinnedContent,
  counts: Map<string, number> | undefined,
  revealed: boolean,
) {
  const json = contentJson(c);
  out.push(Buffer.from(`${first ? '' : ','}{${members(own)}`), json.shown);
  if (revealed) out.push(json.solution, Buffer.from(`${members(sharesOf(c, counts))}}}`));
  else out.push(NO_SOLUTION);
}

/** The whole answer as UTF-8: the test's own fields, then the `questions` array of `pushQuestion`'s pieces. */
function joined(head: object, questions: Buffer[]): PreSerialized {
  const open = Buffer.from(`{${members(head)},"questions":[`);
  return new PreSerialized(Buffer.concat([open, ...questions, CLOSE]));
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

type ShownFields = 'name' | 'questionStem' | 'stemMediaUrls' | 'answerChoices';

/** GET tests/{id}/questions, joined from the kept content's JSON (see the top of this file). */
export function runView(
  t: TestRow,
  rows: TestQuestionState[],
  content: Map<string, PinnedContent>,
  counts: ChoiceCounts,
): PreSerialized {
  const revealed = revealedOnScreen(t);
  const head = {
    ...clockState(t),
    uuid: t.id,
    productUuid: t.productId,
    name: t.name,
    numQuestions: t.numQuestions,
    mode: t.mode,
    timeLimitSeconds: t.timeLimitMs === null ? null : Math.round(t.timeLimitMs / 1000),
  } satisfies Omit<TestRun, 'questions'>;
  const out: Buffer[] = [];
  withContent(rows, content).forEach(({ q, c }, i) => {
    const own = questionState(q) satisfies Omit<TestQuestion, ShownFields | 'solution'>;
    pushQuestion(out, i === 0, own, c, counts.get(q.questionId), revealed(q));
  });
  return joined(head, out);
}

/** GET tests/{id}/review: the test's figures and every question revealed, with correctness and time spent. */
export function reviewView(
  head: Omit<TestReview, 'questions'>,
  rows: TestQuestionState[],
  content: Map<string, PinnedContent>,
  counts: ChoiceCounts,
): PreSerialized {
  const out: Buffer[] = [];
  withContent(rows, content).forEach(({ q, c }, i) => {
    const own = {
      ...questionState(q),
      correct: q.selectedChoiceId === null ? null : q.selectedChoiceId === c.correctChoiceId,
      timeSpentSeconds: Math.round(q.timeSpentMs / 1000),
      subcategoryUuid: q.subcategoryId,
    } satisfies Omit<ReviewQuestion, ShownFields | 'solution'>;
    pushQuestion(out, i === 0, own, c, counts.get(q.questionId), true);
  });
  return joined(head, out);
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
