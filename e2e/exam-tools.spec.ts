import type { Page } from '@playwright/test';
import { createTestThroughApi, expect, expectScreenOk, like, signInAs, test } from './fixtures';

const QBANK = 'USMLE Step 1 Mastery';

/** The computed font size, in px, of the first paragraph-like text of the question's stem. */
const stemFontSize = (page: Page) =>
  page
    .getByTestId('question-stem')
    .first()
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));

test('exam tools: text size remembered, calculator by mouse and keyboard, at 1280 and 375 px', async ({
  page,
  newUser,
  db,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const learner = await newUser(like.learner);
  await signInAs(page, learner);
  const created = await createTestThroughApi(page, db, { qbank: QBANK, mode: 'TIMED', numQuestions: 2 });
  await page.goto(`/tests/${created.uuid}/run`);
  await expect(page.getByRole('heading', { level: 2, name: /^Question 1 of 2$/ })).toBeVisible();

  // Text size: A+ twice grows the stem; the step is kept across a reload; A− stops at the smallest.
  const tools = page.getByRole('toolbar', { name: 'Tools' });
  const normal = await stemFontSize(page);
  await tools.getByRole('button', { name: 'Larger text' }).click();
  await tools.getByRole('button', { name: 'Larger text' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Text size: Largest' })).toBeAttached();
  await expect.poll(() => stemFontSize(page)).toBeCloseTo(normal * 1.25, 0);
  await expect(tools.getByRole('button', { name: 'Larger text' })).toHaveAttribute('aria-disabled', 'true');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: /^Question 1 of 2$/ })).toBeVisible();
  await expect.poll(() => stemFontSize(page)).toBeCloseTo(normal * 1.25, 0);

  // The calculator: opened from the toolbar, it takes the focus; keys type into it, not into the answers.
  await tools.getByRole('button', { name: 'Calculator' }).click();
  const calculator = page.getByRole('dialog', { name: 'Calculator' });
  await expect(calculator).toBeFocused();
  const display = calculator.getByRole('status', { name: 'Result' });
  await page.keyboard.type('12*3');
  await page.keyboard.press('Enter');
  await expect(display).toHaveText('36');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  // By mouse: 0.1 + 0.2 = 0.3, and division by zero is an Error.
  for (const name of ['Clear', '0', 'Decimal point', '1', 'Add', '0', 'Decimal point', '2', 'Equals'])
    await calculator.getByRole('button', { name, exact: true }).click();
  await expect(display).toHaveText('0.3');
  await page.keyboard.type('/0=');
  await expect(display).toHaveText('Error');
  await expectScreenOk(page);
  // Esc closes it and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(calculator).toBeHidden();
  await expect(tools.getByRole('button', { name: 'Calculator' })).toBeFocused();

  // At 375 px the toolbar and the calculator fit the screen.
  await page.setViewportSize({ width: 375, height: 700 });
  await tools.getByRole('button', { name: 'Calculator' }).click();
  await expect(calculator).toBeInViewport({ ratio: 1 });
  await expectScreenOk(page);
  await calculator.getByRole('button', { name: 'Close the calculator' }).click();

  // The review shows the questions at the same text size; A− brings it down.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'End test', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End test', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${created.uuid}/review$`));
  await expect(page.getByRole('heading', { level: 3, name: 'Question 1' })).toBeVisible();
  await expect.poll(() => stemFontSize(page)).toBeCloseTo(normal * 1.25, 0);
  const reviewTools = page.getByRole('toolbar', { name: 'Tools' });
  for (let i = 0; i < 3; i++) await reviewTools.getByRole('button', { name: 'Smaller text' }).click();
  await expect.poll(() => stemFontSize(page)).toBeCloseTo(normal * 0.875, 0);
  await expectScreenOk(page);
});
