import type { Page } from '@playwright/test';
import { asc, eq } from 'drizzle-orm';
import { testQuestions } from '../apps/server/src/db/schema';
import { buildBank } from '../apps/server/src/test/bank-factory';
import { buildPlan } from '../apps/server/src/test/factories';
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
  const tools = page.getByRole('group', { name: 'Tools' });
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

  // The demo bank's reference panel (lab values) opens in a drawer; Esc closes it.
  await tools.getByRole('button', { name: 'Reference' }).click();
  const reference = page.getByRole('dialog', { name: 'Reference' });
  await expect(reference.getByRole('cell', { name: 'Sodium (Na⁺)' })).toBeVisible();
  await expectScreenOk(page);
  await page.keyboard.press('Escape');
  await expect(reference).toBeHidden();
  await expect(tools.getByRole('button', { name: 'Reference' })).toBeFocused();

  // The review shows the questions at the same text size; A− brings it down.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'End test', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End test', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${created.uuid}/review$`));
  await expect(page.getByRole('heading', { level: 3, name: 'Question 1' })).toBeVisible();
  await expect.poll(() => stemFontSize(page)).toBeCloseTo(normal * 1.25, 0);
  const reviewTools = page.getByRole('group', { name: 'Tools' });
  for (let i = 0; i < 3; i++) await reviewTools.getByRole('button', { name: 'Smaller text' }).click();
  await expect.poll(() => stemFontSize(page)).toBeCloseTo(normal * 0.875, 0);
  await expectScreenOk(page);
});

test('reference panel: an admin writes it, learners open it from the exam screen; none, no button', async ({
  page,
  browser,
  newUser,
  db,
}) => {
  // A bank of the test's own, with no panel yet: the demo banks' panels stay as seeded.
  const bank = await buildBank(db, { subcategories: 2, perSubcategory: 2 });
  await buildPlan(db, bank.product.id);
  const learner = await newUser({ ...like.learner, qbanks: { [bank.product.name]: 'student' } });
  await signInAs(page, learner);
  const created = await createTestThroughApi(page, db, {
    qbank: bank.product.name,
    mode: 'TUTOR',
    numQuestions: 2,
  });
  await page.goto(`/tests/${created.uuid}/run`);
  const tools = page.getByRole('group', { name: 'Tools' });
  await expect(tools.getByRole('button', { name: 'Calculator' })).toBeVisible();
  await expect(tools.getByRole('button', { name: 'Reference' })).toHaveCount(0);

  // The admin writes the panel in the rich-text editor, at 1280×800 and 375 px.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signInAs(admin, await newUser({ ...like.admin, qbanks: { [bank.product.name]: 'admin' } }));
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Edit the reference panel' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Reference panel' })).toBeVisible();
  const editor = admin.getByRole('textbox', { name: 'Reference panel' });
  await editor.click();
  await admin.keyboard.type('Debt ratio = total liabilities / total assets');
  await expect(admin.getByRole('status').filter({ hasText: 'Unsaved changes.' })).toBeVisible();
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Saved: learners see it now.' })).toBeVisible();
  await expectScreenOk(admin);

  // The learner's next look shows the button; the drawer reads the panel, at 375 px too.
  await page.reload();
  await tools.getByRole('button', { name: 'Reference' }).click();
  const reference = page.getByRole('dialog', { name: 'Reference' });
  await expect(reference).toContainText('Debt ratio = total liabilities / total assets');
  await page.setViewportSize({ width: 375, height: 700 });
  await expect(reference).toBeInViewport();
  await expectScreenOk(page);
  await reference.getByRole('button', { name: 'Close the reference' }).click();
  await expect(reference).toBeHidden();

  // Emptied, the panel is gone from the exam screen.
  await editor.click();
  await admin.keyboard.press('ControlOrMeta+a');
  await admin.keyboard.press('Delete');
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: 'Saved: learners see no reference panel.' }),
  ).toBeVisible();
  await page.reload();
  await expect(tools.getByRole('button', { name: 'Calculator' })).toBeVisible();
  await expect(tools.getByRole('button', { name: 'Reference' })).toHaveCount(0);
  await adminContext.close();
});

test('report a problem: from the exam screen and the review to the auditor, who resolves it', async ({
  page,
  browser,
  newUser,
  db,
}) => {
  const bank = await buildBank(db, { subcategories: 2, perSubcategory: 2 });
  await buildPlan(db, bank.product.id);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, await newUser({ ...like.learner, qbanks: { [bank.product.name]: 'student' } }));
  const created = await createTestThroughApi(page, db, {
    qbank: bank.product.name,
    mode: 'TUTOR',
    numQuestions: 2,
  });
  const [first, second] = (
    await db
      .select({ id: testQuestions.questionId })
      .from(testQuestions)
      .where(eq(testQuestions.testId, created.uuid))
      .orderBy(asc(testQuestions.position))
  ).map((r) => r.id);
  await page.goto(`/tests/${created.uuid}/run`);

  // From the exam screen: an empty report is refused on its field; a described one is sent.
  const open = page.getByRole('group', { name: 'Tools' }).getByRole('button', { name: 'Report a problem' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem with this question' });
  const field = dialog.getByRole('textbox', { name: 'What is wrong with this question?' });
  await expect(field).toBeFocused();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Describe the problem: what is wrong with this question?')).toBeVisible();
  await expectScreenOk(page);
  await field.fill('The key says A, but B is right: see the 2024 guideline.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Thank you. Your report was sent to the people who write and review this question.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // From the review, by keyboard, at 375 px.
  await page.getByRole('button', { name: 'End test', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End test', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${created.uuid}/review$`));
  await page.setViewportSize({ width: 375, height: 700 });
  const fromReview = page.getByRole('button', { name: 'Report a problem with question 2' });
  await fromReview.focus();
  await page.keyboard.press('Enter');
  await expect(field).toBeFocused();
  await page.keyboard.type('Typo in the stem.');
  await expectScreenOk(page);
  await page.keyboard.press('Enter'); // a new line in the text box, not a send
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The auditor sees each as a learner's report, without the learner's name, and resolves it.
  const auditorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const auditor = await auditorContext.newPage();
  await signInAs(auditor, await newUser({ ...like.auditor, qbanks: { [bank.product.name]: 'auditor' } }));
  await auditor.goto(`/questions/${first}`);
  const reportItem = auditor.getByRole('listitem', { name: 'Problem reported by a learner' });
  await expect(reportItem).toContainText('The key says A, but B is right: see the 2024 guideline.');
  await expect(reportItem).toContainText('Learner report');
  await expect(auditor.getByText('Lena')).toHaveCount(0);
  await expectScreenOk(auditor);
  await reportItem.getByRole('button', { name: 'Resolve' }).click();
  const resolved = auditor.getByRole('listitem', { name: 'Problem reported by a learner, resolved' });
  await expect(resolved).toContainText('Learner report · resolved');
  await expect(resolved).toContainText('Resolved by Audrey Auditor on');
  await expect(resolved.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await auditor.goto(`/questions/${second}`);
  await expect(auditor.getByRole('listitem', { name: 'Problem reported by a learner' })).toContainText(
    'Typo in the stem.',
  );
  await auditorContext.close();
});
