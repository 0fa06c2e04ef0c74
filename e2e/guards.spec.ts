import type { Page } from '@playwright/test';
import { expect, expectScreenOk, like, signInAs, test } from './fixtures';

const NO_ACCESS = "You don't have access to this page";
const noAccess = (page: Page) => page.getByRole('heading', { level: 1, name: NO_ACCESS });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

/** The staff pages and their sidebar links (SPEC §2); a student's sidebar shows none of them (SPEC §6). */
const staffPages = [
  { path: '/questions', title: 'My Questions' },
  { path: '/roster', title: 'Students' },
  { path: '/test-templates', title: 'Test Bank' },
  { path: '/test-builder/new', title: 'Test Builder' },
  { path: '/admin', title: 'Admin' },
  { path: '/superuser', title: 'Super' },
];

test.describe('pages guarded by role (SPEC §6)', () => {
  test('a student typing a staff address gets the no-access screen, with a way to the dashboard', async ({
    page,
    newUser,
  }) => {
    const learner = await newUser(like.learner);
    await signInAs(page, learner);
    await page.goto('/admin');
    await expect(noAccess(page)).toBeVisible();
    await expect(
      page.getByText('The Admin page is not part of your role in USMLE Step 1 Mastery.'),
    ).toBeVisible();
    await expect(page.getByText('Coming soon')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toHaveCount(0);
    // Still in the shell: header, and the student's own sidebar.
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(sidebar(page).getByRole('link')).toHaveText(['Dashboard', 'Start Test', 'My Tests']);
    await expectScreenOk(page);

    for (const { path, title } of staffPages) {
      await page.goto(path);
      await expect(noAccess(page), path).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toHaveCount(0);
    }
    await expect(page.getByText('The Super page is for platform superusers only.')).toBeVisible();

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${learner.firstName}` }),
    ).toBeVisible();
  });

  test('the product admin opens Admin; Super stays closed to a non-superuser', async ({ page, newUser }) => {
    await signInAs(page, await newUser(like.admin));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit the subject tree' })).toBeVisible();
    await expect(noAccess(page)).toHaveCount(0);
    await page.goto('/questions');
    await expect(page.getByRole('heading', { level: 1, name: 'My Questions' })).toBeVisible();
    await expect(noAccess(page)).toHaveCount(0);
    await page.goto('/superuser');
    await expect(noAccess(page)).toBeVisible();
    await expectScreenOk(page);
  });

  test('the superuser opens Super', async ({ page, newUser }) => {
    await signInAs(page, await newUser(like.superuser));
    await expect(sidebar(page).getByRole('link', { name: 'Super' })).toBeVisible();
    await page.goto('/superuser');
    await expect(page.getByRole('heading', { level: 1, name: 'Super', exact: true })).toBeVisible();
    await expect(noAccess(page)).toHaveCount(0);
  });
});
