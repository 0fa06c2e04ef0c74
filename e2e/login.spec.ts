import { expect, expectAccessible, expectNoHorizontalOverflow, test } from './fixtures';

test('wrong password shows the SPEC message; the right one signs in; logout signs out', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/resetPassword',
  );
  await page.getByLabel('Email').fill('learner@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username or password incorrect, please try again');

  // show/hide toggle
  await page.getByRole('button', { name: 'Show or hide password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Password', { exact: true }).fill('learner-demo-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Lena' })).toBeVisible();

  await page.reload(); // the session survives a reload (cookie + /api/v1/session)
  await expect(page.getByRole('heading', { name: 'Welcome, Lena' })).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a network failure shows the connection message', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/login', (r) => (r.request().method() === 'POST' ? r.abort('failed') : r.continue()));
  await page.getByLabel('Email').fill('learner@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to connect to server, please try again');
});

test('the login screen fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login');
  await expectNoHorizontalOverflow(page);
});
