import { buildBank } from '../apps/server/src/test/bank-factory';
import { buildPlan } from '../apps/server/src/test/factories';
import { createTestThroughApi, expect, expectScreenOk, signInAs, test } from './fixtures';

test('a free-plan learner who used up the free sample is told what the paid plan adds', async ({
  page,
  newUser,
  db,
}) => {
  // A bank of 4 questions, 2 of them the free sample, with a free plan and a paid one.
  const bank = await buildBank(db, { subcategories: 2, perSubcategory: 2, freeEvery: 2 });
  await buildPlan(db, bank.product.id, {
    planName: 'Free sample',
    priceCents: 0,
    frequencyType: 'INDEFINITE',
    stripePriceId: null,
  });
  await buildPlan(db, bank.product.id);
  const name = bank.product.name;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, await newUser({ qbanks: { [name]: { plan: 'Free sample' } } }));
  const prompt = page.getByRole('region', { name: 'You have used the free sample' });

  // Sample not used yet: Start Test says the free plan draws from the sample; no prompt anywhere.
  await page.goto('/tests/create');
  await expect(
    page.getByText(`Your free plan draws tests only from the free sample of ${name}.`),
  ).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByText('Free access')).toBeVisible();
  await expect(prompt).toHaveCount(0);

  // A test of both free questions, ended: the sample is used up.
  const created = await createTestThroughApi(page, db, { qbank: name, mode: 'TUTOR', numQuestions: 2 });
  expect(created.numQuestions).toBe(2);
  const session = (await (await page.request.get('/api/v1/session')).json()) as { accessToken: string };
  const ended = await page.request.patch(`/api/v2/tests/${created.uuid}/finalize`, {
    headers: { 'X-CSRF-Token': session.accessToken },
    data: {},
  });
  expect(ended.status()).toBe(200);

  // The dashboard and Start Test name what the paid plan adds: all 4 questions of the bank.
  await page.goto('/dashboard');
  await expect(prompt).toContainText(`You have seen every question of the free sample of ${name}.`);
  await expect(prompt).toContainText('A paid plan opens all 4 questions of the bank');
  await expectScreenOk(page);
  await page.goto('/tests/create');
  await expect(prompt).toContainText('A paid plan opens all 4 questions of the bank');
  await expect(page.getByText('Your free plan draws tests only from the free sample')).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 700 });
  await expectScreenOk(page);

  // Its link is the usual upgrade: the bank's page in the store, with Buy Now.
  await prompt.getByRole('link', { name: `Upgrade ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/store/products/${bank.product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
});
