import { LTI_CLAIM } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../lib/clock';
import { forgetTokens } from '../../modules/lti/services';
import type { TestClient } from '../client';
import { buildUser, signedIn } from '../factories';
import { ltiSteps, platformForFile } from '../lti-launch';
import { type EmulatedMember, INSTRUCTOR, LEARNER } from '../lti-platform';
import { appForFile, createTestApp } from '../test-app';

// The course roster sync (Names and Role Provisioning, docs/lti.md): an admin syncs a course launched from; the
// tool gets a token from the platform with its signed assertion, reads the course's list page by page, enrols
// its learners into the course's cohort (accounts made for new ones) and suspends those who left, unless
// another course of the bank still has them; their return lifts what the sync did, never an instructor's hold.

const TOOL = 'http://localhost:3000';
const clock = testClock(new Date());
const t = appForFile(() => createTestApp({ clock }));
const lms = platformForFile(t, TOOL);
beforeEach(() => {
  clock.set(new Date());
  lms().failTokens = null;
  lms().pageSize = 100;
  lms().tokenRequests.length = 0;
  lms().memberCalls.length = 0;
  forgetTokens();
});

const { connectedBank, launchAs } = ltiSteps(t, lms, TOOL);

const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf(await t.deps.db.execute(q)) as T[];
const count = async (q: ReturnType<typeof sql>) => (await rows<{ n: number }>(q))[0]!.n;

/** A launch from the course (by its first learner, or whoever `claims` say) that names its member list. */
async function launchCourse(clientId: string, contextId: string, claims: Record<string, unknown> = {}) {
  const res = await launchAs(t.client(), clientId, {
    [LTI_CLAIM.context]: { id: contextId, title: `Course ${contextId}` },
    [LTI_CLAIM.namesRoleService]: {
      context_memberships_url: lms().membershipsUrl(contextId),
      service_versions: ['2.0'],
    },
    ...claims,
  });
  expect(res.status, res.text).toBe(303);
}

const learner = (n: number, over: Partial<EmulatedMember> = {}): EmulatedMember => ({
  user_id: `s-${n}`,
  roles: [LEARNER],
  given_name: 'Student',
  family_name: `Number ${n}`,
  email: `student${n}@school.example.com`,
  ...over,
});

const sync = (admin: TestClient, platformId: string, json: Record<string, unknown> = {}) =>
  admin.req({ method: 'POST', url: `/api/v2/ltiPlatforms/${platformId}/courses/sync`, json });
const courses = async (admin: TestClient, platformId: string) =>
  (await admin.req({ url: `/api/v2/ltiPlatforms/${platformId}/courses` })).body as {
    contextId: string;
    cohortUuid: string;
    rosterSync: boolean;
    lastSyncAt: string | null;
    lastSyncError: string | null;
    sync: { state: string; done: number; total: number | null; message: string | null } | null;
  }[];

/** The course's students as the bank has them: in its cohort, and whether their access is held. */
async function cohortOf(cohortId: string) {
  return rows<{ subject: string; hold: string | null }>(sql`
    SELECT i.subject, s.access_hold AS hold FROM cohort_members m
    JOIN lti_identities i ON i.user_id = m.user_id
    JOIN cohorts c ON c.id = m.cohort_id
    JOIN subscriptions s ON s.user_id = m.user_id AND s.product_id = c.product_id
    WHERE m.cohort_id = ${cohortId} ORDER BY i.subject`);
}

describe('the course roster sync', () => {
  it('syncs a course of 500 into its cohort, page by page, with one token the platform checked', async () => {
    const { admin, clientId, platform, product } = await connectedBank();
    // The first learner's launch maps the course and names its list.
    await launchCourse(clientId, 'big-course', { sub: 's-1', email: 'student1@school.example.com' });
    const taken = await buildUser(t.deps.db, { email: 'student7@school.example.com' });
    lms().setMembers('big-course', [
      ...Array.from({ length: 500 }, (_, i) => learner(i + 1)),
      { user_id: 'teacher-1', roles: [INSTRUCTOR], given_name: 'Tess', email: 'tess@school.example.com' },
      learner(501, { status: 'Inactive' }),
      learner(502, { email: undefined, given_name: undefined }),
    ]);
    const [before] = await courses(admin, platform.uuid);
    expect(before).toMatchObject({ contextId: 'big-course', rosterSync: true, lastSyncAt: null, sync: null });

    const asked = await sync(admin, platform.uuid);
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body.queued).toBe(1);
    expect(asked.body.courses[0].sync).toMatchObject({ state: 'queued' });
    await t.runJobs();

    const [after] = await courses(admin, platform.uuid);
    expect(after!.lastSyncError, JSON.stringify(lms().tokenRequests)).toBeNull();
    expect(after!.lastSyncAt).not.toBeNull();
    expect(after!.sync).toMatchObject({ state: 'done', done: 501, total: 501 });
    expect(after!.sync!.message).toBe(
      '501 learners: 499 accounts made, 499 joined, 0 back, 0 suspended, 0 on hold, 1 not linked (an account has their e-mail)',
    );
    // Six pages of 100, one token: the platform checked the tool's assertion against its key set.
    expect(lms().memberCalls.map((c) => c.page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(lms().memberCalls.every((c) => c.authorized)).toBe(true);
    expect(lms().tokenRequests).toEqual([
      {
        granted: true,
        scope: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
        client: clientId,
      },
    ]);
    const members = await cohortOf(before!.cohortUuid);
    expect(members).toHaveLength(500); // 500 learners but the one whose address has an account, and s-502
    expect(members.some((m) => m.subject === 's-7' || m.subject === 's-501')).toBe(false);
    expect(members.every((m) => m.hold === null)).toBe(true);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM users WHERE email LIKE 'lti-%@lti.invalid'`),
    ).toBeGreaterThanOrEqual(1);
    // The account with the address is left alone; the instructor is not made anything by the sync.
    expect(await count(sql`SELECT count(*)::int AS n FROM subscriptions WHERE user_id = ${taken.id}`)).toBe(
      0,
    );
    expect(await count(sql`SELECT learners_count AS n FROM products WHERE id = ${product.id}`)).toBe(500);

    // Again: nothing new, and the token is the one kept.
    expect((await sync(admin, platform.uuid)).body.queued).toBe(1);
    await t.runJobs();
    const [again] = await courses(admin, platform.uuid);
    expect(again!.sync!.message).toMatch(/^501 learners: 0 accounts made, 0 joined, /);
    expect(lms().tokenRequests).toHaveLength(1);
    expect(await cohortOf(before!.cohortUuid)).toHaveLength(500);
  });

  it('suspends who left, unless another course has them; their return lifts it, never an instructor’s hold', async () => {
    const { admin, clientId, platform, product } = await connectedBank();
    await launchCourse(clientId, 'course-a', { sub: 's-1', email: 'student1@school.example.com' });
    await launchCourse(clientId, 'course-b', { sub: 's-2', email: 'student2@school.example.com' });
    lms().setMembers(
      'course-a',
      [1, 2, 3, 4, 5].map((n) => learner(n)),
    );
    lms().setMembers('course-b', [learner(2)]);
    await sync(admin, platform.uuid);
    await t.runJobs();
    const [a] = (await courses(admin, platform.uuid)).filter((c) => c.contextId === 'course-a');
    const userOf = async (subject: string) =>
      (
        await rows<{ user_id: string }>(sql`SELECT user_id FROM lti_identities WHERE subject = ${subject}`)
      )[0]!.user_id;
    // An instructor suspends s-5 by hand.
    const held = await admin.req({
      method: 'POST',
      url: `/api/v2/products/${product.id}/students/access`,
      json: { userUuids: [await userOf('s-5')], action: 'SUSPEND' },
    });
    expect(held.status, held.text).toBe(200);

    // s-2 (still in course B), s-3 and s-5 leave course A.
    lms().setMembers(
      'course-a',
      [1, 4].map((n) => learner(n)),
    );
    await sync(admin, platform.uuid, { contextIds: ['course-a'] });
    // The list reads every course's sync job at once; each course shows its own.
    const listed = await courses(admin, platform.uuid);
    expect(listed.find((c) => c.contextId === 'course-a')!.sync).toMatchObject({ state: 'queued' });
    expect(listed.find((c) => c.contextId === 'course-b')!.sync).toMatchObject({
      state: 'done',
      done: 1,
      total: 1,
    });
    await t.runJobs();
    expect(await cohortOf(a!.cohortUuid)).toEqual([
      { subject: 's-1', hold: null },
      { subject: 's-2', hold: null },
      { subject: 's-3', hold: 'SUSPENDED' },
      { subject: 's-4', hold: null },
      { subject: 's-5', hold: 'SUSPENDED' },
    ]);
    const entries = await rows<{
      action: string;
      actor_id: string | null;
      details: Record<string, unknown>;
    }>(sql`
      SELECT action, actor_id, details FROM audit_log WHERE product_id = ${product.id} AND action = 'student.suspend'
      ORDER BY id`);
    expect(entries.map((e) => [e.details.userId, e.details.source ?? 'hand'])).toEqual([
      [await userOf('s-5'), 'hand'],
      [await userOf('s-3'), 'LMS'],
    ]);

    // s-3 and s-5 come back: the sync lifts its own suspension, not the instructor's.
    lms().setMembers(
      'course-a',
      [1, 3, 4, 5].map((n) => learner(n)),
    );
    await sync(admin, platform.uuid, { contextIds: ['course-a'] });
    await t.runJobs();
    const back = await cohortOf(a!.cohortUuid);
    expect(back.find((m) => m.subject === 's-3')!.hold).toBeNull();
    expect(back.find((m) => m.subject === 's-5')!.hold).toBe('SUSPENDED');

    // s-4 leaves, then launches from the course again (re-enrolled there) before the next sync: let in.
    lms().setMembers(
      'course-a',
      [1, 3, 5].map((n) => learner(n)),
    );
    await sync(admin, platform.uuid, { contextIds: ['course-a'] });
    await t.runJobs();
    expect((await cohortOf(a!.cohortUuid)).find((m) => m.subject === 's-4')!.hold).toBe('SUSPENDED');
    await launchCourse(clientId, 'course-a', { sub: 's-4', email: 'student4@school.example.com' });
    expect((await cohortOf(a!.cohortUuid)).find((m) => m.subject === 's-4')!.hold).toBeNull();
  });

  it('a platform that fails changes nothing: the error is kept for the admin and the job tries again', async () => {
    const { admin, clientId, platform } = await connectedBank();
    await launchCourse(clientId, 'course-down', { sub: 's-1', email: 'student1@school.example.com' });
    lms().setMembers('course-down', [learner(1), learner(2)]);
    lms().failTokens = 503;
    await sync(admin, platform.uuid);
    await t.runJobs();
    const [c] = await courses(admin, platform.uuid);
    expect(c!.lastSyncError).toMatch(/^The platform's token endpoint refused the tool \(503/);
    expect(c!.sync!.state).toBe('retrying');
    expect(await cohortOf(c!.cohortUuid)).toEqual([{ subject: 's-1', hold: null }]);
    // Asked again while one is pending: nothing more is queued.
    expect((await sync(admin, platform.uuid)).body.queued).toBe(0);

    // An empty list is the platform's fault, never a reason to suspend the class.
    lms().failTokens = null;
    lms().setMembers('course-down', []);
    // The retry is due after its back-off (5 s after the first attempt).
    clock.advance(6_000);
    expect(await t.runJobs()).toBe(1);
    const [empty] = await courses(admin, platform.uuid);
    expect(empty!.lastSyncError).toBe("The course's member list came back empty: nobody was changed.");
    expect(await cohortOf(c!.cohortUuid)).toEqual([{ subject: 's-1', hold: null }]);
  });

  it('20 asks at once queue one sync of the course', async () => {
    const { admin, clientId, platform } = await connectedBank();
    await launchCourse(clientId, 'course-busy', { sub: 's-1', email: 'student1@school.example.com' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => sync(admin, platform.uuid)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    expect(answers.reduce((n, a) => n + a.body.queued, 0)).toBe(1);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'lti.roster.sync'
        AND payload->>'platformId' = ${platform.uuid}`),
    ).toBe(1);
  });

  it('names the field of a bad ask; only the bank’s admins may sync, and not a disabled platform', async () => {
    const { admin, clientId, platform, product } = await connectedBank();
    await launchCourse(clientId, 'course-x', { sub: 's-1', email: 'student1@school.example.com' });
    // A course launched without the service: listed, but it cannot be synced.
    const plain = await launchAs(t.client(), clientId, {
      sub: 's-9',
      email: 'student9@school.example.com',
      [LTI_CLAIM.context]: { id: 'course-plain', title: 'Plain course' },
    });
    expect(plain.status).toBe(303);
    const listed = await courses(admin, platform.uuid);
    expect(listed.map((c) => [c.contextId, c.rosterSync])).toEqual([
      ['course-x', true],
      ['course-plain', false],
    ]);
    const unknown = await sync(admin, platform.uuid, { contextIds: ['course-x', 'nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('contextIds.1');
    const without = await sync(admin, platform.uuid, { contextIds: ['course-plain'] });
    expect(without.status).toBe(400);
    expect(without.body.field).toBe('contextIds.0');
    expect((await sync(admin, platform.uuid, { contextIds: 'course-x' })).body.field).toBe('contextIds');

    const writer = await signedIn(t, { product: product.id, roles: { questionWriter: true } });
    expect((await sync(writer, platform.uuid)).status).toBe(404);
    const stranger = await signedIn(t, { product: null });
    expect((await stranger.req({ url: `/api/v2/ltiPlatforms/${platform.uuid}/courses` })).status).toBe(404);

    await admin.req({
      method: 'POST',
      url: `/api/v2/ltiPlatforms/${platform.uuid}/enabled`,
      json: { enabled: false },
    });
    const disabled = await sync(admin, platform.uuid);
    expect(disabled.status).toBe(409);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'lti.roster.sync'
        AND payload->>'platformId' = ${platform.uuid}`),
    ).toBe(0);
  });
});
