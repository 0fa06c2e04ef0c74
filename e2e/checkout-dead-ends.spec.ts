import type { Page } from '@playwright/test';
import { expect, expectScreenOk, signInAs, test } from './fixtures';

const PRODUCT = 'CPA Audit & Attestation';

/** Opens the product's page from the store and starts its checkout; answers the checkout's URL. */
async function startCheckout(page: Page): Promise<string> {
  await page.goto('/store');
  await page.getByRole('link', { name: PRODUCT, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/local\/cs_local_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  return page.url();
}

test('back on a paid checkout: it says so and opens the QBank', async ({ page, newUser }) => {
  await signInAs(page, await newUser());
  const checkout = await startCheckout(page);
  await page.getByRole('button', { name: 'Pay $125' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  await page.goto(checkout);
  await expect(page.getByRole('status').filter({ hasText: 'This checkout is already paid.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $125' })).toHaveCount(0);
  await expectScreenOk(page);
  await page.getByRole('link', { name: 'Open the QBank' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your QBanks' })).toBeVisible();

  // The success page of a payment already granted goes on to the dashboard too.
  await page.goto(`/checkout/success?session_id=${checkout.split('/').pop()}`);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('back on a canceled checkout: the product and the store are offered', async ({ page, newUser }) => {
  await signInAs(page, await newUser());
  const checkout = await startCheckout(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/store\/products\/[0-9a-f-]{36}$/);
  const product = page.url();

  await page.goto(checkout);
  await expect(page.getByRole('status').filter({ hasText: 'This checkout is canceled.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/store');
  await expectScreenOk(page);
  await page.getByRole('link', { name: `Back to ${PRODUCT}` }).click();
  await expect(page).toHaveURL(product);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
});

test('/checkout/success opened directly: not found, no thank you, links on', async ({ page, newUser }) => {
  await signInAs(page, await newUser());
  for (const url of ['/checkout/success', '/checkout/success?session_id=cs_local_never_made']) {
    await page.goto(url);
    await expect(
      page.getByRole('heading', { level: 1, name: 'We could not find this payment' }),
    ).toBeVisible();
    await expect(page.getByText('Thank you!')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/store');
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  }
  await expectScreenOk(page);
  await page.getByRole('link', { name: 'Back to the store' }).click();
  await expect(page).toHaveURL(/\/store$/);
});

test('/checkout/success while the payment is confirmed: a loading state, no thank you yet', async ({
  page,
  newUser,
}) => {
  await signInAs(page, await newUser());
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/v2/checkoutSessions/*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/checkout/success?session_id=cs_local_held');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Confirming your payment' })).toBeVisible();
  await expect(page.getByText('Thank you!')).toHaveCount(0);
  await expect(page.getByText('We could not find this payment')).toHaveCount(0);
  await expectScreenOk(page);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find this payment' })).toBeVisible();
});
