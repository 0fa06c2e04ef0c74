import { expect, expectAccessible, expectNoHorizontalOverflow, like, signInAs, test } from './fixtures';

test.describe('Super → Users (docs/superuser.md)', () => {
  test('a superuser lands on Super, finds a user, disables them (their sign-in is refused) and enables them', async ({
    page,
    browser,
    newUser,
  }) => {
    const target = await newUser(like.learner);
    await signInAs(page, await newUser(like.superuser));
    await expect(page).toHaveURL(/\/superuser$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Super', exact: true })).toBeVisible();
    // Opening the dashboard leads here too: a superuser without a QBank has nothing to buy there.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/superuser$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Platform health' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(target.email.toUpperCase());
    await expect(page).toHaveURL(/search=/);
    const link = page.getByRole('link', { name: target.email });
    await expect(link).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: 'Users 1–1' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('no-such-user-anywhere');
    await expect(page.getByRole('heading', { name: 'No user matches this search' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(target.email);
    await link.click();

    await expect(
      page.getByRole('heading', { level: 1, name: `${target.firstName} ${target.lastName}` }),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: 'USMLE Step 1 Mastery' })).toBeVisible();
    await expectAccessible(page);

    // Disable: asked first; Cancel changes nothing.
    await page.getByRole('button', { name: 'Disable account' }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${target.email}?` });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Disable account' }).click();
    await dialog.getByRole('button', { name: 'Disable account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Account disabled' })).toBeVisible();
    await expect(page.getByText('This account is disabled')).toBeVisible();

    // The disabled user's sign-in is refused, with the reason.
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await theirs.goto('/login');
    await theirs.getByLabel('Email').fill(target.email);
    await theirs.getByLabel('Password', { exact: true }).fill(target.password);
    await theirs.getByRole('button', { name: 'Sign In' }).click();
    await expect(theirs.getByRole('alert')).toContainText('This account is disabled');
    await expect(theirs).toHaveURL(/\/login$/);

    // Enable: they sign in again.
    await page.getByRole('button', { name: 'Enable account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enable account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Account enabled' })).toBeVisible();
    await theirs.getByRole('button', { name: 'Sign In' }).click();
    await expect(theirs).toHaveURL(/\/dashboard$/);
    await other.close();
  });

  test('Super and a user fit a 375 px screen, with no axe violations', async ({ page, newUser }) => {
    const target = await newUser(like.admin);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, await newUser(like.superuser));
    await page.getByRole('searchbox', { name: 'Search users' }).fill(target.email);
    // The search's own answer (one user), not the unfiltered list it replaces: axe must not measure the list
    // dimmed while it is fetched again.
    await expect(page.getByRole('status').filter({ hasText: /^Users 1–1$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: target.email })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: target.email }).click();
    await expect(page.getByRole('button', { name: 'End all sessions' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
