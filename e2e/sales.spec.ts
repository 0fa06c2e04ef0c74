import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildProduct, buildSubscription } from '../apps/server/src/test/factories';
import { expect, expectScreenOk, signInAs, test } from './fixtures';

// Sales (docs/sales.md): an admin of the first demo bank sees the seeded year of sales (the chart and its
// table, the figures, churn, the referral links), picks another period, is told why a period is refused,
// downloads the CSV; a bank with nothing sold says so. axe and 375 px.

const USMLE = 'USMLE Step 1 Mastery';

test.describe('Sales', () => {
  test('an admin sees the seeded year of sales, changes the period and downloads the CSV', async ({
    page,
    newUser,
  }) => {
    const admin = await newUser({ label: 'sales-admin', qbanks: { [USMLE]: 'admin' } });
    await signInAs(page, admin);
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('link', { name: 'See the sales' }).click();
    await expect(page).toHaveURL(/\/admin\/sales$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();

    // The chart: twelve months, each bar's words for screen readers; the seeded history has money in each.
    const bars = page.getByRole('list', { name: 'Revenue each month' }).getByRole('listitem');
    await expect(bars).toHaveCount(12);
    await expect(bars.filter({ hasText: /: \$[\d,]+\.\d\d \(1 month \$/ }).first()).toBeAttached();
    await expect(page.getByRole('list', { name: 'Plans' })).toContainText('6 months');
    const table = page.getByRole('table', { name: 'Revenue by month and plan (USD)' });
    await expect(table.getByRole('columnheader', { name: '1 month' })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(13);

    const figures = page.getByRole('region', { name: 'Figures', exact: true });
    await expect(figures).toContainText('Active subscriptions');
    await expect(figures).toContainText(/Revenue\$[1-9][\d,]*\.\d\d/);
    await expect(figures).toContainText(/\d+ purchases, \d+ renewals in the period/);
    await expect(page.getByRole('region', { name: 'Churn by month', exact: true })).toBeVisible();
    const referrals = page.getByRole('region', { name: 'Referral tokens', exact: true });
    const newsletter = referrals.getByRole('row', { name: /med-school-newsletter/ });
    await expect(newsletter).toBeVisible();
    await expect(newsletter.getByRole('cell').first()).toHaveText(/^[1-9]\d*$/); // visits
    await expect(referrals.getByRole('row', { name: /partner-study-blog/ })).toBeVisible();

    // The CSV: the same report, one table.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sales-\d{4}-\d\d-01-to-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'Section,Month,Name,Currency,Amount (cents),Purchases,Renewals,Visits,Sign-ups,Count,Active at start,Ended,Churn',
    );
    expect(csv).toMatch(/\r\nRevenue,\d{4}-\d\d,1 month,usd,\d+,/);
    expect(csv).toContain('Referral,,med-school-newsletter,usd,');

    // Another period, from the keyboard.
    const period = page.getByRole('combobox', { name: 'Period' });
    await period.focus();
    await period.selectOption('Last 3 months');
    await expect(bars).toHaveCount(3);
    await expect(table.getByRole('row')).toHaveCount(4);

    // A period the server refuses says why, under the field it names.
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-05-01');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-04-01');
    await page.getByRole('textbox', { name: 'To', exact: true }).press('Enter');
    await expect(page.getByRole('alert')).toContainText('to must not be before from');
    await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await period.selectOption('Last 12 months');
    await expect(bars).toHaveCount(12);
    await expectScreenOk(page);
  });

  test('a bank with nothing sold says so', async ({ page, newUser, db }) => {
    const product = await buildProduct(db, { name: `Quiet QBank ${Date.now()}` });
    const admin = await newUser({ label: 'quiet-admin' });
    await buildSubscription(db, admin.id, product.id, {
      type: 'PRIVILEGED',
      student: false,
      admin: true,
      staffSince: new Date(),
    });
    await db.execute(sql`UPDATE users SET last_used_product_id = ${product.id} WHERE id = ${admin.id}`);
    await signInAs(page, admin);
    await page.goto('/admin/sales');
    await expect(page.getByRole('heading', { name: 'No sales yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
    await expectScreenOk(page);
  });
});
