import type { Page } from '@playwright/test';
import { expect, expectScreenOk, registerUser, signIn, test } from './fixtures';

const header = (page: Page) => page.getByRole('banner');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
const sidebarLinks = (page: Page) => sidebar(page).getByRole('link');

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

test.describe('signed-in shell', () => {
  test('change the active product: header, sidebar, title prefix follow it and it is remembered', async ({
    page,
  }) => {
    // The demo admin runs two QBanks: NCLEX-RN Review (with its own domain and colours) and USMLE.
    await signIn(page, 'admin@example.com', 'admin-demo-1');
    await expect(header(page).getByText('NCLEX-RN Review', { exact: true })).toBeVisible();
    await expect(header(page)).toHaveCSS('background-color', 'rgb(11, 79, 108)');
    // SPEC §2: the page title prefix is the product's domain name.
    await expect(page).toHaveTitle('nclex.qbankcloud.com | Dashboard');
    await expect(sidebarLinks(page)).toHaveText(['My Questions', 'Students', 'Admin']);
    await expectScreenOk(page);

    await openUserMenu(page);
    const menu = page.getByRole('menu');
    await expect(menu.getByText('admin@example.com · NCLEX-RN Review')).toBeVisible();
    await expect(menu.getByText('Change active product')).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'USMLE Step 1 Mastery',
      'Visit Store',
      'Account Settings',
      'Logout',
    ]);
    await expectScreenOk(page);

    // Changing the product from another page goes to /dashboard.
    await page.keyboard.press('Escape');
    await sidebar(page).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page).toHaveTitle(/^nclex\.qbankcloud\.com/);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'USMLE Step 1 Mastery' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(header(page).getByText('USMLE Step 1 Mastery', { exact: true })).toBeVisible();
    // USMLE has no domain of its own: the platform's is the prefix.
    await expect(page).toHaveTitle('qbankcloud.com | Dashboard');
    await expect(sidebarLinks(page)).toHaveText([
      'My Questions',
      'Students',
      'Test Bank',
      'Test Builder',
      'Admin',
    ]);
    await expectScreenOk(page);

    await page.reload(); // the server remembers the last used product
    await expect(header(page).getByText('USMLE Step 1 Mastery', { exact: true })).toBeVisible();
    await openUserMenu(page);
    await expect(page.getByRole('menu').getByRole('menuitem').first()).toHaveText('NCLEX-RN Review');
    await page.getByRole('menuitem', { name: 'NCLEX-RN Review' }).click();
    await expect(header(page).getByText('NCLEX-RN Review', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('nclex.qbankcloud.com | Dashboard');

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page).toHaveTitle('nclex.qbankcloud.com | Account Settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await expectScreenOk(page);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Visit Store' }).click();
    await expect(page).toHaveURL(/\/store$/);
    const nclex = page.getByRole('article').filter({ hasText: 'NCLEX-RN Review' });
    await expect(nclex.getByText('Admin Access')).toBeVisible(); // PRIVILEGED
    await expect(nclex.getByRole('button', { name: 'Open QBank' })).toBeVisible();
    await expectScreenOk(page);
    // Open QBank on a product page makes that QBank the active one.
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery', exact: true }).click();
    await page.getByRole('button', { name: 'Open QBank' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(header(page).getByText('USMLE Step 1 Mastery', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('qbankcloud.com | Dashboard');

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(/^qbankcloud\.com/);
  });

  test('one subscription: no product switch; a student sees Dashboard, Start Test and My Tests', async ({
    page,
  }) => {
    await signIn(page, 'learner@example.com', 'learner-demo-1');
    await expect(sidebarLinks(page)).toHaveText(['Dashboard', 'Start Test', 'My Tests']);
    await expect(page).toHaveTitle('qbankcloud.com | Dashboard');
    await openUserMenu(page);
    await expect(page.getByRole('menu').getByText('Change active product')).toHaveCount(0);
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Visit Store',
      'Account Settings',
      'Logout',
    ]);
    await page.keyboard.press('Escape');
    await sidebar(page).getByRole('link', { name: 'My Tests' }).click();
    await expect(page).toHaveURL(/\/tests$/);
    await expectScreenOk(page);
  });

  test('on a phone the sidebar opens from the hamburger and closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, 'learner@example.com', 'learner-demo-1');
    await expect(page.locator('nav.mantine-AppShell-navbar')).not.toBeInViewport();
    await expect(sidebar(page)).toBeHidden(); // out of the tab order too
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar(page)).toBeVisible();
    await expectScreenOk(page);
    await sidebar(page).getByRole('link', { name: 'Start Test' }).click();
    await expect(page).toHaveURL(/\/tests\/create$/);
    await expect(sidebar(page)).toBeHidden();
  });
});

test.describe('Account Settings subscriptions', () => {
  test('a renewing purchase: cancel auto-renew, then turn it on again', async ({ page, request }) => {
    const user = await registerUser(request);
    await signIn(page, user.email, user.password);
    await page.goto('/store');
    await page.getByRole('link', { name: 'NCLEX-RN Review', exact: true }).click();
    const yearly = page.getByRole('radio').filter({ hasText: '1 year' });
    await expect(yearly).toHaveAttribute('aria-checked', 'true'); // $149, the most expensive
    await expect(yearly).toContainText('$149 every year');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('button', { name: 'Pay $149' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(page).toHaveTitle('nclex.qbankcloud.com | Dashboard');

    // PREMIUM on the store card: the bought plan with a check mark.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Visit Store' }).click();
    const card = page.getByRole('article').filter({ hasText: 'NCLEX-RN Review' });
    await expect(card.getByRole('img', { name: 'Subscribed' })).toBeVisible();
    await expect(card.getByText('1 year: $149 every year')).toBeVisible();
    await expect(card.getByText('3 months: $79.99 for 3 months')).toHaveCount(0);
    await card.getByRole('button', { name: 'Open QBank' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    const row = page.getByRole('row').filter({ hasText: 'NCLEX-RN Review' });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('1 year: $149 every year');
    await expect(row).toContainText(/Renews on \w+ \d{1,2}, \d{4}/);
    await expectScreenOk(page);

    await row.getByRole('button', { name: 'Cancel auto-renew' }).click();
    await expect(row).toContainText(/Ends on \w+ \d{1,2}, \d{4}/);
    await expect(row).toContainText('Active'); // access lasts until the period ends
    await expect(row.getByRole('button', { name: 'Cancel auto-renew' })).toHaveCount(0);
    await page.reload();
    await expect(row).toContainText(/Ends on /);

    await row.getByRole('button', { name: 'Turn on auto-renew' }).click();
    await expect(row).toContainText(/Renews on /);
    await expect(row.getByRole('button', { name: 'Cancel auto-renew' })).toBeVisible();
    // The provider's confirming events do not undo the change.
    await page.waitForTimeout(1500);
    await page.reload();
    await expect(row).toContainText(/Renews on /);
    await expectScreenOk(page);
  });

  test('a free subscription: cancel makes it inactive, reactivate brings it back', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    await signIn(page, user.email, user.password);
    await page.goto('/store');
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery', exact: true }).click();
    await page.getByRole('radio').filter({ hasText: 'Free sample' }).click();
    await page.getByRole('button', { name: 'Start Free Subscription' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/account');
    const row = page.getByRole('row').filter({ hasText: 'USMLE Step 1 Mastery' });
    await expect(row).toContainText('Free sample: Free for unlimited access');
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(row).toContainText('Inactive');
    await expectScreenOk(page);
    await row.getByRole('button', { name: 'Reactivate' }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  });
});
