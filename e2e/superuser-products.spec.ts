import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectScreenOk,
  like,
  signInAs,
  test,
} from './fixtures';

// Super → Products (docs/superuser-products.md): the list, "Create QBank" with its field errors, and a QBank's
// page with Suspend (the learners' access chosen in the confirmation), Restore and Transfer.

const unique = () => Math.random().toString(36).slice(2, 8);

test.describe('Super → Products (docs/superuser-products.md)', () => {
  test('a superuser creates a QBank for a new customer, suspends, restores and transfers it', async ({
    page,
    newUser,
  }) => {
    // One flow through three screens and three dialogs, each checked by axe: long on a loaded machine.
    test.setTimeout(240_000);
    const customer = await newUser({ label: 'customer', firstName: 'Cora', lastName: 'Customer' });
    const successor = await newUser({ label: 'successor', firstName: 'Sol', lastName: 'Successor' });
    await signInAs(page, await newUser(like.superuser));
    await expect(page).toHaveURL(/\/superuser$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeVisible();
    await page.getByRole('link', { name: 'Open Products' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    // Every bank is listed, unpublished or not, with its admins and figures.
    await expect(page.getByRole('link', { name: 'USMLE Step 1 Mastery' }).first()).toBeVisible();
    await expectAccessible(page);

    // The form's own checks land on their fields; so does the server's refusal of a taken name.
    const form = page.getByRole('region', { name: 'Create QBank' });
    await form.getByRole('button', { name: 'Create QBank' }).click();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Category')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel("First admin's e-mail address")).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await form.getByLabel('Name').fill('usmle step 1 mastery');
    await form.getByLabel('Category').selectOption('NURSING');
    await form.getByLabel("First admin's e-mail address").fill(customer.email);
    await form.getByLabel("First admin's e-mail address").press('Enter');
    await expect(form.getByText('A QBank named "usmle step 1 mastery" already exists')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    const name = `Customer Bank ${unique()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Create QBank' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: `QBank created with ${customer.email} as its admin` }),
    ).toBeVisible();
    const admins = page.getByRole('region', { name: 'Admins' });
    await expect(admins.getByRole('link', { name: 'Cora Customer' })).toBeVisible();
    await expect(page.getByText('Unpublished')).toBeVisible();
    await expectAccessible(page);

    // Suspend: asked first, with the learners' access chosen by keyboard.
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Keep their access/ })).toBeChecked();
    await expectAccessible(page);
    await dialog.getByRole('radio', { name: /Keep their access/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: /Lose their access/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'QBank suspended: its learners have no access until it is restored' }),
    ).toBeVisible();
    await expect(page.getByText('This QBank is suspended')).toBeVisible();
    await expect(page.getByText('Suspended · learners held')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await page
      .getByRole('dialog', { name: `Restore ${name}?` })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'QBank restored' })).toBeVisible();
    await expect(page.getByText('This QBank is suspended')).toBeHidden();

    // Transfer: an unknown address is refused on its field; a known one becomes the admin.
    const transfer = page.getByRole('region', { name: 'Transfer to another admin' });
    await transfer.getByLabel("New admin's e-mail address").fill(`nobody.${unique()}@example.com`);
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Transfer' }).click();
    await expect(transfer.getByText('has no verified account')).toBeVisible();
    await transfer.getByLabel("New admin's e-mail address").fill(successor.email);
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    const confirm = page.getByRole('dialog', { name: `Make ${successor.email} the admin of ${name}?` });
    await expect(confirm).toContainText(`${customer.email} will no longer be admin.`);
    await confirm.getByRole('button', { name: 'Transfer' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${successor.email} is now the admin of ${name}` }),
    ).toBeVisible();
    await expect(admins.getByRole('link', { name: 'Sol Successor' })).toBeVisible();
    await expect(admins.getByRole('link', { name: 'Cora Customer' })).toBeHidden();
    await expectScreenOk(page);

    // Back in the list, the search finds it with its new admin.
    await page.getByRole('link', { name: 'Back to Products' }).click();
    await page.getByRole('searchbox', { name: 'Search QBanks' }).fill(name.toUpperCase());
    await expect(page.getByRole('status').filter({ hasText: /^QBanks 1–1$/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: successor.email })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search QBanks' }).fill(`no such bank ${unique()}`);
    await expect(page.getByRole('heading', { name: 'No QBank matches this search' })).toBeVisible();
  });

  test('the list and a QBank fit a 375 px screen as cards, with no axe violations', async ({
    page,
    newUser,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, await newUser(like.superuser));
    await page.goto('/superuser/products?search=NCLEX');
    await expect(page.getByRole('status').filter({ hasText: /^QBanks 1–1$/ })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: 'NCLEX-RN Review' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('active students');
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await card.getByRole('link', { name: 'NCLEX-RN Review' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'NCLEX-RN Review' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suspend', exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
