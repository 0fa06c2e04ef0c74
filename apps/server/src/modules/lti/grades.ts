import { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { DomainEvents } from '../../infra/events';
import { defineJob } from '../../infra/jobs';
import { AppError } from '../../lib/app-error';
import { SCORE_MAXIMUM } from './deep-linking';
import {
  findScore,
  insertScore,
  markScorePosted,
  recordScoreError,
  scoreTargets,
  setPlacementLineItem,
  setScoreJob,
} from './grades-repository';
import { findPlatform, lockKey } from './repository';
import { accessToken, findOrMakeLineItem, LTI_SCOPE, PlatformServiceError, postScore } from './services';

// Grade passback (Assignment and Grade Services, docs/lti.md): when an attempt at a placed assignment is
// finished, its score is kept for each course the assignment is placed in and the learner is in, in the
// transaction that finished it, with a job that posts it; the job retries with back-off while the platform is
// down, gives up on a refusal, and never posts a score that was posted.

export const ltiScorePostJob = defineJob({
  kind: 'lti.score.post',
  payload: z.object({ testId: z.uuid(), placementId: z.uuid() }),
  // 5 s, 10 s, 20 s … an hour: about eight hours in all.
  maxAttempts: 14,
  handler: async ({ testId, placementId }, ctx) => {
    const { db, clock } = ctx.deps;
    const s = await findScore(db, testId, placementId);
    // Gone with its placement or platform, or posted already: nothing to send, ever again.
    if (!s || s.posted_at) return;
    const platform = await findPlatform(db, s.platform_id);
    if (!platform?.enabled) {
      await recordScoreError(db, testId, placementId, 'The platform is disabled: the score was not sent.');
      return;
    }
    const now = () => clock.now();
    try {
      let lineItem = s.line_item_url;
      if (!lineItem) {
        if (!s.line_items_url)
          throw new PlatformServiceError(
            'The course has not offered its grade book to the tool: no launch named its line items.',
            false,
          );
        const lineItems = s.line_items_url;
        // The token first (it reads the tool's key through the pool), then one job at a time per placement
        // finds or makes the line item, so 20 scores at once make one column.
        const token = await accessToken(db, platform, [LTI_SCOPE.lineItems], now);
        lineItem = await db.transaction(async (tx) => {
          await lockKey(tx, `lti-line-item:${placementId}`);
          const again = await findScore(tx, testId, placementId);
          if (again?.line_item_url) return again.line_item_url;
          const made = await findOrMakeLineItem(token, lineItems, {
            resourceId: s.assignment_id,
            resourceLinkId: s.resource_link_id,
            label: s.assignment_name,
            scoreMaximum: SCORE_MAXIMUM,
            tag: 'qbank-assignment',
          });
          return setPlacementLineItem(tx, placementId, made);
        });
      }
      await postScore(
        db,
        platform,
        lineItem,
        {
          userId: s.subject,
          scoreGiven: s.score_given,
          scoreMaximum: s.score_maximum,
          timestamp: s.finished_at,
        },
        now,
      );
      await ctx.completeWith((tx) => markScorePosted(tx, testId, placementId, clock.now()));
    } catch (e) {
      const message =
        e instanceof PlatformServiceError || e instanceof AppError
          ? e.message
          : 'The score stopped on an error of the server; it is tried again.';
      await recordScoreError(db, testId, placementId, message);
      // A refusal stays a refusal: trying again would send the same thing to the same answer.
      if (e instanceof PlatformServiceError && !e.retryable) return;
      throw e;
    }
  },
});

/**
 * On `test.finished`, in its transaction: an attempt at an assignment placed in courses gets a score kept, and
 * its job queued, for each course the learner is in now (once per attempt and course, however often asked).
 */
export async function queueScores(deps: Deps, tx: Tx, t: DomainEvents['test.finished']): Promise<number> {
  if (!t.assignmentId) return 0;
  const targets = await scoreTargets(tx, t.assignmentId, t.userId);
  let queued = 0;
  for (const target of targets) {
    const fresh = await insertScore(tx, {
      testId: t.testId,
      placementId: target.placement_id,
      subject: target.subject,
      scoreGiven: t.scorePercent,
      scoreMaximum: SCORE_MAXIMUM,
      finishedAt: t.finishedAt,
      now: deps.clock.now(),
    });
    if (!fresh) continue;
    const jobId = await deps.jobs.enqueue(tx, ltiScorePostJob, {
      testId: t.testId,
      placementId: target.placement_id,
    });
    await setScoreJob(tx, t.testId, target.placement_id, jobId);
    queued++;
  }
  return queued;
}
