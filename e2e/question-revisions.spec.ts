import type { APIRequestContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import * as schema from '../apps/server/src/db/schema';
import { expect, expectAccessible, expectScreenOk, like, signInAs, type TestUser, test } from './fixtures';

// A revision of a published question (decision 0028): its writer revises it while learners keep the published
// version; the auditor publishes the revision (learners then get it), and may discard a later one.

const status = (page: Page) => page.locator('main h1 + .mantine-Badge-root');

/** An API session of `user` of its own (a cookie jar apart from the page's), with its CSRF token. */
async function apiAs(request: APIRequestContext, user: TestUser) {
  const login = await request.post('/login', { form: { username: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { request, headers: { 'X-CSRF-Token': accessToken } };
}

test('a revision of a published question: learners keep the published version until it is published', async ({
  page,
  newUser,
  db,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const [writer, auditor, learner] = await Promise.all([
    newUser(like.writer),
    newUser(like.auditor),
    newUser(like.learner),
  ]);
  const [product] = await db
    .select({ id: schema.products.id })
    .from(schema.products)
    .where(eq(schema.products.name, 'USMLE Step 1 Mastery'));
  const [sub] = await db
    .select({ id: schema.subcategories.id })
    .from(schema.subcategories)
    .innerJoin(schema.categories, eq(schema.categories.id, schema.subcategories.categoryId))
    .innerJoin(schema.subjects, eq(schema.subjects.id, schema.categories.subjectId))
    .where(eq(schema.subjects.productId, product!.id))
    .limit(1);

  // Written and published through the API: the screens under test are the revision's.
  const name = `Revised question ${crypto.randomUUID().slice(0, 8)}`;
  const id = crypto.randomUUID();
  const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
  const question = {
    uuid: id,
    productUuid: product!.id,
    subcategoryUuid: sub!.id,
    name,
    questionStem: '<p>Which valve does rheumatic fever damage first?</p>',
    explanation: '<p>The mitral valve.</p>',
    answerChoices: [
      { uuid: a, text: 'Mitral' },
      { uuid: b, text: 'Aortic' },
    ],
    correctAnswerChoice: a,
  };
  const contexts = await Promise.all(
    [writer, auditor, learner].map(() => playwright.request.newContext({ baseURL })),
  );
  try {
    const [w, au, le] = await Promise.all([writer, auditor, learner].map((u, i) => apiAs(contexts[i]!, u)));
    const created = await w!.request.post('/api/v2/questions', {
      headers: w!.headers,
      data: { ...question, status: 'SUBMITTED' },
    });
    expect(created.status()).toBe(200);
    const published = await au!.request.put(`/api/v2/questions/${id}`, {
      headers: au!.headers,
      data: { ...question, status: 'PUBLISHED' },
    });
    expect(published.status()).toBe(200);
    const learnerReads = async () =>
      (await (await le!.request.get(`/api/v2/questions/${id}`)).json()) as {
        version: number;
        questionStem: string;
      };

    // The writer, at 1280×800: the published question says it can be revised, and the editor opens.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, writer);
    await page.goto(`/questions/${id}`);
    await expect(status(page)).toHaveText('Published');
    await expect(page.getByText('Its writer or an auditor can revise it')).toBeVisible();
    await page.getByRole('link', { name: 'Revise' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit question' })).toBeVisible();
    const starts = page.getByRole('note').filter({ hasText: 'Saving starts a revision' });
    await expect(starts).toContainText('Learners see this published version (v2).');
    await expectScreenOk(page);
    const stem = page.getByRole('textbox', { name: 'Stem' });
    await stem.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' Name the lesion.');
    await page.getByRole('button', { name: 'Submit the revision for review' }).click();

    // The revision waits for an auditor; the page says learners keep version 2.
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(status(page)).toHaveText('Submitted');
    const notice = page.getByRole('note').filter({ hasText: 'A revision of a published question' });
    await expect(notice).toContainText(
      'Learners see the published version (v2) until this revision is published.',
    );
    await expect(page.getByText('Waiting for an auditor to review it')).toBeVisible();
    const versions = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
    await expect(versions.first()).toContainText('Revision started (Submitted)');
    await expect(versions.nth(1)).toContainText('Version 2');
    await expect(versions.nth(1)).toContainText('(learners see this one)');
    // Submitted, it is the auditor's to act on: the writer cannot discard it.
    await expect(notice.getByRole('button', { name: 'Discard the revision' })).toHaveCount(0);
    await expectScreenOk(page);
    expect(await learnerReads()).toMatchObject({ version: 2, questionStem: question.questionStem });
    // My Questions lists it under Submitted, saying learners still see version 2.
    await page.goto('/questions');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Submitted');
    await expect(row).toContainText('Revision; learners see v2');
    await expectScreenOk(page);

    // The auditor, at 375 px: Publish asks first and says what it replaces.
    await page.context().clearCookies();
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, auditor);
    await page.goto(`/questions/${id}`);
    await expect(status(page)).toHaveText('Submitted');
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish this revision?' });
    await expect(publish).toContainText('instead of version 2');
    await expectAccessible(page);
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(status(page)).toHaveText('Published');
    await expect(notice).toHaveCount(0);
    const now = await learnerReads();
    expect(now.version).toBe(4);
    expect(now.questionStem).toContain('Name the lesion.');

    // The auditor starts a revision and thinks better of it: Discard goes back to what learners have.
    await page.getByRole('link', { name: 'Revise' }).click();
    await page.getByLabel('Name').fill(`${name} (reworded)`);
    await page.getByRole('button', { name: 'Submit the revision for review' }).click();
    await expect(status(page)).toHaveText('Submitted');
    await expect(notice).toContainText('Learners see the published version (v4)');
    await notice.getByRole('button', { name: 'Discard the revision' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard this revision?' });
    await expect(discard).toContainText('goes back to version 4');
    await expectAccessible(page);
    await discard.getByRole('button', { name: 'Discard the revision' }).click();
    await expect(
      page.getByText('Revision discarded. This is now version 6, as learners see it.'),
    ).toBeVisible();
    await expect(status(page)).toHaveText('Published');
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    await expectScreenOk(page);
    expect((await learnerReads()).questionStem).toContain('Name the lesion.');
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
});
