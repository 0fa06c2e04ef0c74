import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectScreenOk,
  signInAs,
  test,
} from './fixtures';

// The Students screen (docs/roster.md) over the demo class of USMLE Step 1 Mastery: an instructor finds a student,
// filters by activity and access, sorts by a column, exports what is listed; at 1280×800 and at 375 px.

const USMLE = 'USMLE Step 1 Mastery';
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /^(Students \d|1 student$)/ });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Students (the roster)', () => {
  test('an instructor finds, filters, sorts and exports the class', async ({ page, newUser }) => {
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await expect(sidebar(page).getByRole('link')).toHaveText(['Students', 'Test Bank', 'Test Builder']);
    await sidebar(page).getByRole('link', { name: 'Students' }).click();
    await expect(page).toHaveURL(/\/roster$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
    await expect(status(page)).toHaveText(/^Students 1–\d+ of \d+$/);
    // The seats the class takes, against the plan's included 50.
    await expect(page.getByText(/^Seats: \d+ of 50 included/)).toBeVisible();

    // Search: the address follows once typing pauses, and a reload keeps it.
    await search(page).fill('okafor');
    await expect(page).toHaveURL(/\/roster\?q=okafor$/);
    await expect(status(page)).toHaveText('1 student');
    const row = page.getByRole('row', { name: /Amara Okafor/ });
    await expect(row).toContainText('amara.okafor@example.com');
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('cell').nth(5)).toHaveText(/^\d+ %$/); // after the tick, name, e-mail, plan, used
    await expectAccessible(page);
    await page.reload();
    await expect(search(page)).toHaveValue('okafor');
    await expect(page.getByRole('row', { name: /Amara Okafor/ })).toBeVisible();

    // Nobody matches: the empty state offers to clear the filters.
    await search(page).fill('no such student anywhere');
    await expect(page.getByRole('heading', { name: 'No students match these filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(search(page)).toHaveValue('');
    await expect(status(page)).toHaveText(/^Students 1–\d+ of \d+$/);

    // Inactive for a month: Dana (40 days ago), not Amara (yesterday); Jonas's access has ended.
    await choose(page, 'Activity', 'Inactive for 30 days or more');
    await expect(page.getByRole('row', { name: /Dana Kowalski/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Amara Okafor/ })).toHaveCount(0);
    await expect(page.getByRole('row', { name: /Jonas Berg/ })).toHaveCount(0);
    await choose(page, 'Access', 'Access ended');
    await expect(page.getByRole('row', { name: /Jonas Berg/ })).toContainText('Access ended');
    await choose(page, 'Access', 'With access');
    await choose(page, 'Activity', 'Any time');

    // A column's header sorts by it, highest first, then the other way round.
    const correct = page.getByRole('columnheader', { name: 'Correct' });
    await correct.getByRole('button').click();
    await expect(correct).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=percentCorrect&order=DESC/);
    await correct.getByRole('button').press('Enter');
    await expect(correct).toHaveAttribute('aria-sort', 'ascending');

    // The export takes what is listed: the filters and the order.
    await search(page).fill('berg');
    await choose(page, 'Access', 'Everyone but the removed');
    // The search reaches the address (and the export's link) once typing pauses.
    await expect(page).toHaveURL(/q=berg.*status=ALL|status=ALL.*q=berg/);
    await expect(status(page)).toHaveText('1 student');
    await page.getByRole('button', { name: 'Export' }).click();
    const csvLink = page.getByRole('menuitem', { name: 'CSV (.csv)' });
    const href = (await csvLink.getAttribute('href'))!;
    expect(href).toContain('format=csv');
    expect(href).toContain('status=ALL');
    const csv = await page.request.get(href);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Jonas,Berg,jonas.berg@example.com,PREMIUM,Ended');
    expect(text.trim().split('\r\n')).toHaveLength(2);
    await page.keyboard.press('Escape');
    await expectAccessible(page);
  });

  test('at 375 px the students are cards and the filters fold away', async ({ page, newUser }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await page.goto('/roster?q=tanaka');
    const card = page.getByRole('listitem').filter({ hasText: 'Hiro Tanaka' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Questions used');
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeHidden();
    await page.getByRole('button', { name: 'Filters and sorting' }).click();
    await choose(page, 'Sort by', 'Tests taken, highest first');
    await expect(page).toHaveURL(/sort=testsTaken&order=DESC/);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });

  test('an instructor groups students into a cohort, follows it, and archives it', async ({
    page,
    newUser,
  }) => {
    const name = `Group ${Math.random().toString(36).slice(2, 8)}`;
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await page.goto('/roster');
    await expect(status(page)).toHaveText(/^Students 1–\d+ of \d+$/);

    await page.getByRole('button', { name: 'Manage cohorts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cohorts' });
    await dialog.getByRole('textbox', { name: 'New cohort' }).fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(name, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'New cohort' })).toHaveValue('');
    // The same name again, in other letters: refused on the field.
    await dialog.getByRole('textbox', { name: 'New cohort' }).fill(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(
      dialog.getByText(`A cohort named "${name.toUpperCase()}" already exists in this QBank`),
    ).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Tick two students (found by name: the class is longer than a page) and add them; ticks outlive searches.
    await search(page).fill('okafor');
    await page.getByRole('checkbox', { name: 'Select Amara Okafor' }).check();
    await search(page).fill('silva');
    await page.getByRole('checkbox', { name: 'Select Bruno Silva' }).check();
    await expect(page.getByText('2 students selected')).toBeVisible();
    await page.getByRole('button', { name: 'Add to cohort' }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page.getByText(`2 students added to ${name}`)).toBeVisible();
    await expect(page.getByRole('row', { name: /Bruno Silva/ })).toContainText(name);
    await search(page).fill('');

    // Follow the cohort: only its students; take one out.
    await choose(page, 'Cohort', name);
    await expect(status(page)).toHaveText('Students 1–2 of 2');
    await page.getByRole('checkbox', { name: 'Select Bruno Silva' }).check();
    await page.getByRole('button', { name: `Remove from ${name}` }).click();
    await expect(page.getByText(`1 student taken out of ${name}`)).toBeVisible();
    await expect(status(page)).toHaveText('1 student');
    await expectAccessible(page);

    // Rename it, then archive it: it leaves the filter's choices and the students' rows.
    await page.getByRole('button', { name: 'Manage cohorts' }).click();
    await dialog.getByRole('button', { name: `Rename ${name}` }).click();
    await dialog.getByRole('textbox', { name: `New name for ${name}` }).fill(`${name} (A)`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(`${name} (A)`, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: `Archive ${name} (A)` }).click();
    await expect(dialog.getByText('(archived)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await choose(page, 'Cohort', 'Any cohort');
    await search(page).fill('okafor');
    await expect(page.getByRole('row', { name: /Amara Okafor/ })).not.toContainText(name);
  });

  test("an instructor opens a student's page from the list", async ({ page, newUser }) => {
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await page.goto('/roster?q=chen');
    await page.getByRole('link', { name: 'Chen Wei' }).click();
    await expect(page).toHaveURL(/\/roster\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Chen Wei' })).toBeVisible();
    await expect(page.getByText('chen.wei@example.com')).toBeVisible();
    await expect(page.getByText('Tests taken')).toBeVisible();
    const subjects = page.getByRole('region', { name: 'By subject' });
    await expect(subjects.getByRole('row').nth(1)).toContainText('%');
    // Beside the cohort's and every student's percent in the same subject.
    await expect(subjects.getByRole('columnheader')).toHaveText([
      'Subject',
      'Answered',
      'Correct',
      'Year 2 · Group A',
      'All students',
    ]);
    await expect(page.getByRole('region', { name: 'Recent tests' }).getByRole('listitem')).toHaveCount(3);
    // Twelve weeks of activity: Chen's two tests, 9 and 12 days ago, and the warm-up assigned two weeks ago.
    const weeks = page.getByRole('list', { name: 'Tests started each week' }).getByRole('listitem');
    await expect(weeks).toHaveCount(12);
    await expect(page.getByRole('region', { name: 'Activity' })).toContainText('3 in all');
    await expect(page.getByRole('region', { name: 'Assignments' })).toContainText('Week 1 warm-up');
    await expectScreenOk(page);
    // A finished test opens as its review, read-only: answers and explanations, no learner's actions.
    await page.getByRole('region', { name: 'Recent tests' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/roster\/[0-9a-f-]{36}\/tests\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Review: / })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Score \d+%$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Report a problem/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create a test from my incorrect answers' })).toHaveCount(
      0,
    );
    await expectScreenOk(page);
    await page.getByRole('link', { name: 'The student' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chen Wei' })).toBeVisible();
    await page.getByRole('link', { name: 'Students' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  });

  test('an instructor suspends a student, who loses the QBank at once, and restores them', async ({
    page,
    browser,
    newUser,
  }) => {
    const lastName = `Held${Math.random().toString(36).slice(2, 8)}`;
    const held = await newUser({
      label: 'held',
      firstName: 'Hollis',
      lastName,
      qbanks: { [USMLE]: 'student' },
    });
    const learner = await browser.newPage();
    await signInAs(learner, held);
    const products = async () =>
      ((await (await learner.request.get('/api/v2/users/me')).json()) as { subscriptions: unknown[] })
        .subscriptions.length;
    expect(await products()).toBe(1);

    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await page.goto(`/roster?q=${lastName}`);
    await expect(status(page)).toHaveText('1 student');
    await page.getByRole('checkbox', { name: `Select Hollis ${lastName}` }).check();
    await page.getByRole('button', { name: 'Access' }).click();
    await page.getByRole('menuitem', { name: 'Suspend…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend 1 student?' });
    await expect(dialog).toContainText('Their access to this QBank ends at once');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText('1 student suspended')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No students match these filters' })).toBeVisible();
    expect(await products()).toBe(0);

    await choose(page, 'Access', 'Suspended');
    const row = page.getByRole('row', { name: new RegExp(`Hollis ${lastName}`) });
    await expect(row).toContainText('Suspended');

    // On a phone, from the student's page: restore them.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('link', { name: `Hollis ${lastName}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Hollis ${lastName}` })).toBeVisible();
    await expect(page.getByText('Suspended', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Restore access' }).click();
    const restore = page.getByRole('dialog', { name: `Restore Hollis ${lastName}?` });
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('1 student restored')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suspend' })).toBeVisible();
    await expect(page.getByText('Suspended', { exact: true })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    expect(await products()).toBe(1);
    await learner.close();
  });
});
