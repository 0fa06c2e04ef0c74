import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectRows } from '../../db/rows';

// Deep linking and grade passback (docs/lti.md): an instructor's deep linking request while they pick what to
// place, the assignments placed in courses, and each finished attempt's score for the placement's line item.

export async function insertDeepLink(
  tx: DbOrTx,
  d: {
    codeHash: string;
    platformId: string;
    userId: string;
    deploymentId: string;
    contextId: string | null;
    returnUrl: string;
    data: string | null;
    expiresAt: Date;
  },
) {
  await tx.execute(sql`INSERT INTO lti_deep_links (code_hash, platform_id, user_id, deployment_id, context_id,
      return_url, data, expires_at)
    VALUES (${d.codeHash}, ${d.platformId}, ${d.userId}, ${d.deploymentId}, ${d.contextId}, ${d.returnUrl},
      ${d.data}, ${d.expiresAt})`);
}

const deepLinkShape = {
  platform_id: column.string,
  user_id: column.string,
  deployment_id: column.string,
  context_id: nullable(column.string),
  return_url: column.string,
  data: nullable(column.string),
  expires_at: column.timestamp,
  used_at: nullable(column.timestamp),
};

/** A deep linking request by its code's hash, locked when `lock` (its use is decided under the lock). */
export async function findDeepLink(db: DbOrTx, codeHash: string, lock = false) {
  const rows = await selectRows(
    db,
    deepLinkShape,
    sql`SELECT platform_id, user_id, deployment_id, context_id, return_url, data, expires_at, used_at
      FROM lti_deep_links WHERE code_hash = ${codeHash} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0] ?? null;
}

export async function useDeepLink(tx: DbOrTx, codeHash: string, now: Date) {
  await tx.execute(sql`UPDATE lti_deep_links SET used_at = ${now} WHERE code_hash = ${codeHash}`);
}

/** Places an assignment in a course (once: placing it again answers the same placement). */
export async function insertPlacement(
  tx: DbOrTx,
  p: { platformId: string; contextId: string; assignmentId: string; createdBy: string; now: Date },
): Promise<string> {
  const rows = await selectRows(
    tx,
    { id: column.string },
    sql`INSERT INTO lti_placements (platform_id, context_id, assignment_id, created_by, created_at)
      VALUES (${p.platformId}, ${p.contextId}, ${p.assignmentId}, ${p.createdBy}, ${p.now})
      ON CONFLICT (platform_id, context_id, assignment_id) DO UPDATE SET created_by = lti_placements.created_by
      RETURNING id`,
  );
  return rows[0]!.id;
}

/**
 * A launch of a placed link: its resource link and its line item (as the launch's grade service claim names
 * it) are kept. Answers the placement's assignment, or null when the course has no such placement.
 */
export async function notePlacementLaunch(
  tx: DbOrTx,
  p: {
    platformId: string;
    contextId: string;
    assignmentId: string;
    resourceLinkId: string | null;
    lineItemUrl: string | null;
  },
): Promise<string | null> {
  const rows = await selectRows(
    tx,
    { assignment_id: column.string },
    sql`UPDATE lti_placements SET resource_link_id = coalesce(${p.resourceLinkId}, resource_link_id),
        line_item_url = coalesce(${p.lineItemUrl}, line_item_url)
      WHERE platform_id = ${p.platformId} AND context_id = ${p.contextId} AND assignment_id = ${p.assignmentId}
      RETURNING assignment_id`,
  );
  return rows[0]?.assignment_id ?? null;
}

/**
 * Where a learner's finished attempt at an assignment is scored: each placement of the assignment, on an
 * enabled platform, in a course the learner is in now, with the learner's person at that platform.
 */
export async function scoreTargets(tx: DbOrTx, assignmentId: string, userId: string) {
  return selectRows(
    tx,
    { placement_id: column.string, subject: column.string },
    sql`SELECT DISTINCT ON (p.id) p.id AS placement_id, i.subject
      FROM lti_placements p
      JOIN lti_platforms pl ON pl.id = p.platform_id AND pl.enabled
      JOIN lti_identities i ON i.issuer = pl.issuer AND i.user_id = ${userId}
      JOIN lti_course_members m ON m.platform_id = p.platform_id AND m.context_id = p.context_id
        AND m.user_id = ${userId} AND m.left_at IS NULL
      WHERE p.assignment_id = ${assignmentId}
      ORDER BY p.id, i.created_at`,
  );
}

/** A score to post, once per attempt and placement: false when it is there already. */
export async function insertScore(
  tx: DbOrTx,
  s: {
    testId: string;
    placementId: string;
    subject: string;
    scoreGiven: number;
    scoreMaximum: number;
    finishedAt: Date;
    now: Date;
  },
): Promise<boolean> {
  const rows = await selectRows(
    tx,
    { test_id: column.string },
    sql`INSERT INTO lti_scores (test_id, placement_id, subject, score_given, score_maximum, finished_at, created_at)
      VALUES (${s.testId}, ${s.placementId}, ${s.subject}, ${s.scoreGiven}, ${s.scoreMaximum}, ${s.finishedAt},
        ${s.now})
      ON CONFLICT (test_id, placement_id) DO NOTHING RETURNING test_id`,
  );
  return rows.length === 1;
}

export async function setScoreJob(tx: DbOrTx, testId: string, placementId: string, jobId: number) {
  await tx.execute(
    sql`UPDATE lti_scores SET job_id = ${jobId} WHERE test_id = ${testId} AND placement_id = ${placementId}`,
  );
}

/** A score with what posting it needs: the placement, its course's line items, its platform. */
export async function findScore(db: DbOrTx, testId: string, placementId: string) {
  const rows = await selectRows(
    db,
    {
      subject: column.string,
      score_given: column.int,
      score_maximum: column.int,
      finished_at: column.timestamp,
      posted_at: nullable(column.timestamp),
      platform_id: column.string,
      assignment_id: column.string,
      assignment_name: column.string,
      resource_link_id: nullable(column.string),
      line_item_url: nullable(column.string),
      line_items_url: nullable(column.string),
    },
    sql`SELECT s.subject, s.score_given, s.score_maximum, s.finished_at, s.posted_at, p.platform_id,
        p.assignment_id, a.name AS assignment_name, p.resource_link_id, p.line_item_url, c.line_items_url
      FROM lti_scores s
      JOIN lti_placements p ON p.id = s.placement_id
      JOIN assignments a ON a.id = p.assignment_id
      LEFT JOIN lti_contexts c ON c.platform_id = p.platform_id AND c.context_id = p.context_id
      WHERE s.test_id = ${testId} AND s.placement_id = ${placementId}`,
  );
  return rows[0] ?? null;
}

/** Keeps the line item found or made for a placement, unless one is kept already: the one kept. */
export async function setPlacementLineItem(db: DbOrTx, placementId: string, url: string): Promise<string> {
  const rows = await selectRows(
    db,
    { line_item_url: column.string },
    sql`WITH set AS (
        UPDATE lti_placements SET line_item_url = ${url} WHERE id = ${placementId} AND line_item_url IS NULL
        RETURNING line_item_url)
      SELECT line_item_url FROM set
      UNION ALL SELECT line_item_url FROM lti_placements WHERE id = ${placementId} AND line_item_url IS NOT NULL`,
  );
  return rows[0]?.line_item_url ?? url;
}

export async function markScorePosted(tx: DbOrTx, testId: string, placementId: string, at: Date) {
  await tx.execute(sql`UPDATE lti_scores SET posted_at = ${at}, last_error = NULL
    WHERE test_id = ${testId} AND placement_id = ${placementId}`);
}

export async function recordScoreError(db: DbOrTx, testId: string, placementId: string, error: string) {
  await db.execute(sql`UPDATE lti_scores SET last_error = ${error.slice(0, 500)}
    WHERE test_id = ${testId} AND placement_id = ${placementId}`);
}

/** The placements of a platform's course, with how many scores were posted and how many wait. */
export async function placementsOf(db: DbOrTx, platformId: string) {
  return selectRows(
    db,
    {
      id: column.string,
      context_id: column.string,
      assignment_id: column.string,
      assignment_name: column.string,
      line_item: column.boolean,
      posted: column.int,
      waiting: column.int,
      failed: column.int,
      last_error: nullable(column.string),
    },
    sql`SELECT p.id, p.context_id, p.assignment_id, a.name AS assignment_name, p.line_item_url IS NOT NULL AS line_item,
        count(s.posted_at)::int AS posted,
        count(*) FILTER (WHERE s.test_id IS NOT NULL AND s.posted_at IS NULL AND s.last_error IS NULL)::int AS waiting,
        count(*) FILTER (WHERE s.posted_at IS NULL AND s.last_error IS NOT NULL)::int AS failed,
        (array_agg(s.last_error ORDER BY s.created_at DESC) FILTER (WHERE s.last_error IS NOT NULL))[1] AS last_error
      FROM lti_placements p JOIN assignments a ON a.id = p.assignment_id
      LEFT JOIN lti_scores s ON s.placement_id = p.id
      WHERE p.platform_id = ${platformId}
      GROUP BY p.id, a.name ORDER BY p.created_at, p.id`,
  );
}
