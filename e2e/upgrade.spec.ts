import { expect, expectScreenOk, signInAs, test } from './fixtures';

// The store's most valuable path: a learner on the free plan buys the paid one.
test('a free member upgrades from the store card: the paid plan preselected, Buy Now, pay, PREMIUM', async ({
  page,
  newUser,
}) => {
  await signInAs(page, await newUser({ qbanks: { 'USMLE Step 1 Mastery': { plan: 'Free sample' } } }));

  await page.goto('/store');
  await expect(page).toHaveTitle(/\| Store$/);
  const card = page.getByRole('article').filter({ hasText: 'USMLE Step 1 Mastery' });
  await expect(card.getByText('Your subscription')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Open QBank' })).toBeVisible();
  await expectScreenOk(page);
  await card.getByRole('link', { name: 'Upgrade USMLE Step 1 Mastery' }).click();

  // The product page opens on the paid plan the card offered, and its button sells it.
  await expect(page).toHaveURL(/\/store\/products\/[^?]+\?priceId=price_local_demo_1_2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' })).toBeVisible();
  await expect(page).toHaveTitle(/\| USMLE Step 1 Mastery$/);
  await expect(page.getByRole('radio', { name: /1 month/ })).toBeChecked();
  await expectScreenOk(page);

  // The free plan chosen: the member already has it, so the button opens the QBank.
  await page.getByRole('radio', { name: /Free sample/ }).click();
  await expect(page.getByRole('button', { name: 'Open QBank' })).toBeVisible();
  // A paid plan chosen again: Buy Now, through the checkout.
  await page.getByRole('radio', { name: /6 months/ }).click();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/local\/cs_local_/);
  await page.getByRole('button', { name: 'Pay $199' }).click();

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'subscription is now active!' })).toContainText(
    'Your USMLE Step 1 Mastery QBank subscription is now active!',
  );

  // PREMIUM now: the card shows the plan bought with a check mark and offers no upgrade.
  await page.goto('/store');
  const upgraded = page.getByRole('article').filter({ hasText: 'USMLE Step 1 Mastery' });
  await expect(upgraded.getByRole('img', { name: 'Subscribed' })).toBeVisible();
  await expect(upgraded.getByText('6 months: $199 for 6 months')).toBeVisible();
  await expect(upgraded.getByRole('link', { name: /Upgrade/ })).toHaveCount(0);
});

test('Account Settings offers the upgrade of a free subscription', async ({ page, newUser }) => {
  await signInAs(page, await newUser({ qbanks: { 'USMLE Step 1 Mastery': { plan: 'Free sample' } } }));
  await page.goto('/account');
  const row = page.getByRole('row').filter({ hasText: 'USMLE Step 1 Mastery' });
  await expect(row).toContainText('Free sample: Free for unlimited access');
  await row.getByRole('link', { name: 'Upgrade USMLE Step 1 Mastery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /6 months/ })).toBeChecked(); // the most expensive plan
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
});
