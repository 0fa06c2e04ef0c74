import { expect, expectAccessible, expectNoHorizontalOverflow, signInAs, test } from './fixtures';

// Performance tracking (docs/performance.md) over the demo class of USMLE Step 1 Mastery: an instructor opens it
// from Students, reads the progress chart, the weakest subjects, the students at risk and the heat map, follows
// a subject to its column and a name to the student's page; at 1280×800 and at 375 px.

const USMLE = 'USMLE Step 1 Mastery';

test.describe('Performance', () => {
  test('an instructor reads the class’s progress, weak spots and who is at risk', async ({
    page,
    newUser,
  }) => {
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Students' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
    await page.getByRole('link', { name: 'Performance' }).click();
    await expect(page).toHaveURL(/\/roster\/performance$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();

    // The chart: a bar per week with its words, and the same figures as a table.
    const progress = page.getByRole('region', { name: 'Progress' });
    await expect(progress.getByRole('list', { name: 'Answers each week' }).getByRole('listitem')).toHaveCount(
      12,
    );
    await expect(progress).toContainText(/\d+ answers in the last 12 weeks, \d+% correct/);
    await progress.getByRole('button', { name: 'Show as a table' }).click();
    await expect(progress.getByRole('table')).toBeVisible();
    await expect(progress.getByRole('columnheader', { name: 'Active students' })).toBeVisible();
    await expect(progress.getByRole('row')).toHaveCount(13);

    // Weakest subjects, weakest first.
    const weakest = page.getByRole('region', { name: 'Weakest subjects' });
    const subjects = weakest.getByRole('listitem');
    await expect(subjects.first()).toContainText(/\d+% correct/);
    const firstSubject = (await subjects.first().getByRole('link').textContent())!;

    // The heat map: a real table, subjects across, students down, a number in every answered cell.
    const heat = page.getByRole('region', { name: 'Heat map', exact: true });
    const table = heat.getByRole('table');
    await expect(table.getByRole('columnheader', { name: firstSubject, exact: true })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Amara Okafor' })).toBeVisible();
    await expect(
      table
        .getByRole('row', { name: /Amara Okafor/ })
        .getByRole('cell')
        .first(),
    ).toHaveText(/^(\d+%\d+\/\d+|—No answers)$/);
    // A subject leads to its column of the heat map.
    await subjects.first().getByRole('link').click();
    await expect(table.getByRole('columnheader', { name: firstSubject, exact: true })).toBeFocused();

    // Students at risk, most at risk first, each with its reasons in words. (The demo class's activity moves
    // with its assignments' attempts, so no one student is named here.)
    const risk = page.getByRole('region', { name: 'Students at risk' });
    const atRisk = risk.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(atRisk.first()).toContainText(/Inactive 14\+ days|Under 50% correct/);
    const firstAtRisk = (await atRisk.first().getByRole('link').textContent())!;
    await expectAccessible(page);

    // The thresholds apply once typing pauses, and the address keeps them.
    const inactiveFor = page.getByLabel('At risk: inactive for (days)');
    await inactiveFor.fill('60');
    await expect(page).toHaveURL(/inactive=60/);
    await expect(risk).toContainText('Inactive for 60 days or more');
    await expect(risk.getByText('Inactive 14+ days')).toHaveCount(0);
    await inactiveFor.fill('14');
    await expect(page).toHaveURL(/\/roster\/performance$/);
    await expect(atRisk.first().getByRole('link')).toHaveText(firstAtRisk);

    // The cohort selector narrows every figure; the address keeps it.
    await page.getByRole('combobox', { name: 'Cohort' }).click();
    const option = page.getByRole('option').nth(1);
    const cohortName = (await option.textContent())!;
    await option.click();
    await expect(page).toHaveURL(/cohort=/);
    await expect(page.getByText(`${USMLE} · ${cohortName}`)).toBeVisible();
    await page.getByRole('combobox', { name: 'Cohort' }).click();
    await page.getByRole('option', { name: 'All students' }).click();
    await expect(page).toHaveURL(/\/roster\/performance$/);

    // A name at risk opens the student's page.
    await risk.getByRole('link', { name: firstAtRisk, exact: true }).click();
    await expect(page).toHaveURL(/\/roster\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: firstAtRisk })).toBeVisible();
  });

  test('at 375 px the page fits and the heat map scrolls in its own box', async ({ page, newUser }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await page.goto('/roster/performance');
    await expect(page.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();
    const box = page.getByRole('region', { name: 'Heat map', exact: true }).getByRole('region', {
      name: 'Heat map table, scrolls sideways',
    });
    await expect(box).toBeVisible();
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The keyboard reaches it and scrolls it.
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
