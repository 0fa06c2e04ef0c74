import { ErrorCode, type ProblemReportSent, type QuestionComment, RateLimits } from '@qbank/contract';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { questionComments, questions, questionVersions, testQuestions, tests, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { enforceRateLimits } from '../../lib/rate-limit';
import { type Actor, authorize } from '../../policies';

const author = alias(users, 'comment_author');
const resolver = alias(users, 'comment_resolver');

/** A comment of the review thread as staff see it, with who resolved it. */
const threadColumns = {
  id: questionComments.id,
  questionId: questionComments.questionId,
  body: questionComments.body,
  kind: questionComments.kind,
  versionNumber: questionComments.versionNumber,
  createdAt: questionComments.createdAt,
  resolvedAt: questionComments.resolvedAt,
  authorId: author.id,
  authorFirstName: author.firstName,
  authorLastName: author.lastName,
  resolverId: resolver.id,
  resolverFirstName: resolver.firstName,
  resolverLastName: resolver.lastName,
};

const threadQuery = (db: DbOrTx) =>
  db
    .select(threadColumns)
    .from(questionComments)
    .innerJoin(author, eq(author.id, questionComments.authorId))
    .leftJoin(resolver, eq(resolver.id, questionComments.resolvedById));

type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadQuery>['execute']>>[number];

/**
 * A comment as the contract shows it. A learner's problem report names no author (decision 0029): staff need
 * what is wrong, not who said it, and the learner did not write to them by name.
 */
export function commentView(r: ThreadRow): QuestionComment {
  const report = r.kind === 'PROBLEM_REPORT';
  return {
    uuid: r.id,
    body: r.body,
    kind: r.kind,
    author: report ? null : { uuid: r.authorId, firstName: r.authorFirstName, lastName: r.authorLastName },
    versionNumber: r.versionNumber,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolvedBy:
      r.resolverId && r.resolverFirstName !== null && r.resolverLastName !== null
        ? { uuid: r.resolverId, firstName: r.resolverFirstName, lastName: r.resolverLastName }
        : null,
  };
}

/** A question's review thread, oldest first: staff comments and learners' problem reports. */
export async function listThread(db: DbOrTx, questionId: string): Promise<QuestionComment[]> {
  const rows = await threadQuery(db)
    .where(eq(questionComments.questionId, questionId))
    .orderBy(asc(questionComments.createdAt), asc(questionComments.id));
  return rows.map(commentView);
}

/**
 * The version of the question the learner saw in their latest test that holds it, with the question's product
 * and author; null when none of their tests holds it. Read from the learner's tests (an index on the user),
 * then each test's own (test, question) key: never a scan of everyone's answers to a popular question.
 */
async function inOwnTest(db: DbOrTx, userId: string, questionId: string) {
  const [row] = await db
    .select({ versionNumber: questionVersions.number, productId: questions.productId })
    .from(tests)
    .innerJoin(
      testQuestions,
      and(eq(testQuestions.testId, tests.id), eq(testQuestions.questionId, questionId)),
    )
    .innerJoin(questionVersions, eq(questionVersions.id, testQuestions.questionVersionId))
    .innerJoin(questions, eq(questions.id, testQuestions.questionId))
    .where(eq(tests.userId, userId))
    .orderBy(desc(tests.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * "Report a problem with this question" (docs/questions.md): a learner's report becomes a comment of the
 * question's review thread, marked as a report, which the question's staff resolve.
 */
export function problemReportsService({ db, clock, limiter }: Deps) {
  const noSuchComment = () => new AppError(ErrorCode.NOT_FOUND, 'No such comment', 'id');

  async function report(actor: Actor, questionId: string, body: string): Promise<ProblemReportSent> {
    const seen = await inOwnTest(db, actor.userId, questionId);
    await authorize(actor, 'question.report', { inOwnTest: seen !== null });
    await enforceRateLimits(limiter, [
      [`problem-report:user:${actor.userId}`, RateLimits.problemReportsPerAccount],
    ]);
    // One statement: nothing else to keep consistent with it.
    const [row] = await db
      .insert(questionComments)
      .values({
        questionId,
        authorId: actor.userId,
        versionNumber: seen!.versionNumber,
        body,
        kind: 'PROBLEM_REPORT',
        createdAt: clock.now(),
      })
      .returning({ id: questionComments.id, createdAt: questionComments.createdAt });
    return { uuid: row!.id, createdAt: row!.createdAt.toISOString() };
  }

  /** Marks a problem report resolved; resolving it again changes nothing (the first resolution stays). */
  async function resolve(actor: Actor, commentId: string): Promise<QuestionComment> {
    const [found] = await db
      .select({
        kind: questionComments.kind,
        productId: questions.productId,
        authorId: questions.authorId,
      })
      .from(questionComments)
      .innerJoin(questions, eq(questions.id, questionComments.questionId))
      .where(eq(questionComments.id, commentId));
    if (!found) throw noSuchComment();
    await authorize(actor, 'question.review', { productId: found.productId, authorId: found.authorId });
    if (found.kind !== 'PROBLEM_REPORT')
      throw new AppError(ErrorCode.VALIDATION, "Only a learner's problem report can be resolved", 'id');
    // One statement, so of two staff resolving at once the first one's name stays.
    await db
      .update(questionComments)
      .set({ resolvedAt: clock.now(), resolvedById: actor.userId })
      .where(and(eq(questionComments.id, commentId), isNull(questionComments.resolvedAt)));
    const [row] = await threadQuery(db).where(eq(questionComments.id, commentId));
    if (!row) throw noSuchComment();
    return commentView(row);
  }

  return { report, resolve };
}
