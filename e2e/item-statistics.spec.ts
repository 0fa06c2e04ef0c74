import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { expect, expectAccessible, expectNoHorizontalOverflow, signInAs, test } from './fixtures';

// Item statistics (docs/item-statistics.md) in My Questions and on a question's page, over the demo practice
// history of NCLEX-RN Review (db/seed-item-statistics.ts): an admin of the bank sorts by a figure's column and
// keeps the questions that need checking, at 1280×800 and at 375 px.

const NCLEX = 'NCLEX-RN Review';
const status = (page: Page) => page.getByRole('status').filter({ hasText: /^(Questions \d|1 question$)/ });

async function openMyQuestions(page: Page) {
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Questions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Questions' })).toBeVisible();
  await page.getByRole('tab', { name: /^All \d+/ }).click();
  await expect(status(page)).toBeVisible();
}

test('an author sorts My Questions by item statistics and keeps those that need checking', async ({
  page,
  newUser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, await newUser({ label: 'admin', qbanks: { [NCLEX]: 'admin' } }));
  await openMyQuestions(page);

  const table = page.getByRole('table');
  for (const name of ['Facility', 'Discrimination', 'n'])
    await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();

  // A click on Discrimination sorts the weakest first; a second click the strongest.
  const discrimination = table.getByRole('columnheader', { name: 'Discrimination', exact: true });
  await discrimination.getByRole('button').click();
  await expect(page).toHaveURL(/sort=discrimination\.ASC/);
  await expect(discrimination).toHaveAttribute('aria-sort', 'ascending');
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell').nth(6)).toHaveText(/^−0\.\d\d$/);
  await discrimination.getByRole('button').click();
  await expect(page).toHaveURL(/sort=discrimination\.DESC/);
  await expect(discrimination).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(6)).toHaveText(/^0\.\d\d$/);
  await expectAccessible(page);

  // Needs checking: only flagged questions, each with its flag.
  // Clicked, not check(): the box follows the address, which the router updates a moment later.
  await page.getByRole('checkbox', { name: /Needs checking/ }).click();
  await expect(page).toHaveURL(/check=1/);
  await expect(page.getByRole('checkbox', { name: /Needs checking/ })).toBeChecked();
  await expect(status(page)).toHaveText(/^Questions 1–(\d+) of \1$/);
  const rows = table.getByRole('row');
  const count = (await rows.count()) - 1;
  expect(count).toBeGreaterThanOrEqual(4);
  for (let i = 1; i <= count; i++)
    await expect(rows.nth(i)).toContainText(/Too easy|Too hard|Weak discrimination|Possible wrong key/);
  await expect(table.getByText('Possible wrong key').first()).toBeVisible();
  await expectAccessible(page);

  // The question's page: its figures and each choice's share of the top and bottom thirds.
  await rows.filter({ hasText: 'Possible wrong key' }).getByRole('link').first().click();
  const panel = page.getByRole('region', { name: 'Item statistics' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Times answered first (n)')).toBeVisible();
  await expect(panel.getByText('36', { exact: true })).toBeVisible();
  await expect(panel.getByRole('columnheader', { name: 'Top third' })).toBeVisible();
  await expect(panel.getByText('Key', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // At 375 px: the filter behind "Filters and sorting", the figures on each card; nothing wider than the screen.
  await page.goBack();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(status(page)).toHaveText(/^Questions 1–(\d+) of \1$/);
  const cards = page.getByRole('listitem').filter({ hasText: /Facility \d+% · discrimination/ });
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText(/· n 36/);
  await page.getByRole('button', { name: /Filters and sorting \(1\)/ }).click();
  const check = page.getByRole('checkbox', { name: /Needs checking/ });
  await expect(check).toBeChecked();
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
  await check.click();
  await expect(page).not.toHaveURL(/check=1/);
  await expect(check).not.toBeChecked();
  await expect(status(page)).toHaveText(/^Questions 1–25 of \d+$/);
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
});

test('a learner sees no item statistics', async ({ page, newUser, db }) => {
  await signInAs(page, await newUser({ label: 'learner', qbanks: { [NCLEX]: 'student' } }));
  await expect(
    page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Questions' }),
  ).toHaveCount(0);
  const answered = await db.execute(sql`
    SELECT st.question_id FROM question_item_stats st JOIN products p ON p.id = st.product_id
    WHERE p.name = ${NCLEX} LIMIT 1`);
  const id = (answered.rows[0] as { question_id: string }).question_id;
  expect((await page.request.get(`/api/v2/questions/${id}/itemStatistics`)).status()).toBe(404);
  expect((await page.request.get(`/api/v2/questions/${id}`)).status()).toBe(200);
});
