import { expect, expectScreenOk, like, signInAs, test } from './fixtures';

/** Issue 8: Account Settings names staff roles, lets the name be changed, and long names fit a phone. */

test('a staff subscription is named by its roles on the dashboard and in Account Settings', async ({
  page,
  newUser,
}) => {
  await signInAs(
    page,
    await newUser({
      label: 'staff',
      qbanks: { 'USMLE Step 1 Mastery': 'writer', 'NCLEX-RN Review': ['auditor', 'instructor'] },
    }),
  );
  const usmle = page.getByRole('article', { name: 'USMLE Step 1 Mastery' });
  await expect(usmle).toContainText('Question writer');
  await expect(page.locator('main').getByText('Question auditor, Instructor')).toBeVisible();
  await expect(page.locator('main').getByText('Admin Access')).toHaveCount(0);

  await page.goto('/account');
  await expect(page.getByRole('row').filter({ hasText: 'USMLE Step 1 Mastery' })).toContainText(
    'Question writer',
  );
  await expect(page.getByRole('row').filter({ hasText: 'NCLEX-RN Review' })).toContainText(
    'Question auditor, Instructor',
  );
  await expect(page.getByText('Admin Access')).toHaveCount(0);
});

test('the name is changed in Account Settings: checked like the server, saved, shown at once', async ({
  page,
  newUser,
}) => {
  await signInAs(page, await newUser({ ...like.learner, label: 'rename' }));
  await page.goto('/account');
  const first = page.getByLabel('First name');
  const last = page.getByLabel('Last name');
  await expect(first).toHaveValue('Lena');
  await expect(last).toHaveValue('Learner');

  // Invisible characters only: refused under the field by the contract's own rule, nothing sent.
  await first.fill('\u200b\u200b');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expectScreenOk(page);

  await first.fill('  Magdalena ');
  await last.fill('Lerner-Ng');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your name was saved.' })).toBeVisible();
  await expect(first).toHaveValue('Magdalena');
  await expectScreenOk(page);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Magdalena');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Magdalena');
  await page.goto('/account');
  await expect(page.getByLabel('Last name')).toHaveValue('Lerner-Ng');
});

test('a 100-character unbroken name fits 375 px on the dashboard and in Account Settings', async ({
  page,
  newUser,
}) => {
  const long = 'W'.repeat(100);
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(
    page,
    await newUser({ ...like.learner, label: 'longname', firstName: long, lastName: long }),
  );
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(long);
  expect(await scrollWidth()).toBeLessThanOrEqual(375);
  await expectScreenOk(page);

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(375);
  await page.keyboard.press('Escape');

  await page.goto('/account');
  await expect(page.getByLabel('First name')).toHaveValue(long);
  expect(await scrollWidth()).toBeLessThanOrEqual(375);
  await expectScreenOk(page);
});
