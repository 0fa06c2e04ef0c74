import type { Page } from '@playwright/test';
import { expect, expectScreenOk, linkFrom, signInAs, test, uniqueEmail, waitForMail } from './fixtures';

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'subscription is now active!' });

/** Opens a QBank's page from the store list. */
async function openProduct(page: Page, name: string) {
  await page.goto('/store');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('Buy Now logged out: streamlined registration, mail link, checkout, pay, subscription active', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('buyer');
  await page.goto('/store');
  const card = page.getByRole('article').filter({ hasText: 'NCLEX-RN Review' });
  await card.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/register\?priceId=price_local_demo_2_1$/);

  // Streamlined mode: the initiate fields plus a password.
  await expect(page.getByRole('heading', { level: 1, name: 'Start learning today' })).toBeVisible();
  await page.getByLabel('First name').fill('Bea');
  await page.getByLabel('Last name').fill('Buyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('violet-harbour-lantern-42');
  await page.getByRole('checkbox').check();
  await expectScreenOk(page);
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expectScreenOk(page);

  const mail = await waitForMail(request, email, 'Verify');
  // Hold the checkout call until the hand-over screen has been checked, then let it through.
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/v2/createCheckoutSession', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(linkFrom(mail, '/userRegistration'));
  await expect(
    page.getByRole('heading', { name: 'Email verified - Proceeding to checkout...' }),
  ).toBeVisible();
  await expect(page.getByRole('status', { name: 'Proceeding to checkout' })).toBeVisible();
  await expectScreenOk(page);
  release();

  // The embedded provider's checkout page.
  await expect(page).toHaveURL(/\/checkout\/local\/cs_local_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('NCLEX-RN Review', { exact: true })).toBeVisible();
  await expect(page.getByText('3 months: $79.99 for 3 months')).toBeVisible();
  await expect(page.getByText(`Billed to ${email}`)).toBeVisible();
  await expectScreenOk(page);
  await page.getByRole('button', { name: 'Pay $79.99' }).click();

  // Access comes from the provider's verified event; then the dashboard announces it.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(banner(page)).toContainText('Your NCLEX-RN Review QBank subscription is now active!');
  await expect(banner(page).getByRole('link', { name: 'Create a test' })).toHaveAttribute(
    'href',
    '/tests/create',
  );
  await expect(banner(page).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/account');
  await expect(page.getByRole('heading', { name: 'Welcome, Bea' })).toBeVisible();
  await expectScreenOk(page); // the banner included
  await banner(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expectScreenOk(page);

  // The store now opens the bought QBank instead of selling it.
  await page.goto('/store');
  const owned = page.getByRole('article').filter({ hasText: 'NCLEX-RN Review' });
  await expect(owned.getByRole('button', { name: 'Open QBank' })).toBeVisible();
  await expect(owned.getByRole('img', { name: 'Subscribed' })).toBeVisible();
  await expectScreenOk(page);
});

test('a free plan is joined at once and the dashboard says so', async ({ page, newUser }) => {
  await signInAs(page, await newUser());
  await expect(page.getByRole('heading', { name: 'You have no QBank yet' })).toBeVisible();

  await page.goto('/store');
  const card = page.getByRole('article').filter({ hasText: 'USMLE Step 1 Mastery' });
  // Logged in without a subscription, the card's button goes to the detail page.
  await card.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' })).toBeVisible();
  await page.getByRole('radio').filter({ hasText: 'Free sample' }).click();
  await page.getByRole('button', { name: 'Start Free Subscription' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner(page)).toContainText('Your USMLE Step 1 Mastery QBank subscription is now active!');
  await expect(page.getByRole('heading', { name: 'Your QBanks' })).toBeVisible();
  await expectScreenOk(page); // the banner included
  await banner(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expectScreenOk(page);

  // BASIC on the store card: 'Your subscription' and the first paid plan under 'Other subscriptions'.
  await page.goto('/store');
  const joined = page.getByRole('article').filter({ hasText: 'USMLE Step 1 Mastery' });
  await expect(joined.getByText('Your subscription')).toBeVisible();
  await expect(joined.getByText('Free sample: Free for unlimited access')).toBeVisible();
  await expect(joined.getByText('Other subscriptions')).toBeVisible();
  await expect(joined.getByText('1 month: $49 every month')).toBeVisible();
  await joined.getByRole('button', { name: 'Open QBank' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a declined payment lands on the payment failed page; Cancel returns to the product', async ({
  page,
  newUser,
}) => {
  await signInAs(page, await newUser());

  await openProduct(page, 'CPA Audit & Attestation');
  await expect(page.getByRole('radio').filter({ hasText: 'Lifetime access' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/local\/cs_local_/);
  await expect(page.getByText('Lifetime access: $125 for unlimited access')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/store\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'CPA Audit & Attestation' })).toBeVisible();

  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/local\/cs_local_/);
  await page.getByRole('button', { name: 'Decline payment' }).click();
  await expect(page).toHaveURL(/\/error\?msgId=paymentFailed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment unsuccessful' })).toBeVisible();
  await expect(page.getByText('your card was not charged', { exact: false })).toBeVisible();
  await expectScreenOk(page);
  await page.getByRole('link', { name: 'Back to the store' }).click();
  await expect(page).toHaveURL(/\/store$/);
  // Nothing was granted.
  const card = page.getByRole('article').filter({ hasText: 'CPA Audit & Attestation' });
  await expect(card.getByRole('link', { name: 'Buy Now' })).toBeVisible();
});

test('a failed subscribe shows a dismissible alert naming the QBank', async ({ page, newUser }) => {
  await signInAs(page, await newUser());
  await page.route('**/api/v2/users/*/subscriptions', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'Not now' }),
        })
      : route.continue(),
  );
  await openProduct(page, 'USMLE Step 1 Mastery');
  await page.getByRole('radio').filter({ hasText: 'Free sample' }).click();
  await page.getByRole('button', { name: 'Start Free Subscription' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(alert).toHaveText('Something went wrong while subscribing to USMLE Step 1 Mastery');
  await expect(page).toHaveURL(/\/store\/products\//);
  await expectScreenOk(page);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start Free Subscription' })).toBeEnabled();
});
