import { type Dashboard, ErrorCode, type TestPage } from '@qbank/contract';
import type { Deps } from '../../deps';
import type { PreSerialized } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { clockState, percentile, tick } from './clock';
import { pinnedContentFor } from './pinned-content';
import { answeredCounts, findOpenTest, listTests, type TestRow, testReadData } from './repository';
import { drawableCount, performanceByNode, standing } from './stats';
import { reviewView, runView, summaryOf } from './views';

const noSuchTest = () => new AppError(ErrorCode.NOT_FOUND, 'No such test', 'id');
/** Percent correct, rounded down like a test's score (7 of 15 is 46 % in both places). */
const percent = (correct: number, answered: number) =>
  answered === 0 ? null : Math.floor((correct * 100) / answered);

/** The tests reads: the exam screen's test, the review, My Tests and the dashboard (no writes). */
export function testReadsService(deps: Deps) {
  const { db, clock } = deps;
  const contentOf = pinnedContentFor(deps);

  /** A test the caller may see, with what its reads need (testReadData). */
  async function readable(actor: Actor, id: string) {
    const data = await testReadData(db, id);
    if (!data) throw noSuchTest();
    await authorize(actor, 'test.own', data.test);
    return data;
  }

  return {
    /**
     * GET tests/{id}/questions: the test with its pinned questions. Its clock reads as of now (the time since
     * the last keep-alive included), without writing: the next action or keep-alive saves it.
     */
    async questions(actor: Actor, id: string): Promise<PreSerialized> {
      const { test: t, questions: rows, counts } = await readable(actor, id);
      const view: TestRow = { ...t, timeUsedMs: tick(t, clock.now()).timeUsedMs };
      return runView(view, rows, await contentOf(rows.map((q) => q.versionId)), counts);
    },

    /** GET tests/{id}/review: a completed test with everything about each question and where it places. */
    async review(actor: Actor, id: string): Promise<PreSerialized> {
      const { test: t, questions: rows, counts, rank } = await readable(actor, id);
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
    },

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
      const [mine, nodes, total, recent, open] = await Promise.all([
        standing(db, actor.userId, productId),
        performanceByNode(db, actor.userId, productId),
        drawableCount(db, productId, free),
        listTests(db, actor.userId, productId, 0, 5),
        findOpenTest(db, actor.userId, productId),
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
        averagePercentCorrect: mine.average === null ? null : Math.floor(mine.average * 100 + 1e-9),
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
    },
  };
}
