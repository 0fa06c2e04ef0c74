import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { buildPlan, buildProduct, buildSubscription } from '../apps/server/src/test/factories';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  signInAs,
  type TestUser,
  test,
  type UserSpec,
} from './fixtures';

// Admin → Plans and prices (docs/billing-plans.md): the admin of a QBank with no plans creates one with the
// keyboard, sees it as the store will in the preview, changes its price, meets a field error, and takes the
// last public plan off sale through the warning that the QBank leaves the store; axe and 375 px throughout.

/** A QBank of its own (published, no plans) and its admin, signed in with it as the active product. */
async function adminOfNewQBank(page: Page, db: Db, newUser: (spec?: UserSpec) => Promise<TestUser>) {
  const product = await buildProduct(db, { name: `Plans QBank ${Date.now()}` });
  const admin = await newUser({ label: 'plans-admin', firstName: 'Pia', lastName: 'Planner' });
  await buildSubscription(db, admin.id, product.id, {
    type: 'PRIVILEGED',
    student: false,
    admin: true,
    staffSince: new Date(),
  });
  await db.execute(sql`UPDATE users SET last_used_product_id = ${product.id} WHERE id = ${admin.id}`);
  await signInAs(page, admin);
  return product;
}

test.describe('Plans and prices', () => {
  test('create a plan by keyboard, field errors, edit its price with the preview', async ({
    page,
    newUser,
    db,
  }) => {
    await adminOfNewQBank(page, db, newUser);

    // From the Admin page's card.
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Manage plans and prices' }).click();
    await expect(page).toHaveURL(/\/admin\/plans$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plans and prices' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No plans yet' })).toBeVisible();
    await expectAccessible(page);

    // Create: the form opens with the name focused; the keyboard fills it; the preview follows.
    await page.getByRole('button', { name: 'Create a plan' }).click();
    const editor = page.getByRole('region', { name: 'New plan' });
    await expect(editor.getByRole('textbox', { name: 'Plan name' })).toBeFocused();
    await page.keyboard.type('Monthly access');
    await page.keyboard.press('Tab');
    await page.keyboard.type('49');
    await editor.getByRole('checkbox', { name: 'Renews automatically' }).check();
    const preview = editor.getByTestId('plan-preview');
    await expect(preview).toContainText('Monthly access');
    await expect(preview).toContainText('$49 every month');
    await expect(preview).toContainText('All features and questions');
    await expect(preview).toContainText(
      'Auto-renews every month. Manage or cancel anytime in Account Settings.',
    );
    await expectAccessible(page);
    await editor.getByRole('button', { name: 'Create plan' }).click();
    const plans = page.getByRole('region', { name: 'Plans' });
    await expect(plans.getByRole('status')).toHaveText('Created “Monthly access”.');
    const card = plans.getByRole('listitem', { name: 'Monthly access' });
    await expect(card).toContainText('$49 every month · Auto-renews');
    await expect(card).toContainText('0 active subscribers');
    await expect(card.getByRole('button', { name: 'Deactivate Monthly access' })).toBeVisible();

    // A field error: the name is taken (the server's 409 lands on the field), and a negative price (the form's).
    await plans.getByRole('button', { name: 'New plan' }).click();
    const second = page.getByRole('region', { name: 'New plan' });
    await second.getByRole('textbox', { name: 'Plan name' }).fill('MONTHLY access');
    await second.getByRole('textbox', { name: 'Price (USD)' }).fill('-5');
    await second.getByRole('button', { name: 'Create plan' }).click();
    await expect(second.getByText('A price cannot be negative')).toBeVisible();
    await second.getByRole('textbox', { name: 'Price (USD)' }).fill('10');
    await second.getByRole('button', { name: 'Create plan' }).click();
    const name = second.getByRole('textbox', { name: 'Plan name' });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(second.getByText(/already has a plan named "MONTHLY access"/)).toBeVisible();
    await expectAccessible(page);
    await second.getByRole('button', { name: 'Cancel' }).click();
    await expect(second).toHaveCount(0);

    // Edit the price: the preview shows the new one, and the form says subscribers keep theirs.
    await card.getByRole('button', { name: 'Edit Monthly access' }).click();
    const edit = page.getByRole('region', { name: 'Edit “Monthly access”' });
    await edit.getByRole('textbox', { name: 'Price (USD)' }).fill('59.5');
    await expect(edit.getByTestId('plan-preview')).toContainText('$59.50 every month');
    await expect(edit.getByText('A new price for new buyers')).toBeVisible();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(plans.getByRole('status')).toHaveText(
      'Saved “Monthly access”. New buyers pay $59.50; existing subscribers keep the price they bought.',
    );
    await expect(card).toContainText('$59.50 every month');
  });

  test('deactivating the last public plan warns that the QBank leaves the store; 375 px', async ({
    page,
    newUser,
    db,
  }) => {
    const product = await adminOfNewQBank(page, db, newUser);
    await buildPlan(db, product.id, {
      planName: 'Monthly access',
      priceCents: 5950,
      autoRenewForSubscription: true,
    });
    await page.goto('/admin/plans');
    const plans = page.getByRole('region', { name: 'Plans' });
    const card = plans.getByRole('listitem', { name: 'Monthly access' });
    await expect(card).toContainText('$59.50 every month · Auto-renews');

    // The warning first: keeping the plan changes nothing; confirming takes it off sale.
    await card.getByRole('button', { name: 'Deactivate Monthly access' }).click();
    const dialog = page.getByRole('dialog', { name: `Take ${product.name} out of the store?` });
    await expect(dialog).toContainText('leaves the store');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Keep it in the store' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Deactivate Monthly access' })).toBeVisible();
    await card.getByRole('button', { name: 'Deactivate Monthly access' }).click();
    await dialog.getByRole('button', { name: 'Deactivate and leave the store' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(plans.getByRole('status')).toHaveText('“Monthly access” is inactive now.');
    await expect(card).toContainText('Inactive');
    await expect(card.getByRole('button', { name: 'Activate Monthly access' })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Plans and prices' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Monthly access' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Monthly access' }).click();
    await expect(page.getByTestId('plan-preview')).toContainText('$59.50 every month');
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
