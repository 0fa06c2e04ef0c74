import type { Locator, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import {
  createTestThroughApi,
  expect,
  expectScreenOk,
  like,
  signInAs,
  storedTest,
  storedTestQuestions,
  test,
} from './fixtures';

const QBANK = 'USMLE Step 1 Mastery';
const letter = (i: number) => String.fromCharCode(65 + i);
const heading = (page: Page, n: number) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`^Question ${n} of \\d+$`) });
const choice = (page: Page, i: number) => page.getByRole('radio', { name: new RegExp(`^${letter(i)}\\.`) });
const stem = (page: Page) => page.getByTestId('question-stem');

/**
 * The solution says how many learners answered (this test's learner among them); each choice shows its share
 * once there are 5 (other tests answer the same demo questions, so the number depends on what ran before).
 */
async function expectShares(scope: Page | Locator, choices: number) {
  const note = scope.getByText(/^\d+ learners? ha(s|ve) answered this question/);
  await expect(note).toBeVisible();
  const n = Number(/^(\d+)/.exec((await note.textContent()) ?? '')![1]);
  expect(n).toBeGreaterThanOrEqual(1);
  await expect(scope.getByText(/% chose this$/)).toHaveCount(n >= 5 ? choices : 0);
}

/**
 * Selects `length` characters at the start of the stem's first text long enough, as a learner's drag would;
 * answers the text and where it starts in the stem's text content.
 */
async function selectStemText(page: Page, length: number): Promise<{ text: string; start: number }> {
  return stem(page).evaluate((el, n) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode();
    while (node && (node.textContent ?? '').trim().length < n) node = walker.nextNode();
    if (!node) throw new Error('No text in the stem');
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, n);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    const before = document.createRange();
    before.selectNodeContents(el);
    before.setEnd(node, 0);
    return { text: range.toString(), start: before.toString().length };
  }, length);
}

test('a timed test: answer, change, flag, strike, highlight, note, keys, reload, pause, end, review', async ({
  page,
  newUser,
  db,
}) => {
  test.setTimeout(120_000);
  const learner = await newUser(like.learner);
  await signInAs(page, learner);
  const created = await createTestThroughApi(page, db, { qbank: QBANK, mode: 'TIMED', numQuestions: 4 });
  const id = created.uuid;
  const stored = await storedTestQuestions(db, id);

  // A student with a test in progress lands on it from any other page (SPEC §2).
  await page.goto('/dashboard');
  await expect(page).toHaveURL(new RegExp(`/tests/${id}/run$`));
  await expect(heading(page, 1)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveAttribute('aria-label', /^Time left: /);
  await expectScreenOk(page);

  // Answer with a letter, then change it with another; flag with F.
  await page.keyboard.press('a');
  await expect(choice(page, 0)).toBeChecked();
  await page.keyboard.press('b');
  await expect(choice(page, 1)).toBeChecked();
  await expect(choice(page, 0)).not.toBeChecked();
  await page.keyboard.press('f');
  await expect(page.getByRole('button', { name: 'Flagged', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Strike C with its button; strike-through mode (S), then D's letter strikes D; Esc leaves the mode.
  await page.getByRole('button', { name: 'Strike through choice C' }).click();
  await expect(page.getByRole('button', { name: 'Restore choice C' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('s');
  await expect(page.getByRole('button', { name: 'Strike-through mode' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('d');
  await expect(page.getByRole('button', { name: 'Restore choice D' })).toBeVisible();
  await expect(choice(page, 3)).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Strike-through mode' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Highlight the stem's first words with H.
  const words = await selectStemText(page, 8);
  await page.keyboard.press('h');
  await expect(stem(page).locator('mark')).toHaveText(words.text);

  // N moves on; P comes back; → again. The second question: A with 1, and a note.
  await page.keyboard.press('n');
  await expect(heading(page, 2)).toBeVisible();
  await page.keyboard.press('p');
  await expect(heading(page, 1)).toBeVisible();
  await expect(choice(page, 1)).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(heading(page, 2)).toBeVisible();
  await page.keyboard.press('1');
  await expect(choice(page, 0)).toBeChecked();
  await page.getByLabel('Notes').fill('Check the mechanism again');
  // Letters typed in the notes are text, not shortcuts.
  await expect(heading(page, 2)).toBeVisible();
  await expect(choice(page, 0)).toBeChecked();
  await page.getByLabel('Notes').blur();

  // Everything reached the server, including the question on screen.
  await expect
    .poll(async () => {
      const [q1, q2] = await storedTestQuestions(db, id);
      return {
        q1: [q1!.selectedChoiceId, q1!.flagged, [...q1!.struck].sort(), q1!.highlights],
        q2: [q2!.selectedChoiceId, q2!.note],
        position: (await storedTest(db, id))?.currentPosition,
      };
    })
    .toEqual({
      q1: [
        stored[0]!.choices[1],
        true,
        [stored[0]!.choices[2], stored[0]!.choices[3]].sort(),
        [{ start: words.start, end: words.start + 8 }],
      ],
      q2: [stored[1]!.choices[0], 'Check the mechanism again'],
      position: 1,
    });

  // A reload opens where the learner was, with everything kept.
  await page.reload();
  await expect(heading(page, 2)).toBeVisible();
  await expect(choice(page, 0)).toBeChecked();
  await expect(page.getByLabel('Notes')).toHaveValue('Check the mechanism again');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(heading(page, 1)).toBeVisible();
  await expect(choice(page, 1)).toBeChecked();
  await expect(page.getByRole('button', { name: 'Flagged', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore choice C' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore choice D' })).toBeVisible();
  await expect(stem(page).locator('mark')).toHaveText(words.text);

  // Clear the second answer (timed mode may).
  await page.getByRole('button', { name: 'Question 2, answered' }).click();
  await expect(heading(page, 2)).toBeVisible();
  await page.getByRole('button', { name: 'Clear answer' }).click();
  await expect(choice(page, 0)).not.toBeChecked();
  await expect.poll(async () => (await storedTestQuestions(db, id))[1]!.selectedChoiceId).toBeNull();

  // Suspend: the clock stops and the learner goes to the dashboard, where the test waits with Resume.
  await page.getByRole('button', { name: 'Suspend test' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(async () => (await storedTest(db, id))?.status).toBe('PAUSED');
  const open = page.getByRole('heading', { name: 'You have a test in progress' }).locator('..').locator('..');
  await expect(open.getByText('Suspended')).toBeVisible();
  // Other pages are open to the learner meanwhile: nothing sends them back to the test.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Tests' }).click();
  await expect(page).toHaveURL(/\/tests$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectScreenOk(page);
  await page.getByRole('link', { name: 'Resume', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${id}/run$`));
  await expect(heading(page, 2)).toBeVisible();
  await expect.poll(async () => (await storedTest(db, id))?.status).toBe('IN_PROGRESS');

  // End test: the dialog counts what is left undone.
  await page.getByRole('button', { name: 'End test', exact: true }).click();
  const end = page.getByRole('dialog', { name: 'End this test?' });
  await expect(end).toContainText('You have 3 unanswered questions and 1 flagged question.');
  await expectScreenOk(page);
  await end.getByRole('button', { name: 'End test', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${id}/review$`));

  // The review: score, filters, explanations and learners' shares.
  const correct = stored[0]!.correctChoiceId === stored[0]!.choices[1] ? 1 : 0;
  await expect(page.getByText(`${correct} correct · 1 answered · 4 questions`)).toBeVisible();
  await expect(page.getByRole('img', { name: `Score ${correct * 25}%` })).toBeVisible();
  await expect(page.getByText(/^Better than \d+% of tests in this QBank$/)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(4);
  await expectScreenOk(page);
  await page.getByText('Flagged (1)').click();
  await expect(page).toHaveURL(/filter=flagged/);
  const only = page.getByRole('article');
  await expect(only).toHaveCount(1);
  await expect(only.getByRole('heading', { name: 'Question 1' })).toBeVisible();
  await expect(only.getByRole('heading', { name: 'Explanation' })).toBeVisible();
  await expectShares(only, stored[0]!.choices.length);
  await expect(only.getByText('Your answer', { exact: true })).toBeVisible();
  await expect(only.getByText('Correct answer', { exact: true })).toBeVisible();
  await page.getByText('Unanswered (3)').click();
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByText(`Incorrect (${1 - correct})`).click();
  await expect(page.getByRole('article')).toHaveCount(1 - correct);
  // The student is no longer sent back to the test.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('tutor mode: the explanation and shares after Submit, then a test from the incorrect answers', async ({
  page,
  newUser,
  db,
}) => {
  test.setTimeout(90_000);
  const learner = await newUser(like.learner);
  await signInAs(page, learner);
  const { uuid: id } = await createTestThroughApi(page, db, { qbank: QBANK, mode: 'TUTOR', numQuestions: 2 });
  const [q1, q2] = await storedTestQuestions(db, id);
  await page.goto(`/tests/${id}/run`);
  await expect(heading(page, 1)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveAttribute('aria-label', /^Time used: /);

  // A wrong choice by its letter, submitted with Enter.
  const wrong = q1!.choices.findIndex((c) => c !== q1!.correctChoiceId);
  const right = q1!.choices.indexOf(q1!.correctChoiceId!);
  await page.keyboard.press(letter(wrong).toLowerCase());
  await expect(choice(page, wrong)).toBeChecked();
  await page.keyboard.press('Enter');
  const verdict = page.getByRole('status').filter({ hasText: 'Incorrect' });
  await expect(verdict).toContainText(`The correct answer is ${letter(right)}.`);
  await expect(page.getByRole('heading', { name: 'Explanation' })).toBeVisible();
  await expectShares(page, q1!.choices.length);
  await expect(choice(page, wrong)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeHidden();
  // The navigator says it was wrong, as the review does.
  await expect(
    page
      .getByRole('navigation', { name: 'Questions' })
      .getByRole('button', { name: 'Question 1, incorrect' }),
  ).toBeVisible();
  await expectScreenOk(page);

  // The right one on the second question, by a click and Submit.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading(page, 2)).toBeVisible();
  const right2 = q2!.choices.indexOf(q2!.correctChoiceId!);
  await choice(page, right2).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Correct/ })).toBeVisible();

  // Reloaded, the submitted answer stays final with its explanation.
  await page.reload();
  await expect(heading(page, 2)).toBeVisible();
  await expect(choice(page, right2)).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Explanation' })).toBeVisible();

  await page.getByRole('button', { name: 'Finish' }).click();
  await page
    .getByRole('dialog', { name: 'End this test?' })
    .getByRole('button', { name: 'End test', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/tests/${id}/review$`));
  await expect(page.getByText('1 correct · 2 answered · 2 questions')).toBeVisible();

  // Retaking what was wrong opens Start Test with that choice made: the incorrect pool, tutor mode, one
  // question; the learner starts it.
  await page.getByRole('link', { name: 'Create a test from my incorrect answers' }).click();
  await expect(page).toHaveURL(/\/tests\/create\?/);
  await expect(page.getByRole('checkbox', { name: /^Incorrect/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^All questions/ })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Tutor' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Number of questions' })).toHaveValue('1');
  await expectScreenOk(page);
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page).toHaveURL(/\/tests\/[0-9a-f-]{36}\/run$/);
  expect(page.url()).not.toContain(id);
  await expect(heading(page, 1)).toHaveText('Question 1 of 1');
  await expect(page.getByText('Tutor mode')).toBeVisible();
});

test('offline: answers wait on the device, survive closing the page, and reach the server', async ({
  page,
  context,
  newUser,
  db,
}) => {
  test.setTimeout(90_000);
  const learner = await newUser(like.learner);
  await signInAs(page, learner);
  const { uuid: id } = await createTestThroughApi(page, db, { qbank: QBANK, mode: 'TIMED', numQuestions: 3 });
  const stored = await storedTestQuestions(db, id);
  await page.goto(`/tests/${id}/run`);
  await expect(heading(page, 1)).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });

  // Offline, an answer shows at once and the banner says it waits; back online, it is sent.
  await context.setOffline(true);
  await page.keyboard.press('c');
  await expect(choice(page, 2)).toBeChecked();
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('will be sent when the connection returns');
  await expectScreenOk(page);
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect
    .poll(async () => (await storedTestQuestions(db, id))[0]!.selectedChoiceId)
    .toBe(stored[0]!.choices[2]);
  await page.reload();
  await expect(choice(page, 2)).toBeChecked();

  // Offline again: an answer kept on the device survives the page closing before the connection returns.
  await page.keyboard.press('n');
  await expect(heading(page, 2)).toBeVisible();
  await context.setOffline(true);
  await page.keyboard.press('b');
  await expect(banner).toBeVisible();
  const kept = await page.evaluate((key) => localStorage.getItem(key), `qbank.test-actions.${id}`);
  expect(kept).toContain(stored[1]!.choices[1]);
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`/tests/${id}/run`);
  await expect
    .poll(async () => (await storedTestQuestions(db, id))[1]!.selectedChoiceId)
    .toBe(stored[1]!.choices[1]);
  await again.getByRole('button', { name: 'Question 2, answered' }).click();
  await expect(choice(again, 1)).toBeChecked();
  expect(await again.evaluate((key) => localStorage.getItem(key), `qbank.test-actions.${id}`)).toBeNull();
});

test('timed mode: when the time is up the test ends and the review opens', async ({ page, newUser, db }) => {
  const learner = await newUser(like.learner);
  await signInAs(page, learner);
  const { uuid: id } = await createTestThroughApi(page, db, {
    qbank: QBANK,
    mode: 'TIMED',
    numQuestions: 1,
    secondsPerQuestion: 10,
  });
  await page.clock.install();
  await page.goto(`/tests/${id}/run`);
  await expect(heading(page, 1)).toBeVisible();
  await page.keyboard.press('a');
  await expect(choice(page, 0)).toBeChecked();
  await expect.poll(async () => (await storedTestQuestions(db, id))[0]!.selectedChoiceId).not.toBeNull();
  await page.clock.fastForward(12_000);
  const timeUp = page.getByRole('dialog', { name: "Time's up" });
  await expect(timeUp).toBeVisible();
  await expect(timeUp.getByText('This test has ended. Your review is ready.')).toBeVisible();
  // The review waits for the learner, who may have stepped away, to ask for it.
  await page.clock.fastForward(30_000);
  await expect(page).toHaveURL(new RegExp(`/tests/${id}/run$`));
  await timeUp.getByRole('button', { name: 'See your review' }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${id}/review$`));
  await expect(page.getByText(/· 1 answered · 1 question$/)).toBeVisible();
  await expect.poll(async () => (await storedTest(db, id))?.status).toBe('COMPLETED');
});

test('leaving the exam screen stops its clock; a learner arriving with a test running is sent back to it', async ({
  page,
  newUser,
  db,
}) => {
  const learner = await newUser(like.learner);
  await signInAs(page, learner);
  const { uuid: id } = await createTestThroughApi(page, db, {
    qbank: QBANK,
    mode: 'TIMED',
    numQuestions: 2,
    secondsPerQuestion: 600,
  });
  // Suspended, it waits on the dashboard; Resume opens it inside the app.
  await page.goto(`/tests/${id}/run`);
  await expect(heading(page, 1)).toBeVisible();
  await page.getByRole('button', { name: 'Suspend test' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const resume = page.getByRole('link', { name: 'Resume', exact: true });
  await resume.click();
  await expect(heading(page, 1)).toBeVisible();
  await expect.poll(async () => (await storedTest(db, id))?.lastTickAt).not.toBeNull();

  // Another page of the app (the browser's Back): the clock stops at once, the test stays in progress, and the
  // learner is not sent back.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(async () => (await storedTest(db, id))?.lastTickAt).toBeNull();
  expect((await storedTest(db, id))?.status).toBe('IN_PROGRESS');
  await expect(page.getByRole('heading', { name: 'You have a test in progress' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await resume.click();
  await expect(heading(page, 1)).toBeVisible();
  await expect.poll(async () => (await storedTest(db, id))?.lastTickAt).not.toBeNull();

  // The page left for another site (pagehide): the clock stops too.
  await page.goto('about:blank');
  await expect.poll(async () => (await storedTest(db, id))?.lastTickAt).toBeNull();

  // Opening the app again with the test still running: it is the first page, and its clock runs again.
  const other = page;
  await other.goto('/dashboard');
  await expect(other).toHaveURL(new RegExp(`/tests/${id}/run$`));
  await expect(heading(other, 1)).toBeVisible();
  await expect.poll(async () => (await storedTest(db, id))?.lastTickAt).not.toBeNull();
  await expectScreenOk(other);
});

test("a timed test whose time ran out while the learner was away says Time's up before its review", async ({
  page,
  newUser,
  db,
}) => {
  const learner = await newUser(like.learner);
  await signInAs(page, learner);
  const { uuid: id } = await createTestThroughApi(page, db, {
    qbank: QBANK,
    mode: 'TIMED',
    numQuestions: 1,
    secondsPerQuestion: 10,
  });
  // Ended by its clock (on another device, say): all its time used, then scored.
  await db.execute(sql`UPDATE tests SET time_used_ms = time_limit_ms, last_tick_at = NULL WHERE id = ${id}`);
  const session = (await (await page.request.get('/api/v1/session')).json()) as { accessToken: string };
  const ended = await page.request.patch(`/api/v2/tests/${id}/finalize`, {
    headers: { 'X-CSRF-Token': session.accessToken },
    data: {},
  });
  expect(ended.status()).toBe(200);
  await page.goto(`/tests/${id}/run`);
  const timeUp = page.getByRole('dialog', { name: "Time's up" });
  await expect(timeUp).toBeVisible();
  await expectScreenOk(page);
  await timeUp.getByRole('button', { name: 'See your review' }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${id}/review$`));
});

test('Previous and Next stay in view at the bottom, on a wide screen and on a phone', async ({
  page,
  newUser,
  db,
}) => {
  const learner = await newUser(like.learner);
  await signInAs(page, learner);
  const { uuid: id } = await createTestThroughApi(page, db, { qbank: QBANK, mode: 'TIMED', numQuestions: 3 });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 700 },
  ]) {
    await page.setViewportSize(size);
    // The screen opens where the learner left it: question 1 the first time, 2 the second.
    const at = size.width > 1000 ? 1 : 2;
    await page.goto(`/tests/${id}/run`);
    await expect(heading(page, at)).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeInViewport({ ratio: 1 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(next).toBeInViewport({ ratio: 1 });
    await next.click();
    await expect(heading(page, at + 1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeInViewport({ ratio: 1 });
    // The move reaches the server (the screen's queue sends it) before the next round opens the test again.
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`/api/v2/tests/${id}/questions`)).json()) as {
              currentPosition: number;
            }
          ).currentPosition,
      )
      .toBe(at);
  }
});
