import {
  type AliveClock,
  ANSWER_LOCKED_MESSAGE,
  ANSWERS_AFTER_CLOSE_MESSAGE,
  ANSWERS_NEVER_MESSAGE,
  activeSubscription,
  type createTestInput,
  type Dashboard,
  ErrorCode,
  type MarksInput,
  NO_TEST_IN_PROGRESS,
  NOTHING_TO_UNANSWER_MESSAGE,
  percentOf,
  START_TEST_FAILED,
  TEST_ENDED_MESSAGE,
  TEST_PAUSED_MESSAGE,
  type TestPage,
  type TestPool,
  type TestReview,
  type TestRun,
} from '@qbank/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { violates } from '../../db/errors';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { DeferredSession, SessionProof } from '../../plugins/session';
import { type Actor, authorize } from '../../policies';
import { loadUserMe } from '../accounts';
import { ALIVE_GRACE_MS, type ClockRow, clockState, percentile, scorePercent, tick } from './clock';
import { pinnedContentFor } from './pinned-content';
import {
  aliveFast,
  answeredCounts,
  answersRule,
  answerTimedFast,
  countAvailable,
  countScore,
  countTests,
  type Drawn,
  drawableCount,
  drawQuestions,
  findOpenTest,
  findTest,
  finishTest,
  insertTest,
  listTests,
  lockTestWithQuestion,
  performanceByNode,
  positionOf,
  recordAnswers,
  recordFirstAttempt,
  runningTestsOf,
  saveClock,
  saveTestQuestion,
  setLearnerFlag,
  standing,
  type TestQuestionRow,
  type TestRow,
  tally,
  testReadData,
} from './repository';
import { questionState, reviewView, runView, solutionOf, summaryOf } from './views';

type CreateInput = z.output<typeof createTestInput>;

/** What the one-statement paths check the session against: the request's proof, or the caller's own session. */
const proofOf = (caller: Actor | DeferredSession): SessionProof =>
  'proof' in caller ? caller.proof : { idHash: caller.session.idHash, csrfToken: caller.session.accessToken };

/** The keep-alive's answer: the clock without the position, which the screen has just said. */
const aliveAnswer = (row: ClockRow): AliveClock => {
  const { status, timeRemainingInSeconds, timeUsedSeconds } = clockState(row);
  return { status, timeRemainingInSeconds, timeUsedSeconds };
};

const noSuchTest = () => new AppError(ErrorCode.NOT_FOUND, 'No such test', 'id');
const notInTest = () => new AppError(ErrorCode.NOT_FOUND, 'This question is not in this test', 'qid');

/**
 * Taking tests (DESIGN §5, docs/tests.md): create (draw and pin versions), the clock, the actions on questions,
 * and finalising. Every action locks the test's row, so two tabs or a retried request act one after the other,
 * and every action is idempotent: it states what should be (this choice, flagged or not), never "toggle".
 */
export function testsService(deps: Deps) {
  const { db, clock } = deps;
  const contentOf = pinnedContentFor(deps);

  /** The caller's subscription type in a product decides the draw: BASIC draws the free sample only. */
  async function freeSampleOnly(actor: Actor, productId: string) {
    const roles = await actor.rolesIn(productId);
    return roles?.type === 'BASIC';
  }

  /** The test, if it is the caller's; loads the caller's roles first (no second connection inside a lock). */
  async function own(actor: Actor, id: string, tx: Tx | null = null) {
    const t = await findTest(tx ?? db, id, tx !== null);
    if (!t) throw noSuchTest();
    await authorize(actor, 'test.own', t);
    return t;
  }

  /**
   * Counts the time since the last tick (to the question on screen, then moves to `position` when given) and
   * finalises a timed test whose time ran out. Answers the test as it now stands.
   */
  async function advance(tx: Tx, t: TestRow, position?: number | null): Promise<TestRow> {
    const now = clock.now();
    const c = tick(t, now);
    if (c.expired) return finalizeIn(tx, t, now);
    const next: TestRow = {
      ...t,
      timeUsedMs: c.timeUsedMs,
      lastTickAt: t.status === 'IN_PROGRESS' ? now : null,
      currentPosition: position ?? t.currentPosition,
    };
    // A clock that was stopped while in progress (the screen left) runs again from now: saved even when no
    // time was counted.
    const restarted = t.lastTickAt === null && next.lastTickAt !== null;
    if (c.deltaMs > 0 || next.currentPosition !== t.currentPosition || restarted)
      await saveClock(tx, t.id, { ...next, deltaMs: c.deltaMs, spentAt: t.currentPosition });
    return next;
  }

  /** Scores and closes a test in the caller's transaction, recording its answers in the learner's history. */
  async function finalizeIn(tx: Tx, t: TestRow, now: Date): Promise<TestRow> {
    const c = tick(t, now);
    await saveClock(tx, t.id, {
      status: 'COMPLETED',
      timeUsedMs: c.timeUsedMs,
      lastTickAt: null,
      currentPosition: t.currentPosition,
      deltaMs: c.deltaMs,
      spentAt: t.currentPosition,
    });
    await recordAnswers(tx, { testId: t.id, userId: t.userId, productId: t.productId, now });
    const { answered, correct } = await tally(tx, t.id);
    const score = scorePercent(correct, t.numQuestions);
    await finishTest(tx, t.id, { finishedAt: now, answered, correct, scorePercent: score });
    await countScore(tx, t.productId, score);
    if (t.assignmentId) await recordFirstAttempt(tx, t.id);
    await deps.events.emit(tx, 'test.finished', {
      testId: t.id,
      userId: t.userId,
      productId: t.productId,
      assignmentId: t.assignmentId,
      scorePercent: score,
      correct,
      numQuestions: t.numQuestions,
      finishedAt: now,
    });
    return {
      ...t,
      status: 'COMPLETED',
      timeUsedMs: c.timeUsedMs,
      lastTickAt: null,
      finishedAt: now,
      answered,
      correct,
      scorePercent: score,
    };
  }

  /**
   * Runs an action on a test under its lock: its time is counted first, and an action on a test that has
   * ended is refused (after the ending is saved, when this very action found the time had run out).
   */
  async function act<T>(
    actor: Actor,
    id: string,
    opts: { questionId?: string | null; needsRunning?: boolean },
    work: (tx: Tx, t: TestRow, q: TestQuestionRow | null) => Promise<T>,
  ): Promise<T> {
    let ended = false;
    const out = await db.transaction(async (tx) => {
      // The test and the question in one round trip; test.own needs no roles, so nothing else is asked.
      const found = await lockTestWithQuestion(tx, id, opts.questionId ?? null);
      if (!found) throw noSuchTest();
      const locked = found.test;
      await authorize(actor, 'test.own', locked);
      if (locked.status === 'COMPLETED') {
        ended = true;
        return null;
      }
      const q = found.question;
      if (opts.questionId && !q) throw notInTest();
      const t = await advance(tx, locked, q?.position);
      if (t.status === 'COMPLETED') {
        ended = true;
        return null;
      }
      if (opts.needsRunning && t.status === 'PAUSED')
        throw new AppError(ErrorCode.CONFLICT, TEST_PAUSED_MESSAGE);
      return { value: await work(tx, t, q) };
    });
    if (ended || !out) throw new AppError(ErrorCode.CONFLICT, TEST_ENDED_MESSAGE);
    return out.value;
  }

  /** What a question action answers: the question as it now stands (what was read, with what was set) and the clock. */
  async function questionAnswer(tx: Tx, t: TestRow, q: TestQuestionRow) {
    const position = q.position;
    const reveal = t.mode === 'TUTOR' && q.locked;
    return {
      question: { ...questionState(q), solution: reveal ? await solutionOf(tx, contentOf, q) : null },
      clock: clockState({ ...t, currentPosition: position }),
    };
  }

  return {
    /**
     * The caller's open test in one product (SPEC §2, §7) with its state, or NOT_FOUND when there is none: in
     * `productUuid` when named, else in the active product chosen exactly as the client chooses it. A paused
     * test is in progress too (creating another is refused because of it); the client sends the learner back
     * only to a running one, and offers Resume for a paused one.
     */
    async inProgress(actor: Actor, productUuid?: string) {
      const me = await loadUserMe(db, actor.userId);
      const productId = productUuid
        ? me?.subscriptions.find((s) => s.active && s.product.uuid === productUuid)?.product.uuid
        : me
          ? activeSubscription(me)?.product.uuid
          : undefined;
      const test = productId ? await findOpenTest(db, actor.userId, productId) : null;
      if (!test || test.status === 'COMPLETED') throw new AppError(ErrorCode.NOT_FOUND, NO_TEST_IN_PROGRESS);
      return { uuid: test.id, status: test.status };
    },

    /** Start Test's counts: per subcategory, what the pools would draw from. */
    async available(actor: Actor, productId: string, pools: TestPool[]) {
      await authorize(actor, 'tests.take', { productId });
      const free = await freeSampleOnly(actor, productId);
      const counts = await countAvailable(db, {
        userId: actor.userId,
        productId,
        pools,
        freeSampleOnly: free,
      });
      const subcategories = [...counts].map(([uuid, available]) => ({ uuid, available }));
      return {
        freeSampleOnly: free,
        total: subcategories.reduce((a, s) => a + s.available, 0),
        subcategories,
      };
    },

    /**
     * POST tests: draws the questions, pins their versions and starts the test, in one transaction. The same
     * uuid again answers the same test; a second open test is refused by the database (startTestFailed).
     */
    async create(actor: Actor, input: CreateInput): Promise<{ uuid: string; numQuestions: number }> {
      const productId = input.productUuid;
      await authorize(actor, 'tests.take', { productId });
      /** The test this uuid already names: the caller's own is the answer to a retry. */
      const made = (t: TestRow) => {
        if (t.userId !== actor.userId)
          throw new AppError(ErrorCode.CONFLICT, 'uuid is already used by another test', 'uuid');
        return { uuid: t.id, numQuestions: t.numQuestions };
      };
      const existing = await findTest(db, input.uuid);
      if (existing) return made(existing);
      const free = await freeSampleOnly(actor, productId);
      const pools = input.pools.includes('ALL') ? (['ALL'] as TestPool[]) : input.pools;
      const subcategoryIds = [...new Set(input.subcategoryUuids)];
      try {
        return await db.transaction(async (tx) => {
          const drawn = await drawQuestions(
            tx,
            { userId: actor.userId, productId, subcategoryIds, pools, freeSampleOnly: free },
            input.numQuestions,
          );
          if (drawn.length === 0)
            throw new AppError(
              ErrorCode.VALIDATION,
              'No questions are available for these subjects and pools',
              'subcategoryUuids',
            );
          const name = input.name || `Test ${(await countTests(tx, actor.userId, productId)) + 1}`;
          await insertTest(
            tx,
            {
              id: input.uuid,
              userId: actor.userId,
              productId,
              name,
              mode: input.mode,
              pools,
              subcategoryIds,
              freeSampleOnly: free,
              timeLimitMs: input.mode === 'TIMED' ? drawn.length * input.secondsPerQuestion * 1000 : null,
              now: clock.now(),
            },
            drawn,
          );
          return { uuid: input.uuid, numQuestions: drawn.length };
        });
      } catch (e) {
        if (!violates(e)) throw e;
        // A retry sent while the first request was still drawing waited for its insert; once that commits,
        // the retry answers the test it made, whichever unique key (the test's, its questions', the one open
        // test's) it met first.
        const first = await findTest(db, input.uuid);
        if (first) return made(first);
        if (violates(e, 'tests_one_open_key')) throw new AppError(ErrorCode.CONFLICT, START_TEST_FAILED);
        throw e;
      }
    },

    /**
     * PATCH tests/alive: the screen is open on this test (and question); answers the clock. Sent every few
     * seconds by every learner on the exam screen, so it runs as one statement when nothing is unusual (the
     * statement checks the session too: routeProvingSession); anything else takes the transactional path.
     * `leaving`: the screen goes away; the time is counted up to now, then the clock stops (the test stays in
     * progress) until the screen is back.
     */
    async alive(caller: Actor | DeferredSession, testId: string, questionId?: string, leaving = false) {
      const fast = leaving
        ? null
        : await aliveFast(db, {
            testId,
            questionId: questionId ?? null,
            session: proofOf(caller),
            now: clock.now(),
            graceMs: ALIVE_GRACE_MS,
          });
      if (fast) return aliveAnswer(fast);
      const actor = 'proof' in caller ? await caller.actor() : caller;
      return act(actor, testId, {}, async (tx, t) => {
        let position = t.currentPosition;
        if (questionId) {
          const p = await positionOf(tx, testId, questionId);
          if (p === null) throw notInTest();
          position = p;
        }
        const next: TestRow = {
          ...t,
          currentPosition: position,
          lastTickAt: leaving ? null : t.lastTickAt,
        };
        if (position !== t.currentPosition || next.lastTickAt !== t.lastTickAt)
          await saveClock(tx, t.id, { ...next, deltaMs: 0, spentAt: position });
        return aliveAnswer(next);
      });
    },

    /** PATCH start: resume a paused test (a running one stays as it is). */
    async start(actor: Actor, id: string, questionId?: string) {
      // A student whose access the instructors hold resumes nothing (their roles read before the lock).
      await authorize(actor, 'test.read', await own(actor, id));
      return act(actor, id, {}, async (tx, t) => {
        const position = questionId ? await positionOf(tx, id, questionId) : null;
        if (questionId && position === null) throw notInTest();
        const next: TestRow = {
          ...t,
          status: 'IN_PROGRESS',
          lastTickAt: clock.now(),
          currentPosition: position ?? t.currentPosition,
        };
        await saveClock(tx, id, { ...next, deltaMs: 0, spentAt: next.currentPosition });
        return clockState(next);
      });
    },

    /** PATCH pause: the clock stops (pausing a paused test changes nothing). */
    async pause(actor: Actor, id: string) {
      return act(actor, id, {}, async (tx, t) => {
        const next: TestRow = { ...t, status: 'PAUSED', lastTickAt: null };
        if (t.status !== 'PAUSED')
          await saveClock(tx, id, { ...next, deltaMs: 0, spentAt: t.currentPosition });
        return clockState(next);
      });
    },

    /** PATCH finalize: scores the test; finalising a completed test again answers it as it is. */
    async finalize(actor: Actor, id: string) {
      await own(actor, id);
      return db.transaction(async (tx) => {
        const t = await own(actor, id, tx);
        if (t.status === 'COMPLETED') return clockState(t);
        return clockState(await finalizeIn(tx, t, clock.now()));
      });
    },

    /**
     * Starts an attempt at an assignment in the caller's transaction (docs/assignments.md): the questions the
     * assignment gives, their published versions pinned, ending at the assignment's close at the latest. A second
     * open test of the learner is refused by the database (startTestFailed), as for any test.
     */
    async createAssigned(
      tx: Tx,
      a: {
        id: string;
        userId: string;
        productId: string;
        name: string;
        mode: 'TUTOR' | 'TIMED';
        timeLimitMs: number | null;
        assignment: { id: string; endsAt: Date; late: boolean };
      },
      drawn: Drawn[],
    ) {
      await insertTest(
        tx,
        { ...a, pools: ['ALL'], subcategoryIds: [], freeSampleOnly: false, now: clock.now() },
        drawn,
      );
    },

    /**
     * Stops the running tests of these learners in the product, in the caller's transaction: when their
     * instructors suspend or remove them (docs/roster.md). Time is counted to now first; a timed test whose
     * time ran out is scored, any other is paused as the learner would pause it, and stays theirs.
     */
    async pauseTestsOf(tx: Tx, userIds: string[], productId: string) {
      for (const id of await runningTestsOf(tx, userIds, productId)) {
        const t = await findTest(tx, id, true);
        if (t?.status !== 'IN_PROGRESS') continue;
        const now = clock.now();
        const c = tick(t, now);
        if (c.expired) {
          await finalizeIn(tx, t, now);
          continue;
        }
        await saveClock(tx, t.id, {
          ...t,
          status: 'PAUSED',
          timeUsedMs: c.timeUsedMs,
          lastTickAt: null,
          deltaMs: c.deltaMs,
          spentAt: t.currentPosition,
        });
      }
    },

    /** The periodic task: finalises running timed tests whose time has run out (once across instances). */
    async finalizeExpired(ids: string[]) {
      let done = 0;
      for (const id of ids) {
        await db.transaction(async (tx) => {
          const t = await findTest(tx, id, true);
          // A paused test is ended too when its end (an assignment's close) has come.
          if (!t || t.status === 'COMPLETED') return;
          const now = clock.now();
          if (!tick(t, now).expired) return;
          await finalizeIn(tx, t, now);
          done++;
        });
      }
      return done;
    },

    /**
     * PATCH answer: chooses a choice. In tutor mode the answer is submitted: it is final, recorded, and the
     * solution comes with the answer. Choosing the same choice again changes nothing.
     */
    async answer(caller: Actor | DeferredSession, id: string, questionId: string, choice: string) {
      // Timed mode's answer, the busiest call of the product, in one statement when nothing is unusual: the
      // statement checks the session too, so the request reads nothing before it (routeProvingSession).
      const fast = await answerTimedFast(db, {
        testId: id,
        questionId,
        session: proofOf(caller),
        choice,
        now: clock.now(),
        graceMs: ALIVE_GRACE_MS,
      });
      if (fast)
        return {
          question: { ...questionState(fast.question), solution: null },
          clock: clockState(fast.clock),
        };
      const actor = 'proof' in caller ? await caller.actor() : caller;
      return act(actor, id, { questionId, needsRunning: true }, async (tx, t, q) => {
        const row = q!;
        if (!row.choices.some((c) => c.id === choice))
          throw new AppError(
            ErrorCode.VALIDATION,
            'choice is not an answer choice of this question',
            'choice',
          );
        if (row.locked && row.selectedChoiceId !== choice)
          throw new AppError(ErrorCode.CONFLICT, ANSWER_LOCKED_MESSAGE, 'choice');
        if (row.selectedChoiceId === choice && (t.mode !== 'TUTOR' || row.locked))
          return questionAnswer(tx, t, row);
        const set = {
          selectedChoiceId: choice,
          correct: choice === row.correctChoiceId,
          locked: t.mode === 'TUTOR',
        };
        const now = clock.now();
        await saveTestQuestion(tx, id, row.position, { ...set, answeredAt: now });
        if (t.mode === 'TUTOR')
          await recordAnswers(tx, { testId: id, userId: t.userId, productId: t.productId, now }, questionId);
        return questionAnswer(tx, t, { ...row, ...set });
      });
    },

    /** PATCH unanswer: clears an answer (never a submitted tutor answer; a question with none is refused). */
    async unanswer(actor: Actor, id: string, questionId: string) {
      return act(actor, id, { questionId, needsRunning: true }, async (tx, t, q) => {
        const row = q!;
        if (row.locked) throw new AppError(ErrorCode.CONFLICT, ANSWER_LOCKED_MESSAGE);
        if (row.selectedChoiceId === null)
          throw new AppError(ErrorCode.CONFLICT, NOTHING_TO_UNANSWER_MESSAGE);
        const set = { selectedChoiceId: null, correct: null };
        await saveTestQuestion(tx, id, row.position, { ...set, answeredAt: null });
        return questionAnswer(tx, t, { ...row, ...set });
      });
    },

    /** PATCH flag: sets the flag to what is sent (also the learner's flag for the FLAGGED pool). */
    async flag(actor: Actor, id: string, questionId: string, flagged: boolean) {
      return act(actor, id, { questionId }, async (tx, t, q) => {
        const row = q!;
        if (row.flagged !== flagged) {
          await saveTestQuestion(tx, id, row.position, { flagged });
          await setLearnerFlag(tx, t.userId, questionId, flagged);
        }
        return questionAnswer(tx, t, { ...row, flagged });
      });
    },

    /** PATCH marks: strike-through, highlights and the note, saved as a whole. */
    async marks(actor: Actor, id: string, questionId: string, marks: MarksInput) {
      return act(actor, id, { questionId }, async (tx, t, q) => {
        const row = q!;
        const ids = new Set(row.choices.map((c) => c.id));
        if (marks.struck.some((s) => !ids.has(s)))
          throw new AppError(
            ErrorCode.VALIDATION,
            'struck names a choice this question does not have',
            'struck',
          );
        const set = { struck: [...new Set(marks.struck)], highlights: marks.highlights, note: marks.note };
        await saveTestQuestion(tx, id, row.position, set);
        return questionAnswer(tx, t, { ...row, ...set });
      });
    },
  };
}

/** Percent correct, rounded like a test's score and every percent shown (7 of 15 is 47 % everywhere). */
const percent = (correct: number, answered: number) => (answered === 0 ? null : percentOf(correct, answered));

/** The tests reads: the exam screen's test, the review, My Tests and the dashboard (no writes). */
export function testReadsService(deps: Deps) {
  const { db, clock } = deps;
  const contentOf = pinnedContentFor(deps);

  /** A test the caller may see, with what its reads need (testReadData). */
  async function readable(actor: Actor, id: string) {
    const data = await testReadData(db, id);
    if (!data) throw noSuchTest();
    // Someone else's test does not exist for the caller (404); their own, while held, is refused (403).
    await authorize(actor, 'test.own', data.test);
    await authorize(actor, 'test.read', data.test);
    return data;
  }

  const reads = {
    /**
     * GET tests/{id}/questions: the test with its pinned questions. Its clock reads as of now (the time since
     * the last keep-alive included), without writing: the next action or keep-alive saves it.
     */
    async questions(actor: Actor, id: string): Promise<TestRun> {
      const { test: t, questions: rows, counts } = await readable(actor, id);
      const view: TestRow = { ...t, timeUsedMs: tick(t, clock.now()).timeUsedMs };
      return runView(view, rows, await contentOf(rows.map((q) => q.versionId)), counts);
    },

    /**
     * GET tests/{id}/review: a completed test with everything about each question and where it places. An
     * attempt at an assignment whose answers are held back (after its close, or never) is refused until then.
     */
    async review(actor: Actor, id: string): Promise<TestReview> {
      const data = await readable(actor, id);
      if (data.test.assignmentId && data.test.status === 'COMPLETED') {
        const rule = await answersRule(db, data.test.assignmentId);
        if (rule?.answers_shown === 'NEVER') throw new AppError(ErrorCode.FORBIDDEN, ANSWERS_NEVER_MESSAGE);
        if (rule?.answers_shown === 'AFTER_CLOSE' && clock.now() < rule.ends_at)
          throw new AppError(ErrorCode.FORBIDDEN, ANSWERS_AFTER_CLOSE_MESSAGE);
      }
      return reviewOf(data);
    },

    /**
     * A learner's completed test as their instructors read it (the Students screen): the review itself, for a
     * caller who has authorized reading that student. Null when the test is not theirs in this product.
     */
    async reviewOfStudent(testId: string, userId: string, productId: string): Promise<TestReview | null> {
      const data = await testReadData(db, testId);
      if (!data || data.test.userId !== userId || data.test.productId !== productId) return null;
      return reviewOf(data);
    },
  };

  /** A completed test's review, from what its reads loaded. */
  async function reviewOf(data: NonNullable<Awaited<ReturnType<typeof testReadData>>>): Promise<TestReview> {
    const { test: t, questions: rows, counts, rank } = data;
    if (t.status !== 'COMPLETED' || t.finishedAt === null || t.scorePercent === null || rank === null)
      throw new AppError(ErrorCode.CONFLICT, 'This test is not finished yet: end it to review it', 'id');
    const content = await contentOf(rows.map((q) => q.versionId));
    const head = {
      uuid: t.id,
      productUuid: t.productId,
      name: t.name,
      mode: t.mode,
      numQuestions: t.numQuestions,
      correct: t.correct ?? 0,
      answered: t.answered ?? 0,
      scorePercent: t.scorePercent,
      percentile: percentile(rank.below, rank.same, rank.total),
      timeUsedSeconds: clockState(t).timeUsedSeconds,
      createdAt: t.createdAt.toISOString(),
      finishedAt: t.finishedAt.toISOString(),
      subcategoryUuids: t.subcategoryIds,
    };
    return reviewView(head, rows, content, counts);
  }

  return {
    ...reads,

    /** GET tests: My Tests, newest first. */
    async list(actor: Actor, productId: string, page: number, size: number): Promise<TestPage> {
      await authorize(actor, 'tests.take', { productId });
      const { rows, total } = await listTests(db, actor.userId, productId, page, size);
      const open = rows.filter((t) => t.status !== 'COMPLETED').map((t) => t.id);
      const answered = await answeredCounts(db, open);
      return {
        content: rows.map((t) => summaryOf(t, answered.get(t.id))),
        page,
        size,
        totalElements: total,
        totalPages: Math.ceil(total / size),
      };
    },

    /** GET tests/products/{id}/dashboard: the learner's standing in the product. */
    async dashboard(actor: Actor, productId: string): Promise<Dashboard> {
      await authorize(actor, 'tests.take', { productId });
      const free = (await actor.rolesIn(productId))?.type === 'BASIC';
      return standingOf(db, actor.userId, productId, free);
    },
  };
}

/**
 * A learner's standing in a product, as their dashboard shows it and their instructors read it: questions
 * used of those they may draw (`free`: the free sample), percent correct beside every learner's average, by
 * subject and category, their last five tests and the open one. Reads only; the caller authorizes.
 */
export async function standingOf(
  db: Db,
  userId: string,
  productId: string,
  free: boolean,
): Promise<Dashboard> {
  const [mine, nodes, total, recent, open] = await Promise.all([
    standing(db, userId, productId),
    performanceByNode(db, userId, productId),
    drawableCount(db, productId, free),
    listTests(db, userId, productId, 0, 5),
    findOpenTest(db, userId, productId),
  ]);
  const answered = await answeredCounts(db, open ? [open.id] : []);
  const bySubject = new Map<string, { uuid: string; name: string; answered: number; correct: number }>();
  for (const n of nodes) {
    const s = bySubject.get(n.subjectId) ?? {
      uuid: n.subjectId,
      name: n.subjectName,
      answered: 0,
      correct: 0,
    };
    s.answered += n.answered;
    s.correct += n.correct;
    bySubject.set(n.subjectId, s);
  }
  return {
    totalQuestions: total,
    usedQuestions: Math.min(mine.used, Math.max(total, mine.used)),
    percentCorrect: percent(mine.correct, mine.answered),
    averagePercentCorrect: mine.average === null ? null : Math.round(mine.average * 100),
    answered: mine.answered,
    correct: mine.correct,
    bySubject: [...bySubject.values()],
    byCategory: nodes.map((n) => ({
      uuid: n.categoryId,
      name: n.categoryName,
      subjectUuid: n.subjectId,
      answered: n.answered,
      correct: n.correct,
    })),
    recentTests: recent.rows.map((t) => summaryOf(t, undefined)),
    openTest: open ? summaryOf(open, answered.get(open.id)) : null,
  };
}
