import type { Page } from '@playwright/test';
import { expect, expectScreenOk, signInAs, type TestUser, test, type UserSpec } from './fixtures';

/**
 * A learner who has bought NCLEX-RN Review's one-time 3-month plan ($79.99), signed in. The purchase itself
 * is checkout.spec.ts's subject; here it is made with the user, so the test starts in Account Settings.
 */
async function boughtThreeMonths(page: Page, newUser: (spec: UserSpec) => Promise<TestUser>) {
  // The store sells the 3-month plan as a one-time purchase whose auto-renew is turned on later.
  await page.goto('/store');
  await page.getByRole('link', { name: 'NCLEX-RN Review', exact: true }).click();
  const quarter = page.getByRole('radio').filter({ hasText: '3 months' });
  await expect(quarter).toContainText('One-time purchase. Option to enable auto-renew in Account Settings.');
  await signInAs(
    page,
    await newUser({ label: 'buyer', qbanks: { 'NCLEX-RN Review': { plan: '3 months' } } }),
  );
}

test('a one-time purchase: turn on auto-renew in Account Settings, first charged when the paid access ends', async ({
  page,
  newUser,
}) => {
  await boughtThreeMonths(page, newUser);

  await page.goto('/account');
  const row = page.getByRole('row').filter({ hasText: 'NCLEX-RN Review' });
  await expect(row).toContainText('3 months: $79.99 for 3 months');
  const ends = (await row.textContent())!.match(/Ends on (\w+ \d{1,2}, \d{4})/)![1]!;
  await row.getByRole('button', { name: 'Turn on auto-renew' }).click();

  // The provider's checkout: nothing is charged today, the first payment falls when the paid access ends.
  await expect(page).toHaveURL(/\/checkout\/local\/cs_local_/);
  await expect(page.getByText('$79.99 every 3 months')).toBeVisible();
  await expect(
    page.getByText(`Nothing is charged today: your access is paid until ${ends}.`, { exact: false }),
  ).toBeVisible();
  await expectScreenOk(page);
  await page.getByRole('button', { name: 'Start subscription' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  await page.goto('/account');
  await expect(row).toContainText('3 months: $79.99 every 3 months');
  await expect(row).toContainText(`Renews on ${ends}`);
  await expect(row.getByRole('button', { name: 'Cancel auto-renew' })).toBeVisible();
});

test('leaving the provider checkout changes nothing and comes back to Account Settings', async ({
  page,
  newUser,
}) => {
  await boughtThreeMonths(page, newUser);
  await page.goto('/account');
  const row = page.getByRole('row').filter({ hasText: 'NCLEX-RN Review' });
  await row.getByRole('button', { name: 'Turn on auto-renew' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(row).toContainText('3 months: $79.99 for 3 months');
  await expect(row).toContainText(/Ends on /);
});
