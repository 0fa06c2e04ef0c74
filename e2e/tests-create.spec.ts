import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectScreenOk, like, signInAs, test } from './fixtures';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
/** The number in a checkbox's name, "Physiology (12)". */
const countIn = async (page: Page, name: RegExp) => {
  const text = await page
    .getByRole('checkbox', { name })
    .evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
  return Number(/\((\d+)\)\s*$/.exec(text)?.[1]);
};

/** Calls the API as the signed-in user of the page, with the session's CSRF token. */
async function api(page: Page) {
  const session = (await (await page.request.get('/api/v1/session')).json()) as { accessToken: string };
  const headers = { 'X-CSRF-Token': session.accessToken };
  return {
    headers,
    get: async <T>(path: string) => {
      const res = await page.request.get(path, { headers });
      expect(res.status(), path).toBe(200);
      return (await res.json()) as T;
    },
    patch: async (path: string, data: object = {}) => {
      const res = await page.request.patch(path, { headers, data });
      expect(res.status(), path).toBe(200);
      return res.json();
    },
  };
}

interface RunQuestion {
  uuid: string;
  answerChoices: Array<{ uuid: string }>;
}

test('a learner starts a timed test from one subject, capped by what it holds, and sees it in My Tests and on the dashboard', async ({
  page,
  newUser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, await newUser(like.learner));

  // A new learner's dashboard: nothing to chart yet, the way to a first test.
  await expect(page.getByRole('heading', { name: 'Take your first test' })).toBeVisible();
  await expectScreenOk(page);

  // My Tests is empty and leads to Start Test.
  await sidebar(page).getByRole('link', { name: 'My Tests' }).click();
  await expect(page.getByRole('heading', { name: 'No tests yet' })).toBeVisible();
  await expect(page).toHaveTitle(/My Tests$/);
  await expectScreenOk(page);
  await page.getByRole('link', { name: 'Start your first test' }).click();

  // Start Test: every subject with the questions it holds, summing to the whole bank.
  await expect(page).toHaveURL(/\/tests\/create$/);
  await expect(page).toHaveTitle(/Start Test$/);
  const physiology = /^Physiology \(\d+\)$/;
  await expect(page.getByRole('checkbox', { name: physiology })).toBeEnabled();
  const subjects = ['Physiology', 'Pharmacology', 'Pathology', 'Microbiology'];
  const perSubject = await Promise.all(subjects.map((s) => countIn(page, new RegExp(`^${s} \\(\\d+\\)$`))));
  expect(perSubject.every((n) => n > 0)).toBe(true);
  expect(await countIn(page, /^Select all \(\d+\)$/)).toBe(perSubject.reduce((a, b) => a + b, 0));
  await expectScreenOk(page);

  // Pools: Unused clears All; All clears Unused again; Unused it is (all unused for a new learner).
  const all = page.getByRole('checkbox', { name: 'All questions' });
  const unused = page.getByRole('checkbox', { name: 'Unused' });
  await expect(all).toBeChecked();
  await unused.check();
  await expect(all).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Flagged' }).check();
  await expect(unused).toBeChecked();
  // Flagged holds nothing yet, so the count stays what Unused holds.
  await page.getByRole('checkbox', { name: 'Flagged' }).uncheck();

  // One subject; more questions than it holds are capped, and the page says so.
  const inPhysiology = perSubject[0]!;
  await page.getByRole('checkbox', { name: physiology }).check();
  await expect(page.getByRole('checkbox', { name: /^Renal \(\d+\)$/ })).toBeChecked();
  const number = page.getByRole('textbox', { name: 'Number of questions' });
  await number.fill('100');
  await number.press('Tab');
  await expect(number).toHaveValue(String(inPhysiology));
  await expect(
    page.getByText(`Only ${inPhysiology} questions are available for your choices.`),
  ).toBeVisible();

  // Timed, 60 s a question: the total time follows.
  await page.getByRole('radio', { name: 'Timed' }).check();
  const seconds = page.getByRole('textbox', { name: 'Seconds per question' });
  await expect(seconds).toHaveValue('90');
  await seconds.fill('60');
  await expect(page.getByText(`Total time: ${inPhysiology} min`)).toBeVisible();
  const name = `Physiology drill ${randomBytes(3).toString('hex')}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await expectScreenOk(page);
  // The exam screen starts (resumes) the test as it opens: the pause below must come after that.
  const started = page.waitForResponse(
    (r) => /\/api\/v2\/tests\/[0-9a-f-]{36}\/start$/.test(r.url()) && r.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page).toHaveURL(/\/tests\/[0-9a-f-]{36}\/run$/);
  const testId = /\/tests\/([0-9a-f-]{36})\/run$/.exec(page.url())![1]!;
  await started;

  // Suspended (through the API: the run screen is another page's), it waits in My Tests to be resumed.
  const calls = await api(page);
  await calls.patch(`/api/v2/tests/${testId}/pause`);
  await page.goto('/tests');
  const open = page.getByRole('row').filter({ hasText: name });
  await expect(open).toContainText('Suspended');
  await expect(open.getByRole('cell', { name: '—' })).toBeVisible();
  await expect(open.getByRole('link', { name: `Resume ${name}` })).toHaveAttribute(
    'href',
    `/tests/${testId}/run`,
  );
  await expectScreenOk(page);

  // Start Test offers to resume it rather than start a second test.
  await sidebar(page).getByRole('link', { name: 'Start Test' }).click();
  await expect(page.getByRole('heading', { name: 'You have a test in progress' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Resume' })).toHaveAttribute('href', `/tests/${testId}/run`);
  await expectScreenOk(page);

  // Resumed, every question answered with its first choice, and ended.
  await calls.patch(`/api/v2/tests/${testId}/start`);
  const run = await calls.get<{ numQuestions: number; questions: RunQuestion[] }>(
    `/api/v2/tests/${testId}/questions`,
  );
  expect(run.numQuestions).toBe(inPhysiology);
  for (const q of run.questions)
    await calls.patch(`/api/v2/tests/${testId}/questions/${q.uuid}/answer`, {
      choice: q.answerChoices[0]!.uuid,
    });
  await calls.patch(`/api/v2/tests/${testId}/finalize`);

  // My Tests: its score and the way to its review.
  await page.goto('/tests');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Timed');
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(/\d+%/);
  await expect(row.getByRole('link', { name: `Review ${name}` })).toHaveAttribute(
    'href',
    `/tests/${testId}/review`,
  );
  await expectScreenOk(page);

  // The dashboard: questions used, percent correct beside all learners, the test among the recent ones.
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText(new RegExp(`^${inPhysiology} of \\d+ used$`))).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'You' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'All learners' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Performance by subject' })).toContainText('Physiology');
  await expect(page.getByRole('link', { name: `Review ${name}` })).toBeVisible();
  await expectScreenOk(page);
});

test('a learner on the free sample is told so and shown the upgrade; a test opened elsewhere meanwhile is refused', async ({
  page,
  newUser,
}) => {
  await signInAs(
    page,
    await newUser({ label: 'basic', qbanks: { 'USMLE Step 1 Mastery': { plan: 'Free sample' } } }),
  );
  await sidebar(page).getByRole('link', { name: 'Start Test' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Free sample' });
  await expect(notice).toContainText(
    'Your free plan draws tests only from the free sample of USMLE Step 1 Mastery.',
  );
  await expect(notice.getByRole('link', { name: 'See the plans for USMLE Step 1 Mastery' })).toHaveAttribute(
    'href',
    /^\/store\/products\/[0-9a-f-]{36}$/,
  );
  // The sample is a part of the bank: fewer than the 50 demo questions.
  const sample = await countIn(page, /^Select all \(\d+\)$/);
  expect(sample).toBeGreaterThan(0);
  expect(sample).toBeLessThan(50);
  await expectScreenOk(page);

  // A test opened elsewhere meanwhile (another tab): this page's submit is refused and says why (SPEC §8).
  const productUuid = /[0-9a-f-]{36}$/.exec((await notice.getByRole('link').getAttribute('href')) ?? '')![0];
  const calls = await api(page);
  const available = await calls.get<{ subcategories: Array<{ uuid: string }> }>(
    `/api/v2/tests/products/${productUuid}/available?pools=ALL`,
  );
  const elsewhere = await page.request.post('/api/v2/tests', {
    headers: calls.headers,
    data: {
      uuid: randomUUID(),
      productUuid,
      mode: 'TUTOR',
      pools: ['ALL'],
      subcategoryUuids: [available.subcategories[0]!.uuid],
      numQuestions: 1,
    },
  });
  expect(elsewhere.status()).toBe(201);
  await page.getByRole('checkbox', { name: /^Select all/ }).check();
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page).toHaveURL(/\/error\?msgId=startTestFailed$/);
  await expect(
    page.getByText('Failed to start test. Try reloading and see if you have another test in progress.'),
  ).toBeVisible();
});
