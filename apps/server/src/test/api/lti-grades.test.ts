import { randomUUID } from 'node:crypto';
import { LTI_CLAIM, LTI_DL_CLAIM } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../lib/clock';
import { forgetTokens } from '../../modules/lti/services';
import { type BankQuestion, buildBank } from '../bank-factory';
import type { TestClient } from '../client';
import { signedIn } from '../factories';
import { ltiSteps, platformForFile } from '../lti-launch';
import { INSTRUCTOR, LEARNER } from '../lti-platform';
import { appForFile, createTestApp } from '../test-app';

// Deep linking and grade passback (docs/lti.md): an instructor places a template in a course from the course's
// editor (the tool's picker, a signed LtiResourceLink with a line item back to the platform); learners who
// launch the placed link and finish an attempt have their score posted to the course's grade book, once, by a
// job that retries while the platform is down and gives up on a refusal.

const TOOL = 'http://localhost:3000';
const clock = testClock(new Date());
const t = appForFile(() => createTestApp({ clock }));
const lms = platformForFile(t, TOOL);
beforeEach(() => {
  clock.set(new Date());
  lms().failScores = null;
  lms().scores.length = 0;
  lms().lineItems.length = 0;
  forgetTokens();
});

const { connect, startLogin, launch, launchAs } = ltiSteps(t, lms, TOOL);
const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf(await t.deps.db.execute(q)) as T[];

type Bank = Awaited<ReturnType<typeof buildBank>>;

/** A bank with questions, a template, and the emulator connected with instructors allowed. */
async function placedBank() {
  const bank = await buildBank(t.deps.db, { subcategories: 2, perSubcategory: 3 });
  const admin = await signedIn(t, { product: bank.product.id, roles: { admin: true } });
  const clientId = `client-${bank.product.id.slice(0, 8)}`;
  const connected = await connect(admin, bank.product.id, { clientId, instructorsAllowed: true });
  expect(connected.status, connected.text).toBe(201);
  const made = await admin.req({
    method: 'POST',
    url: `/api/v2/products/${bank.product.id}/testTemplates`,
    json: {
      name: 'Week 1 quiz',
      selection: { kind: 'QUESTIONS', questionUuids: bank.questions.slice(0, 4).map((q) => q.id) },
      order: 'AS_LISTED',
      mode: 'TUTOR',
      timeLimitMinutes: null,
      passingScore: null,
    },
  });
  expect(made.status, made.text).toBe(201);
  return { bank, admin, clientId, templateId: made.body.uuid as string };
}

const COURSE = { id: 'course-201', title: 'Renal 201' };
const deepLinkClaims = (over: Record<string, unknown> = {}) => ({
  sub: 'teacher-1',
  email: `teacher-${randomUUID().slice(0, 6)}@school.example.com`,
  [LTI_CLAIM.messageType]: 'LtiDeepLinkingRequest',
  [LTI_CLAIM.roles]: [INSTRUCTOR],
  [LTI_CLAIM.context]: COURSE,
  [LTI_CLAIM.gradeService]: {
    lineitems: lms().lineItemsUrl(COURSE.id),
    scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem'],
  },
  [LTI_DL_CLAIM.settings]: {
    deep_link_return_url: `${lms().issuer}/deep-link-return`,
    accept_types: ['ltiResourceLink', 'link'],
    accept_presentation_document_targets: ['iframe', 'window'],
    data: 'opaque-platform-data',
  },
  ...over,
});

/** The picker's form, from a browser of its own: `over` over a valid form (open 7 days, 1 attempt). */
const postPicker = (code: string, templateId: string, over: Record<string, string> = {}) =>
  t.client().req({
    method: 'POST',
    url: '/api/v2/lti/deepLinks',
    form: {
      code,
      templateUuid: templateId,
      days: '7',
      attemptsAllowed: '1',
      answersShown: 'AFTER_SUBMIT',
      ...over,
    },
  });

/** A content item of a deep linking response, as the tests read it. */
interface ContentItem {
  type: string;
  title: string;
  custom: Record<string, string>;
  lineItem: Record<string, unknown> & { resourceId: string };
}

const hiddenValue = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

/** The deep linking launch and the picker's form: the platform's return page (its JWT). */
async function placeTemplate(clientId: string, templateId: string): Promise<{ jwt: string; html: string }> {
  const teacher = t.client();
  const picker = await launchAs(teacher, clientId, deepLinkClaims({ sub: `teacher-${clientId}` }));
  expect(picker.status, picker.text).toBe(200);
  const code = hiddenValue(picker.text, 'code')!;
  const placed = await postPicker(code, templateId, { attemptsAllowed: '2' });
  expect(placed.status, placed.text).toBe(200);
  return { jwt: hiddenValue(placed.text, 'JWT')!, html: placed.text };
}

describe('deep linking', () => {
  it('an instructor places a template from the course editor: an assignment of the course, a signed link with a line item', async () => {
    const { bank, clientId, templateId } = await placedBank();
    const teacher = t.client();
    const picker = await launchAs(teacher, clientId, deepLinkClaims());
    expect(picker.status, picker.text).toBe(200);
    expect(picker.headers.get('content-type')).toContain('text/html');
    // The platform shows it in its frame: framable, no script but by its hash.
    expect(picker.headers.get('x-frame-options')).toBeNull();
    expect(picker.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(picker.text).toContain('Week 1 quiz (tutor, 4 questions)');
    expect(picker.text).toContain('Renal 201');
    const code = hiddenValue(picker.text, 'code')!;

    // A bad form comes back with the error under its field, and makes nothing.
    const bad = await postPicker(code, templateId, { days: '0' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('id="days-error"');
    expect(bad.text).toContain('It stays open at least 1 day');
    expect(bad.text).toContain('aria-invalid="true"');
    // Not a number, a name too long, another bank's template, no template: each named, nothing made.
    const words = await postPicker(code, templateId, { days: 'abc' });
    expect(words.status).toBe(400);
    expect(words.text).toContain('id="days-error"');
    const long = await postPicker(code, templateId, { name: 'x'.repeat(121) });
    expect(long.status).toBe(400);
    expect(long.text).toContain('The name must be at most 120 characters');
    const other = await placedBank();
    const foreign = await postPicker(code, other.templateId);
    expect(foreign.status).toBe(400);
    expect(foreign.text).toContain('id="templateUuid-error"');
    expect(foreign.text).toContain('No such test template in this QBank');
    const empty = await postPicker(code, '');
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Choose a test template');
    const none = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM assignments WHERE product_id = ${bank.product.id}`,
    );
    expect(none[0]!.n).toBe(0);

    const placed = await postPicker(code, templateId, { name: 'Renal quiz', attemptsAllowed: '2' });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.text).toContain(`action="${lms().issuer}/deep-link-return"`);
    const claims = await lms().verifyToolJwt(hiddenValue(placed.text, 'JWT')!);
    expect(claims.iss).toBe(clientId);
    expect(claims[LTI_CLAIM.messageType]).toBe('LtiDeepLinkingResponse');
    expect(claims[LTI_CLAIM.version]).toBe('1.3.0');
    expect(claims[LTI_CLAIM.deploymentId]).toBe(lms().deploymentId);
    expect(claims[LTI_DL_CLAIM.data]).toBe('opaque-platform-data');
    const [item] = claims[LTI_DL_CLAIM.contentItems] as ContentItem[];
    expect(item!.type).toBe('ltiResourceLink');
    expect(item!.title).toBe('Renal quiz');
    expect(item!.lineItem).toMatchObject({ scoreMaximum: 100, label: 'Renal quiz' });

    // The assignment: the template's, for the course's cohort, open now for 7 days, 2 attempts.
    const [a] = await rows<{ id: string; attempts_allowed: number; closes_at: Date; opens_at: Date }>(
      sql`SELECT id, attempts_allowed, closes_at, opens_at FROM assignments WHERE product_id = ${bank.product.id}`,
    );
    expect(item!.custom).toEqual({ qbank_assignment: a!.id });
    expect(item!.lineItem.resourceId).toBe(a!.id);
    expect(a!.attempts_allowed).toBe(2);
    expect(new Date(a!.closes_at).getTime() - new Date(a!.opens_at).getTime()).toBe(7 * 24 * 3600 * 1000);
    const targets = await rows<{ name: string }>(
      sql`SELECT c.name FROM assignment_cohorts ac JOIN cohorts c ON c.id = ac.cohort_id WHERE ac.assignment_id = ${a!.id}`,
    );
    expect(targets.map((r) => r.name)).toEqual(['Renal 201']);
    const placements = await rows<{ context_id: string }>(
      sql`SELECT context_id FROM lti_placements WHERE assignment_id = ${a!.id}`,
    );
    expect(placements).toEqual([{ context_id: COURSE.id }]);

    // The form again (a double click, a replay): refused, and still one assignment.
    const again = await postPicker(code, templateId);
    expect(again.status).toBe(404);
    expect(again.text).toContain('expired or was used');
    const after = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM assignments WHERE product_id = ${bank.product.id}`,
    );
    expect(after[0]!.n).toBe(1);
  });

  it('20 posts of the picker at once (a double click, two instances) make one assignment', async () => {
    const { bank, clientId, templateId } = await placedBank();
    const picker = await launchAs(t.client(), clientId, deepLinkClaims());
    const code = hiddenValue(picker.text, 'code')!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => postPicker(code, templateId)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(19);
    const made = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM assignments WHERE product_id = ${bank.product.id}`,
    );
    expect(made[0]!.n).toBe(1);
    const placements = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM lti_placements p JOIN assignments a ON a.id = p.assignment_id
        WHERE a.product_id = ${bank.product.id}`,
    );
    expect(placements[0]!.n).toBe(1);
  });

  it('a learner cannot place anything, nor a platform that names no return URL', async () => {
    const { clientId } = await placedBank();
    const learner = await launchAs(t.client(), clientId, deepLinkClaims({ [LTI_CLAIM.roles]: [LEARNER] }));
    expect(learner.status).toBe(403);
    expect(learner.body.field).toBe('id_token');
    const noReturn = await launchAs(t.client(), clientId, deepLinkClaims({ [LTI_DL_CLAIM.settings]: {} }));
    expect(noReturn.status).toBe(400);
    expect(noReturn.body.message).toContain('return URL');
  });
});

/** A learner of the course launches the placed link (its line item as the platform names it). */
async function learnerLaunch(clientId: string, sub: string, assignmentId: string, lineItem: string | null) {
  const browser = t.client();
  const res = await launchAs(browser, clientId, {
    sub,
    email: `${sub}@school.example.com`,
    [LTI_CLAIM.context]: COURSE,
    [LTI_CLAIM.resourceLink]: { id: `link-${assignmentId.slice(0, 8)}` },
    [LTI_DL_CLAIM.custom]: { qbank_assignment: assignmentId },
    [LTI_CLAIM.gradeService]: {
      lineitems: lms().lineItemsUrl(COURSE.id),
      ...(lineItem ? { lineitem: lineItem } : {}),
      scope: [
        'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
        'https://purl.imsglobal.org/spec/lti-ags/scope/score',
      ],
    },
  });
  expect(res.status, res.text).toBe(303);
  const entered = await browser.req({ url: res.headers.get('location')! });
  expect(entered.status).toBe(303);
  // The placed link opens its assignment's page, where the learner starts it.
  expect(entered.headers.get('location')).toBe(`/my-assignments/${assignmentId}`);
  // As the app does on its first page: the session's access token, for the CSRF header.
  expect((await browser.req({ url: '/api/v1/session' })).status).toBe(200);
  return browser;
}

/** An attempt at the assignment: `right` of its 4 questions answered right, then finished. */
async function attempt(c: TestClient, bank: Bank, assignmentId: string, right: number) {
  const started = await c.req({
    method: 'POST',
    url: `/api/v2/assignments/${assignmentId}/attempts`,
    json: { uuid: randomUUID() },
  });
  expect(started.status, started.text).toBe(201);
  const testId = started.body.uuid as string;
  const qs = (await c.req({ url: `/api/v2/tests/${testId}/questions` })).body.questions as { uuid: string }[];
  for (const [i, q] of qs.entries()) {
    const b = bank.questions.find((x) => x.id === q.uuid) as BankQuestion;
    const res = await c.req({
      method: 'PATCH',
      url: `/api/v2/tests/${testId}/questions/${q.uuid}/answer`,
      json: { choice: i < right ? b.correct : b.choices[1]! },
    });
    expect(res.status, res.text).toBe(200);
  }
  const done = await c.req({ method: 'PATCH', url: `/api/v2/tests/${testId}/finalize`, json: {} });
  expect(done.status, done.text).toBe(200);
  return testId;
}

async function placed() {
  const setup = await placedBank();
  const { jwt } = await placeTemplate(setup.clientId, setup.templateId);
  const [item] = (await lms().verifyToolJwt(jwt))[LTI_DL_CLAIM.contentItems] as ContentItem[];
  const assignmentId = item!.custom.qbank_assignment as string;
  return { ...setup, assignmentId, item: item! };
}

describe('grade passback', () => {
  it('a finished attempt’s score reaches the line item the platform made for the link, once', async () => {
    const { bank, admin, clientId, assignmentId, item } = await placed();
    // The platform adds the link to the course with its line item, and names it in the link's launches.
    const lineItem = lms().addLineItem(COURSE.id, item.lineItem);
    const learner = await learnerLaunch(clientId, `learner-${clientId}`, assignmentId, lineItem);
    const finishedBefore = clock.now();
    const testId = await attempt(learner, bank, assignmentId, 3);

    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    expect(lms().scores).toHaveLength(1);
    const [score] = lms().scores;
    expect(score!.lineItem).toBe(lineItem);
    expect(score!.authorized).toBe(true);
    expect(score!.contentType).toContain('application/vnd.ims.lis.v1.score+json');
    expect(score!.body).toMatchObject({
      userId: `learner-${clientId}`,
      scoreGiven: 75,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    expect(Date.parse(score!.body.timestamp as string)).toBeGreaterThanOrEqual(finishedBefore.getTime());
    const [kept] = await rows<{ posted_at: Date | null; last_error: string | null }>(
      sql`SELECT posted_at, last_error FROM lti_scores WHERE test_id = ${testId}`,
    );
    expect(kept!.posted_at).not.toBeNull();

    // Nothing posts it again: jobs run, the clock moves on.
    clock.advance(3_600_000);
    await t.runJobs();
    expect(lms().scores).toHaveLength(1);

    // A second attempt is a second score (the grade book keeps the latest).
    await attempt(learner, bank, assignmentId, 4);
    await t.runJobs();
    expect(lms().scores.map((s) => s.body.scoreGiven)).toEqual([75, 100]);

    // The admins see the placed test and how its scores went, under the course.
    const [platform] = (await admin.req({ url: `/api/v2/products/${bank.product.id}/lti/platforms` })).body;
    const courses = await admin.req({ url: `/api/v2/ltiPlatforms/${platform.uuid}/courses` });
    expect(courses.status, courses.text).toBe(200);
    const course = (courses.body as { contextId: string; placements: unknown[] }[]).find(
      (c) => c.contextId === COURSE.id,
    );
    expect(course!.placements).toEqual([
      {
        assignmentUuid: assignmentId,
        name: 'Week 1 quiz',
        lineItem: true,
        posted: 2,
        waiting: 0,
        failed: 0,
        lastError: null,
      },
    ]);
  });

  it('while the grade book is down the score waits and is tried again with back-off; a refusal is not retried', async () => {
    const { bank, clientId, assignmentId, item } = await placed();
    const lineItem = lms().addLineItem(COURSE.id, item.lineItem);
    const learner = await learnerLaunch(clientId, `down-${clientId}`, assignmentId, lineItem);
    lms().failScores = 503;
    const testId = await attempt(learner, bank, assignmentId, 2);
    await t.runJobs();
    expect(lms().scores).toHaveLength(0);
    const [waiting] = await rows<{ posted_at: Date | null; last_error: string | null }>(
      sql`SELECT posted_at, last_error FROM lti_scores WHERE test_id = ${testId}`,
    );
    expect(waiting!.posted_at).toBeNull();
    expect(waiting!.last_error).toContain('503');
    // Not due before its back-off; due after it.
    await t.runJobs();
    lms().failScores = null;
    clock.advance(6_000);
    await t.runJobs();
    expect(lms().scores).toHaveLength(1);
    expect(lms().scores[0]!.body.scoreGiven).toBe(50);

    // A refusal (400): recorded, never tried again.
    const other = await learnerLaunch(clientId, `refused-${clientId}`, assignmentId, lineItem);
    lms().failScores = 400;
    const refusedTest = await attempt(other, bank, assignmentId, 1);
    await t.runJobs();
    lms().failScores = null;
    clock.advance(3_600_000);
    await t.runJobs();
    expect(lms().scores).toHaveLength(1);
    const [refused] = await rows<{ posted_at: Date | null; last_error: string | null }>(
      sql`SELECT posted_at, last_error FROM lti_scores WHERE test_id = ${refusedTest}`,
    );
    expect(refused!.posted_at).toBeNull();
    expect(refused!.last_error).toContain('400');
  });

  it('without a line item from the platform the tool finds or makes one: 3 learners finishing at once make one column', async () => {
    const { bank, clientId, assignmentId } = await placed();
    const learners = await Promise.all(
      [1, 2, 3].map((n) => learnerLaunch(clientId, `col-${n}-${clientId}`, assignmentId, null)),
    );
    await Promise.all(learners.map((l, i) => attempt(l, bank, assignmentId, i + 1)));
    await t.runJobs();
    const made = lms().lineItems.filter((l) => l.byTool);
    expect(made).toHaveLength(1);
    expect(made[0]!.item).toMatchObject({
      resourceId: assignmentId,
      scoreMaximum: 100,
      label: 'Week 1 quiz',
    });
    expect(lms().scores.map((s) => s.lineItem)).toEqual([made[0]!.url, made[0]!.url, made[0]!.url]);
    expect(
      lms()
        .scores.map((s) => s.body.scoreGiven)
        .sort(),
    ).toEqual([25, 50, 75]);
  });

  it('a learner who is not in the placed course has nothing posted', async () => {
    const { bank, clientId, assignmentId, item } = await placed();
    lms().addLineItem(COURSE.id, item.lineItem);
    // A student of the bank, in the course's cohort by hand, with no person at the platform.
    const student = await signedIn(t, { product: bank.product.id, roles: { type: 'PREMIUM' } });
    const [cohort] = await rows<{ cohort_id: string }>(
      sql`SELECT cohort_id FROM lti_contexts WHERE context_id = ${COURSE.id} AND platform_id IN
        (SELECT id FROM lti_platforms WHERE client_id = ${clientId})`,
    );
    const admin = await signedIn(t, { product: bank.product.id, roles: { admin: true } });
    const added = await admin.req({
      method: 'POST',
      url: `/api/v2/cohorts/${cohort!.cohort_id}/members`,
      json: { userUuids: [student.user.id] },
    });
    expect(added.status, added.text).toBe(200);
    await attempt(student, bank, assignmentId, 2);
    await t.runJobs();
    expect(lms().scores).toHaveLength(0);
  });
});

describe('inside a course frame', () => {
  it('a framed launch opens the bank in a new window from a button posting the code', async () => {
    const { clientId } = await placedBank();
    const browser = t.client();
    const authUrl = await startLogin(browser, clientId);
    const token = await lms().idToken(authUrl, {
      claims: { aud: clientId, sub: `framed-${clientId}`, email: `framed-${clientId}@school.example.com` },
    });
    const res = await browser.req({
      method: 'POST',
      url: '/api/v2/lti/launch',
      form: { id_token: token, state: new URL(authUrl).searchParams.get('state')! },
      headers: { 'sec-fetch-dest': 'iframe' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.text).toContain('target="_blank"');
    expect(res.text).toContain(`action="${TOOL}/api/v2/lti/enter"`);
    const code = hiddenValue(res.text, 'code')!;
    // Never in an address: the code is posted, and works once.
    const window = t.client();
    const entered = await window.req({ method: 'POST', url: '/api/v2/lti/enter', form: { code } });
    expect(entered.status).toBe(303);
    expect(entered.headers.get('location')).toBe('/dashboard');
    expect(entered.headers.get('set-cookie')).toContain('HttpOnly');
    const again = await t.client().req({ method: 'POST', url: '/api/v2/lti/enter', form: { code } });
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('code');
  });

  it('without the cookie, the browser is proved by the platform’s storage, read back by the tool’s own page', async () => {
    const { clientId } = await placedBank();
    const browser = t.client();
    const login = await browser.req({
      url: `/api/v2/lti/login?${new URLSearchParams({
        iss: lms().issuer,
        login_hint: 'hint',
        target_link_uri: `${TOOL}/dashboard`,
        client_id: clientId,
        lti_storage_target: '_parent',
      })}`,
    });
    expect(login.status, login.text).toBe(200);
    const data = JSON.parse(
      /<script id="lti-storage" type="application\/json">(.*?)<\/script>/.exec(login.text)![1]!,
    );
    expect(data).toMatchObject({ put: true, target: '_parent', origin: new URL(lms().authLoginUrl).origin });
    const authUrl = data.next as string;
    const state = new URL(authUrl).searchParams.get('state')!;
    const token = await lms().idToken(authUrl, {
      claims: { aud: clientId, sub: `stored-${clientId}`, email: `stored-${clientId}@school.example.com` },
    });
    // The platform's frame posts the launch without the tool's cookie (a browser blocking third-party cookies).
    const frame = t.client();
    const first = await frame.req({
      method: 'POST',
      url: '/api/v2/lti/launch',
      form: { id_token: token, state },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.text).toContain('"put":false');
    expect(first.text).toContain(data.key);
    // A post of the secret from anywhere but the tool's own page proves nothing.
    const forged = await frame.req({
      method: 'POST',
      url: '/api/v2/lti/launch',
      form: { id_token: token, state, browser: data.value },
      headers: { origin: 'https://attacker.example.com' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.field).toBe('state');
    const wrong = await frame.req({
      method: 'POST',
      url: '/api/v2/lti/launch',
      form: { id_token: token, state, browser: 'x'.repeat(43) },
      headers: { origin: TOOL },
    });
    expect(wrong.status).toBe(400);
    // The tool's page, with the secret the platform kept: the launch goes through, behind the new-window button.
    const second = await frame.req({
      method: 'POST',
      url: '/api/v2/lti/launch',
      form: { id_token: token, state, browser: data.value },
      headers: { origin: TOOL },
    });
    expect(second.status, second.text).toBe(200);
    expect(second.text).toContain('target="_blank"');
    const entered = await t.client().req({
      method: 'POST',
      url: '/api/v2/lti/enter',
      form: { code: hiddenValue(second.text, 'code')! },
    });
    expect(entered.status).toBe(303);
  });

  it('a refusal inside the frame is a page in words; a call from code keeps the JSON error', async () => {
    const { clientId } = await placedBank();
    const browser = t.client();
    const authUrl = await startLogin(browser, clientId);
    const token = await lms().idToken(authUrl, {
      claims: { aud: clientId, sub: `x-${clientId}` },
      signWith: 'stranger',
    });
    const framed = await browser.req({
      method: 'POST',
      url: '/api/v2/lti/launch',
      form: { id_token: token, state: new URL(authUrl).searchParams.get('state')! },
      headers: { 'sec-fetch-dest': 'iframe' },
    });
    expect(framed.status).toBe(401);
    expect(framed.headers.get('content-type')).toContain('text/html');
    expect(framed.headers.get('x-frame-options')).toBeNull();
    expect(framed.text).toContain('QBank Cloud could not open');
    expect(framed.text).toContain('signature is wrong');
    const login = await t.client().req({
      url: `/api/v2/lti/login?${new URLSearchParams({ iss: 'https://unknown.example.com', login_hint: 'h', target_link_uri: `${TOOL}/dashboard` })}`,
    });
    expect(login.status).toBe(404);
    expect(login.body.field).toBe('iss');
  });

  it('inside the frame, an e-mail with an account here signs in to link it in a new window of the same browser', async () => {
    const { bank, clientId } = await placedBank();
    const existing = await signedIn(t, { product: bank.product.id, roles: { type: 'PREMIUM' } });
    const frame = t.client();
    const authUrl = await startLogin(frame, clientId);
    const token = await lms().idToken(authUrl, {
      claims: { aud: clientId, sub: `linking-${clientId}`, email: existing.user.email },
    });
    const res = await launch(frame, authUrl, token);
    expect(res.status).toBe(303);
    // The same launch again, framed: a new login.
    const authUrl2 = await startLogin(frame, clientId);
    const token2 = await lms().idToken(authUrl2, {
      claims: { aud: clientId, sub: `linking-${clientId}`, email: existing.user.email },
    });
    const framed = await frame.req({
      method: 'POST',
      url: '/api/v2/lti/launch',
      form: { id_token: token2, state: new URL(authUrl2).searchParams.get('state')! },
      headers: { 'sec-fetch-dest': 'iframe' },
    });
    expect(framed.status, framed.text).toBe(200);
    expect(framed.text).toContain('Sign in to link');
    expect(framed.text).toContain('target="_blank"');
    const code = hiddenValue(framed.text, 'code')!;
    const secret = hiddenValue(framed.text, 'browser')!;
    // A wrong secret opens nothing.
    const wrong = await t.client().req({
      method: 'POST',
      url: '/api/v2/lti/linkWindow',
      form: { code, browser: 'y'.repeat(43) },
    });
    expect(wrong.status).toBe(404);
    // The signed-in person's new window: it takes the browser's cookie and links.
    const opened = await existing.req({
      method: 'POST',
      url: '/api/v2/lti/linkWindow',
      form: { code, browser: secret },
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/lti/link/${code}`);
    const linked = await existing.req({ method: 'POST', url: `/api/v2/lti/links/${code}` });
    expect(linked.status, linked.text).toBe(200);
    const [identity] = await rows<{ user_id: string }>(
      sql`SELECT user_id FROM lti_identities WHERE subject = ${`linking-${clientId}`}`,
    );
    expect(identity!.user_id).toBe(existing.user.id);
  });
});
