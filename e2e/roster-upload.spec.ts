import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, signInAs, test } from './fixtures';

// Enrolling a class from a file on the Students screen (docs/enrolment-files.md): choose a CSV, see the dry
// run (new accounts, existing ones, repeats, invalid rows by row and column, ignored columns), commit, watch
// the progress, read the result; at 1280 px and at 375 px, every step checked with axe.

const USMLE = 'USMLE Step 1 Mastery';
const INGESTION_GET = /\/api\/v2\/userIngestions\/[0-9a-f-]{36}$/;

/** Holds the commit's polls so the progress bar can be looked at (a small list is enrolled in a blink). */
async function holdPolls(page: Page) {
  let release: (() => void) | null = null;
  let held: Promise<void> | null = null;
  await page.route(INGESTION_GET, async (route) => {
    if (held) await held;
    await route.fallback();
  });
  return {
    hold: () => {
      held = new Promise<void>((r) => {
        release = r;
      });
    },
    release: () => {
      held = null;
      release?.();
    },
  };
}

async function enrolAClass(page: Page, narrow: boolean) {
  const tag = randomBytes(4).toString('hex');
  const emails = [`ada.${tag}@example.com`, `ben.${tag}@example.com`];
  const csv = [
    'Email,First Name,Last Name,Phone',
    `${emails[0]},Ada,Lovelace,555`,
    `${emails[1]},Ben,Okoro,`,
    `${emails[0]},Ada,Again,`,
    'not-an-address,Bad,Row,',
  ].join('\n');
  const polls = await holdPolls(page);

  await page.goto('/roster');
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload a class list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a class list' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: `class-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Upload and preview' }).click();

  // The dry run: what each row would do, nothing enrolled yet.
  await expect(dialog.getByText('Nothing has been enrolled yet.')).toBeVisible();
  const figures = dialog.getByRole('list', { name: 'What the file holds' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'New accounts' })).toContainText('2');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Repeated rows' })).toContainText('1');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Invalid rows' })).toContainText('1');
  await expect(dialog.getByText('These columns are not read: "Phone".')).toBeVisible();
  const invalid = dialog.getByRole('table', { name: /Invalid rows/ });
  await expect(invalid.getByRole('row').nth(1)).toContainText('5');
  await expect(invalid.getByRole('row').nth(1)).toContainText('email');
  const repeats = dialog.getByRole('table', { name: /Repeated addresses/ });
  await expect(repeats.getByRole('row').nth(1)).toContainText(emails[0]!);
  await expect(dialog.getByRole('table', { name: /New accounts/ })).toContainText(emails[1]!);
  await expectAccessible(page);
  if (narrow) await expectNoHorizontalOverflow(page);

  // Commit: a job, its progress bar, then the result.
  polls.hold();
  await dialog.getByRole('button', { name: 'Enrol 2 students' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Enrolling the class list' })).toBeVisible();
  await expectAccessible(page);
  polls.release();
  await expect(dialog.getByText('The class list is enrolled')).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText('2 new accounts, each mailed a link to set a password');
  await expectAccessible(page);
  if (narrow) await expectNoHorizontalOverflow(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // They are on the list now; the same file again would change nothing.
  await page.getByRole('searchbox', { name: 'Search' }).fill(`ben.${tag}`);
  await expect(page.getByText(emails[1]!, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Upload a class list' }).click();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: `class-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Upload and preview' }).click();
  await expect(figures.getByRole('listitem').filter({ hasText: 'Already students' })).toContainText('2');
  await expect(dialog.getByRole('button', { name: 'Enrol 0 students' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
}

test.describe('Upload a class list', () => {
  test('an instructor enrols a class from a CSV at 1280 px', async ({ page, newUser }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await enrolAClass(page, false);
  });

  test('an instructor enrols a class from a CSV at 375 px', async ({ page, newUser }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await enrolAClass(page, true);
  });
});
