import { expect, expectAccessible, expectNoHorizontalOverflow, signInAs, test } from './fixtures';

// The Test Builder and the Test Bank (docs/test-bank.md) over the demo USMLE bank: an instructor builds a test
// from chosen questions, previews it, makes it a rules-drawn version 2, finds it in the Test Bank, duplicates
// and archives it; at 1280×800 and at 375 px.

const USMLE = 'USMLE Step 1 Mastery';

test.describe('Test Bank and Test Builder', () => {
  test('an instructor builds, previews, revises, duplicates and archives a test', async ({
    page,
    newUser,
  }) => {
    const name = `Cardio check ${Math.random().toString(36).slice(2, 7)}`;
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Test Builder' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Test Builder' })).toBeVisible();

    // Saving without a name or a question says what is missing.
    await page.getByRole('button', { name: 'Save to the Test Bank' }).click();
    await expect(page.getByRole('alert')).toContainText('Give the test a name');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);

    const found = page.getByRole('list', { name: 'Questions found' }).getByRole('listitem');
    await expect(found.first()).toBeVisible();
    await found.nth(0).getByRole('button', { name: /^Add/ }).click();
    await found.nth(1).getByRole('button', { name: /^Add/ }).click();
    await expect(found.nth(0).getByRole('button', { name: /^Added/ })).toBeDisabled();
    const chosen = page.getByRole('list', { name: 'Chosen questions' }).getByRole('listitem');
    await expect(chosen).toHaveCount(2);
    const second = (await chosen.nth(1).textContent())!.replace(/^2\. /, '').trim();
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    await expect(chosen.nth(0)).toContainText(second);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save to the Test Bank' }).click();
    await expect(page).toHaveURL(/\/test-builder\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview as a student sees it' });
    await expect(preview.getByText('2 questions · Timed')).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).click();

    // Version 2 draws by rules.
    await page.locator('label', { hasText: 'Drawn by rules' }).click();
    await expect(page.getByRole('radio', { name: 'Drawn by rules' })).toBeChecked();
    await page.getByRole('combobox', { name: 'Rule 1: from' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('textbox', { name: 'Rule 1: questions' }).fill('3');
    await page.getByRole('button', { name: 'Save a new version' }).click();
    await expect(page.getByText('Saved as version 2')).toBeVisible();

    // The Test Bank lists it; a copy opens in the builder; the original is archived.
    await page.getByRole('link', { name: 'Test Bank' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Test Bank' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('3 questions drawn by rules · Timed · version 2');
    await page.getByRole('button', { name: `Duplicate ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit Copy of ${name}` })).toBeVisible();
    await page.goBack();
    await page.getByRole('button', { name: `Archive ${name}` }).click();
    await expect(page.getByRole('listitem').filter({ hasText: `Copy of ${name}` })).toHaveCount(1);
    await expect(page.getByRole('button', { name: `Archive ${name}` })).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
