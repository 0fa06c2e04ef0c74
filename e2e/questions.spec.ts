import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectScreenOk, like, signInAs, type TestUser, test } from './fixtures';

/** Signs whoever is signed in out (their cookie goes) and signs `user` in. */
async function switchTo(page: Page, user: TestUser) {
  await page.context().clearCookies();
  await signInAs(page, user);
}

const status = (page: Page) => page.locator('main h1 + .mantine-Badge-root');

/** Every status badge on the page shows its whole word (none ends cut, "SUBMITT…"). */
async function expectBadgesWhole(page: Page) {
  const labels = page.locator('main .mantine-Badge-label:visible');
  await expect(labels.first()).toBeVisible();
  const cut = await labels.evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 0.5).map((e) => e.textContent),
  );
  expect(cut).toEqual([]);
}

/**
 * A word no other question has, of letters only. A hex suffix with digits ("3e10…") made the search miss the
 * question now and then: My Questions' status-prefixed text search mishandles some tokens with digits, a known
 * defect left for its own fix (see the closing note of issue 20).
 */
const uniqueWord = () =>
  randomBytes(4)
    .toString('hex')
    .replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]!);

/** Opens a question from My Questions by its unique name, through the search box. */
async function openFromList(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Questions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Questions' })).toBeVisible();
  await page.getByLabel('Search').fill(name);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a question goes from writer to auditor and back, is published, and its versions compare side by side', async ({
  page,
  newUser,
}) => {
  // Four sign-ins and eight screens checked with axe at two widths: slow on a shared machine.
  test.setTimeout(180_000);
  const writer = await newUser(like.writer);
  const auditor = await newUser(like.auditor);
  const name = `Cardiac output ${uniqueWord()}`;

  // The writer's My Questions: empty, with the next step.
  await signInAs(page, writer);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Questions' }).click();
  await expect(page).toHaveTitle(/My Questions$/);
  await expect(page.getByRole('heading', { name: 'No questions here yet' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Draft 0' })).toBeVisible();
  await expectScreenOk(page);

  // Writing: a name, a stem with bold text, three choices, the correct one, an explanation, references, placement.
  await page.getByRole('link', { name: 'New question' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New question' })).toBeVisible();
  await expect(page).toHaveTitle(/New question$/);
  await page.getByLabel('Name').fill(name);
  const stem = page.getByRole('textbox', { name: 'Stem' });
  await stem.click();
  await page.keyboard.type('Which drug ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('increases');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' cardiac output?');
  await page.getByRole('button', { name: 'Remove choice D' }).click();
  await expect(page.getByRole('textbox', { name: /^Choice / })).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Choice A' }).fill('Metoprolol');
  await page.getByRole('textbox', { name: 'Choice B' }).fill('Dobutamine');
  await page.getByRole('textbox', { name: 'Choice C' }).fill('Verapamil');
  await page.getByRole('radio', { name: 'B is correct' }).check();
  await page.getByRole('textbox', { name: 'Explanation' }).fill('Dobutamine is a beta-1 agonist.');
  await page.getByLabel('References').fill('First Aid 2026\n\nGuyton, chapter 9');
  await page.getByRole('combobox', { name: 'Placement' }).click();
  await page.getByRole('option', { name: 'Cardiac cycle and valves' }).click();

  // The preview shows what a learner will see, bold included, and the answer on request.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong')).toHaveText('increases');
  await expect(preview.getByRole('list', { name: 'Answer choices' }).getByRole('listitem')).toHaveCount(3);
  await preview.getByRole('switch', { name: 'Show the correct answer and explanation' }).check();
  await expect(
    preview
      .getByRole('listitem')
      .filter({ hasText: 'Dobutamine' })
      .getByText('Correct answer', { exact: true }),
  ).toBeVisible();
  await expect(preview.getByText('Dobutamine is a beta-1 agonist.')).toBeVisible();
  await expectScreenOk(page);

  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(status(page)).toHaveText('Submitted');
  // The page says who acts next, in words.
  await expect(
    page.getByText('Waiting for an auditor to review it: they publish it or send it back for revision.'),
  ).toBeVisible();
  const questionUrl = page.url();
  expect(questionUrl).toMatch(/\/questions\/[0-9a-f-]{36}$/);

  // The auditor finds it in the review queue, comments, and sends it back with a reason.
  await switchTo(page, auditor);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Questions' }).click();
  await expect(page.getByRole('tab', { name: /^Submitted \d+$/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Search').fill(name);
  // The list dims while the search runs (after a short pause in typing): the screen is checked on its answer.
  await expect(page.getByRole('status').filter({ hasText: /^1 question$/ })).toBeVisible();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expectScreenOk(page);
  // At 1280 px the table's status column shows each status whole; at 375 px the cards do too.
  await expectBadgesWhole(page);
  await page.setViewportSize({ width: 375, height: 720 });
  await expectBadgesWhole(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Walt Writer', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Physiology › Cardiovascular › Cardiac cycle and valves')).toBeVisible();
  await expect(page.getByRole('region', { name: 'As the learner sees it' }).locator('strong')).toHaveText(
    'increases',
  );
  await page.getByLabel('Add a comment').fill('Good vignette; one thing to fix.');
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByText('Good vignette; one thing to fix.')).toBeVisible();
  await expectScreenOk(page);

  await page.getByRole('button', { name: 'Send back for revision' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send back for revision' });
  await dialog.getByLabel('What needs to change?').fill('Name the drug class in the stem.');
  await expectScreenOk(page);
  await dialog.getByRole('button', { name: 'Send back for revision' }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveText('Needs revision');
  await expect(page.getByText('Name the drug class in the stem.')).toBeVisible();

  // The writer reads the comment, fixes the stem and resubmits.
  await switchTo(page, writer);
  await openFromList(page, name);
  await expect(status(page)).toHaveText('Needs revision');
  await expect(page.getByText('Name the drug class in the stem.')).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit question' })).toBeVisible();
  // The edit page shows the auditor's comments, and who acts next.
  const thread = page.getByRole('region', { name: 'Comments' });
  await expect(thread.getByText('Name the drug class in the stem.')).toBeVisible();
  await expect(thread.getByText('Good vignette; one thing to fix.')).toBeVisible();
  await expect(
    page.getByText('Waiting for its writer to revise it: they resubmit it for review.'),
  ).toBeVisible();
  await expectScreenOk(page);
  const editStem = page.getByRole('textbox', { name: 'Stem' });
  await editStem.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Choose the inotrope.');
  await page.getByRole('button', { name: 'Resubmit for review' }).click();
  await expect(page).toHaveURL(questionUrl);
  await expect(status(page)).toHaveText('Submitted');

  // The auditor publishes it.
  await switchTo(page, auditor);
  await page.goto(questionUrl);
  await expect(status(page)).toHaveText('Submitted');
  // Publish asks first; Cancel has the focus, and the keyboard alone confirms.
  const publishButton = page.getByRole('button', { name: 'Publish' });
  await publishButton.click();
  const publish = page.getByRole('dialog', { name: 'Publish this question?' });
  await expect(publish).toBeVisible();
  await expect(publish.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectScreenOk(page);
  await page.keyboard.press('Escape');
  await expect(publish).toBeHidden();
  await expect(publishButton).toBeFocused();
  await expect(status(page)).toHaveText('Submitted');
  await publishButton.click();
  await page.keyboard.press('Tab');
  await expect(publish.getByRole('button', { name: 'Publish' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Published');
  await expect(
    page.getByText(
      'Published: learners see it. Its writer or an auditor can revise it; learners keep this version until the revision is published.',
    ),
  ).toBeVisible();

  // The history lists every version, newest first; Compare shows the stem's change side by side.
  const versions = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
  await expect(versions).toHaveCount(4);
  await expect(versions.first()).toContainText('Version 4');
  await expect(versions.first()).toContainText('Published');
  await expect(versions.last()).toContainText('Version 1');
  await expect(versions.last()).toContainText('Created');
  await page.getByRole('combobox', { name: 'Older' }).click();
  await page.getByRole('option', { name: 'Version 1', exact: true }).click();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const compare = page.getByRole('region', { name: 'Version 1 compared with version 4' });
  await expect(compare.getByRole('heading', { name: 'Stem' })).toBeVisible();
  await expect(compare.locator('ins').first()).toContainText('inotrope');
  await expect(compare.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(compare.getByText('Version 4', { exact: true })).toBeVisible();
  await expectScreenOk(page);
});

/** Writes a new question with four choices and saves it as a draft with Ctrl/Cmd+S; answers its id. */
async function writeDraft(page: Page, name: string): Promise<string> {
  await page.goto('/questions/new');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('textbox', { name: 'Stem' }).fill(`${name}: which is right?`);
  for (const letter of ['A', 'B', 'C', 'D'])
    await page.getByRole('textbox', { name: `Choice ${letter}` }).fill(`Answer ${letter}`);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Saved as version 1.')).toBeVisible();
  await expect(page).toHaveURL(/\/questions\/[0-9a-f-]{36}\/edit$/);
  return page.url().split('/').at(-2)!;
}

test('the editor saves with Ctrl+S, asks before leaving unsaved changes, offers Reload on a stale save; J/K walk the list', async ({
  page,
  newUser,
}) => {
  test.setTimeout(120_000);
  const writer = await newUser(like.writer);
  await signInAs(page, writer);
  const tag = randomBytes(3).toString('hex');
  const first = await writeDraft(page, `Alpha ${tag}`);

  // A field left in error is said, and focused, before anything is sent.
  await page.getByRole('textbox', { name: 'Choice A' }).fill('');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Write this choice or remove it')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Choice A' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Choice A' }).fill('Answer A');

  // Leaving with unsaved changes asks first; staying keeps them.
  await page.getByLabel('Name').fill(`Alpha ${tag} renamed`);
  await page.getByRole('link', { name: 'Back to the question' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await expectScreenOk(page);
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`/questions/${first}/edit$`));
  await expect(page.getByLabel('Name')).toHaveValue(`Alpha ${tag} renamed`);

  // Someone saves the same question in another tab: this tab's save is refused and offers Reload.
  const other = await page.context().newPage();
  await other.goto(`/questions/${first}/edit`);
  await other.getByLabel('Name').fill(`Alpha ${tag} from the other tab`);
  await other.getByRole('button', { name: 'Save draft' }).click();
  await expect(other.getByText('Saved as version 2.')).toBeVisible();
  await other.close();
  await page.keyboard.press('ControlOrMeta+s');
  const conflict = page.getByRole('alert').filter({ hasText: 'This question was changed by someone else' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(`Alpha ${tag} from the other tab`);

  // J and K walk the list the question was opened from.
  const second = await writeDraft(page, `Beta ${tag}`);
  await page.goto(`/questions?view=WRITER&q=${tag}&sort=name.ASC`);
  await page.getByRole('link', { name: `Alpha ${tag} from the other tab` }).click();
  await expect(page).toHaveURL(new RegExp(`/questions/${first}$`));
  await expect(page.getByText('Question 1 of 2 in your list.')).toBeVisible();
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/questions/${second}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Beta ${tag}` })).toBeVisible();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page).toHaveURL(new RegExp(`/questions/${first}$`));
  await page.getByRole('link', { name: 'Back to My Questions' }).click();
  await expect(page).toHaveURL(/\/questions\?view=WRITER&q=/);
  await expect(page.getByLabel('Search')).toHaveValue(tag);
});

test('an admin publishes, edits and restores a version; once deleted, Restore ends on the error page', async ({
  page,
  newUser,
}) => {
  test.setTimeout(120_000);
  const admin = await newUser(like.admin);
  await signInAs(page, admin);
  const name = `Admin question ${uniqueWord()}`;
  await page.goto('/questions/new');
  // An admin may start a question in any status but Deleted.
  await expect(
    page.getByRole('button', { name: /^(Save draft|Submit for review|Save as needing revision|Publish)$/ }),
  ).toHaveCount(4);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('textbox', { name: 'Stem' }).fill('Which vaccine is live attenuated?');
  for (const [letter, text] of [
    ['A', 'MMR'],
    ['B', 'Tetanus toxoid'],
    ['C', 'Hepatitis B'],
    ['D', 'Influenza (injected)'],
  ] as const)
    await page.getByRole('textbox', { name: `Choice ${letter}` }).fill(text);
  // Publishing needs the correct answer: said on the field before anything is sent.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Pick the correct answer first')).toBeVisible();
  await page.getByRole('radio', { name: 'A is correct' }).check();
  await page.getByRole('button', { name: 'Publish' }).click();
  // The editor asks before publishing too.
  const publish = page.getByRole('dialog', { name: 'Publish this question?' });
  await expect(publish).toContainText('Learners subscribed to this QBank will see it');
  await expectScreenOk(page);
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(status(page)).toHaveText('Published');
  const questionUrl = page.url();

  // An edit is a new version; Restore brings version 1's content back as version 3.
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Name').fill(`${name} v2`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the question' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} v2` })).toBeVisible();
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expectScreenOk(page);
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Restored. This is now version 3.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  const versions = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
  await expect(versions.first()).toContainText('Restored version 1');

  // Deleted: it leaves My Questions' lists, and its older versions cannot be restored (SPEC §8).
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this question?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/questions$/);
  await page.goto(questionUrl);
  await expect(status(page)).toHaveText('Deleted');
  await page.getByRole('button', { name: 'Restore version 2' }).click();
  await page
    .getByRole('dialog', { name: 'Restore version 2?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page).toHaveURL(/\/error\?msgId=restoreDeletedQuestion$/);
  await expect(page.getByText('older versions cannot be restored')).toBeVisible();
});

test('a writer who also audits switches views; the review queue opens on Submitted', async ({
  page,
  newUser,
}) => {
  const both = await newUser({
    label: 'writer-auditor',
    firstName: 'Wanda',
    lastName: 'Both',
    qbanks: { 'USMLE Step 1 Mastery': ['writer', 'auditor'] },
  });
  await signInAs(page, both);
  await page.goto('/questions');
  const views = page.getByRole('radiogroup', { name: 'View' });
  await expect(views.getByRole('radio', { name: 'My questions' })).toBeChecked();
  await expect(page.getByRole('tab', { name: /^All \d+$/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Author')).toHaveCount(0);
  await views.getByText('Review queue').click();
  await expect(page).toHaveURL(/view=AUDITOR/);
  await expect(page.getByRole('tab', { name: /^Submitted \d+$/ })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('textbox', { name: 'Author' }).or(page.getByRole('combobox', { name: 'Author' })),
  ).toBeVisible();
  await expectScreenOk(page);
});

test('a writer explains a choice: the field opens under it, the preview shows it there, and one save keeps it', async ({
  page,
  newUser,
}) => {
  const writer = await newUser(like.writer);
  await signInAs(page, writer);
  const name = `Explained choice ${uniqueWord()}`;
  await page.goto('/questions/new');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('textbox', { name: 'Stem' }).fill('Which valve closes first in systole?');
  await page.getByRole('button', { name: 'Remove choice D' }).click();
  await page.getByRole('button', { name: 'Remove choice C' }).click();
  for (const [letter, text] of [
    ['A', 'Mitral'],
    ['B', 'Aortic'],
  ] as const)
    await page.getByRole('textbox', { name: `Choice ${letter}` }).fill(text);
  await page.getByRole('radio', { name: 'A is correct' }).check();
  await page.getByRole('button', { name: 'Add an explanation of B' }).click();
  const why = page.getByRole('textbox', { name: 'Explanation of choice B (optional)' });
  await expect(why).toBeFocused();
  await page.keyboard.type('The aortic valve opens in systole; it closes at S2.');

  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByRole('switch', { name: 'Show the correct answer and explanation' }).check();
  const choiceB = preview.getByRole('listitem').filter({ hasText: 'Aortic' });
  await expect(choiceB.getByText('Why B is wrong')).toBeVisible();
  await expect(choiceB.getByText('The aortic valve opens in systole; it closes at S2.')).toBeVisible();
  await expectScreenOk(page);

  // One save, one version; opened again, the editor shows the explanation in its field, the others closed.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved as version 1.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Explanation of choice B (optional)' })).toHaveText(
    'The aortic valve opens in systole; it closes at S2.',
  );
  await expect(page.getByRole('button', { name: 'Add an explanation of A' })).toBeVisible();
});
