import { sql } from 'drizzle-orm';
import { buildProduct, buildSubscription } from '../apps/server/src/test/factories';
import { LAST_ADMIN_MESSAGE } from '../packages/contract/src/staff';
import { expect, expectAccessible, expectNoHorizontalOverflow, signInAs, test } from './fixtures';

// Staff (docs/staff.md): an admin adds an existing user as a writer, sees them listed, takes the role away; the
// only admin of a QBank cannot give up the role and is told why; axe and 375 px.

const USMLE = 'USMLE Step 1 Mastery';

test.describe('Staff', () => {
  test('an admin adds a writer by e-mail, sees them listed and removes them', async ({ page, newUser }) => {
    // A name of its own: other specs add admins to the same QBank.
    const admin = await newUser({
      label: 'admin',
      firstName: 'Ada',
      lastName: `Staffadmin${Math.random().toString(36).slice(2, 7)}`,
      qbanks: { [USMLE]: 'admin' },
    });
    const person = await newUser({ label: 'staffer', firstName: 'Wren', lastName: 'Staffer' });
    await signInAs(page, admin);
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('link', { name: 'Manage the staff' }).click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: `${admin.firstName} ${admin.lastName}` })).toBeVisible();

    // Add: the form names a missing role before asking the server.
    const add = page.getByRole('region', { name: 'Add staff' });
    await add.getByRole('textbox', { name: 'E-mail address' }).fill(person.email);
    await add.getByRole('button', { name: 'Add to staff' }).click();
    await expect(add.getByText('Choose at least one role')).toBeVisible();
    await add.getByRole('checkbox', { name: /^Writer/ }).check();
    await add.getByRole('button', { name: 'Add to staff' }).click();
    await expect(add.getByRole('status')).toHaveText(`${person.email} has the new roles now.`);

    const card = page.getByRole('listitem', { name: 'Wren Staffer' });
    await expect(card.getByRole('checkbox', { name: 'Writer' })).toBeChecked();
    await expect(card.getByRole('checkbox', { name: 'Admin' })).not.toBeChecked();
    await expectAccessible(page);

    // Another role, then off the staff.
    await card.getByRole('checkbox', { name: 'Auditor' }).check();
    await expect(card.getByRole('checkbox', { name: 'Auditor' })).toBeChecked();
    await expect(card.getByRole('checkbox', { name: 'Auditor' })).toBeEnabled();
    await card.getByRole('button', { name: 'Remove Wren Staffer from the staff' }).click();
    await expect(card).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByRole('listitem', { name: `${admin.firstName} ${admin.lastName}` })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });

  test('the only admin cannot give up the role, and is told why', async ({ page, newUser, db }) => {
    const product = await buildProduct(db, { name: `Solo QBank ${Date.now()}` });
    const solo = await newUser({ label: 'solo', firstName: 'Solo', lastName: 'Admin' });
    await buildSubscription(db, solo.id, product.id, {
      type: 'PRIVILEGED',
      student: false,
      admin: true,
      staffSince: new Date(),
    });
    await db.execute(sql`UPDATE users SET last_used_product_id = ${product.id} WHERE id = ${solo.id}`);
    await signInAs(page, solo);
    await page.goto('/admin/staff');
    const card = page.getByRole('listitem', { name: 'Solo Admin' });
    const adminBox = card.getByRole('checkbox', { name: 'Admin' });
    await expect(adminBox).toBeChecked();
    await adminBox.click();
    await expect(card.getByRole('alert')).toHaveText(LAST_ADMIN_MESSAGE);
    await expect(adminBox).toBeChecked();
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(card.getByRole('checkbox', { name: 'Admin' })).toBeChecked();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
