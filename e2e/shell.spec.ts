import type { Page } from '@playwright/test';
import {
  askServerForFirstCalls,
  createTestThroughApi,
  expect,
  expectAccessible,
  expectScreenOk,
  like,
  openHeldBack,
  signInAs,
  test,
  webhooksDelivered,
} from './fixtures';

const header = (page: Page) => page.getByRole('banner');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
const sidebarLinks = (page: Page) => sidebar(page).getByRole('link');
// In the shell the footer sits inside <main>, so it is no contentinfo landmark there.
const footer = (page: Page) => page.locator('footer');
const burger = (page: Page) => page.getByRole('button', { name: 'Toggle sidebar' });

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Makes `name` the active product through the user menu, unless it already is. */
async function makeActive(page: Page, name: string) {
  if (await header(page).getByText(name, { exact: true }).isVisible()) return;
  await openUserMenu(page);
  await page.getByRole('menuitem', { name }).click();
  await expect(header(page).getByText(name, { exact: true })).toBeVisible();
}

test.describe('signed-in shell', () => {
  test('change the active product: header, sidebar, title prefix follow it and it is remembered', async ({
    page,
    newUser,
  }) => {
    // An admin of two QBanks, as the demo admin: NCLEX-RN Review (with its own domain and colours) and USMLE.
    const admin = await newUser(like.admin);
    await signInAs(page, admin);
    await expect(header(page).getByText('NCLEX-RN Review', { exact: true })).toBeVisible();
    await expect(header(page)).toHaveCSS('background-color', 'rgb(11, 79, 108)');
    // SPEC §2: the page title prefix is the product's domain name.
    await expect(page).toHaveTitle('nclex.qbankcloud.com | Dashboard');
    await expect(sidebarLinks(page)).toHaveText(['My Questions', 'Students', 'Admin']);
    await expectScreenOk(page);

    await openUserMenu(page);
    const menu = page.getByRole('menu');
    await expect(menu.getByText(`${admin.email} · NCLEX-RN Review`)).toBeVisible();
    await expect(menu.getByText('Change active product')).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'USMLE Step 1 Mastery',
      'Visit Store',
      'Account Settings',
      'Logout',
    ]);
    await expectScreenOk(page);

    // Changing the product from another page goes to /dashboard.
    await page.keyboard.press('Escape');
    await sidebar(page).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page).toHaveTitle(/^nclex\.qbankcloud\.com/);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'USMLE Step 1 Mastery' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(header(page).getByText('USMLE Step 1 Mastery', { exact: true })).toBeVisible();
    // USMLE has no domain of its own: the platform's is the prefix.
    await expect(page).toHaveTitle('qbankcloud.com | Dashboard');
    await expect(sidebarLinks(page)).toHaveText([
      'My Questions',
      'Students',
      'Test Bank',
      'Test Builder',
      'Admin',
    ]);
    await expectScreenOk(page);

    await page.reload(); // the server remembers the last used product
    await expect(header(page).getByText('USMLE Step 1 Mastery', { exact: true })).toBeVisible();
    await openUserMenu(page);
    await expect(page.getByRole('menu').getByRole('menuitem').first()).toHaveText('NCLEX-RN Review');
    await page.getByRole('menuitem', { name: 'NCLEX-RN Review' }).click();
    await expect(header(page).getByText('NCLEX-RN Review', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('nclex.qbankcloud.com | Dashboard');

    // The dashboard's QBank cards: the active one says so, another opens with one click, and back.
    await expect(page.getByText('Active', { exact: true })).toHaveCount(1);
    await page.getByRole('button', { name: 'Open USMLE Step 1 Mastery' }).click();
    await expect(header(page).getByText('USMLE Step 1 Mastery', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectScreenOk(page);
    await page.getByRole('button', { name: 'Open NCLEX-RN Review' }).click();
    await expect(header(page).getByText('NCLEX-RN Review', { exact: true })).toBeVisible();

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page).toHaveTitle('nclex.qbankcloud.com | Account Settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await expectScreenOk(page);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Visit Store' }).click();
    await expect(page).toHaveURL(/\/store$/);
    const nclex = page.getByRole('article').filter({ hasText: 'NCLEX-RN Review' });
    await expect(nclex.getByText('Admin Access')).toBeVisible(); // PRIVILEGED
    await expect(nclex.getByRole('button', { name: 'Open QBank' })).toBeVisible();
    await expectScreenOk(page);
    // Open QBank on a product page makes that QBank the active one.
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery', exact: true }).click();
    // The product page's code loads on first use: the store stays on screen until it is there.
    await expect(page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' })).toBeVisible();
    await page.getByRole('button', { name: 'Open QBank' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(header(page).getByText('USMLE Step 1 Mastery', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('qbankcloud.com | Dashboard');

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(/^qbankcloud\.com/);
  });

  test('one subscription: no product switch; a student sees Dashboard, Start Test and My Tests', async ({
    page,
    newUser,
  }) => {
    await signInAs(page, await newUser(like.learner));
    await expect(sidebarLinks(page)).toHaveText(['Dashboard', 'Start Test', 'My Tests']);
    await expect(page).toHaveTitle('qbankcloud.com | Dashboard');
    await openUserMenu(page);
    await expect(page.getByRole('menu').getByText('Change active product')).toHaveCount(0);
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Visit Store',
      'Account Settings',
      'Logout',
    ]);
    await page.keyboard.press('Escape');
    await sidebar(page).getByRole('link', { name: 'My Tests' }).click();
    await expect(page).toHaveURL(/\/tests$/);
    await expectScreenOk(page);
  });

  test('on a phone the sidebar opens from the hamburger and closes on navigation', async ({
    page,
    newUser,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, await newUser(like.learner));
    await expect(page.locator('nav.mantine-AppShell-navbar')).not.toBeInViewport();
    await expect(sidebar(page)).toBeHidden(); // out of the tab order too
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar(page)).toBeVisible();
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
    await expectScreenOk(page);
    await sidebar(page).getByRole('link', { name: 'Start Test' }).click();
    await expect(page).toHaveURL(/\/tests\/create$/);
    await expect(sidebar(page)).toBeHidden();
  });

  test('on a wide screen the hamburger hides and shows the sidebar, by keyboard too', async ({
    page,
    newUser,
  }) => {
    await signInAs(page, await newUser(like.learner));
    await expect(sidebar(page)).toBeVisible();
    await expect(burger(page)).toBeVisible();
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(burger(page)).toHaveAttribute('aria-controls', 'app-sidebar');

    await burger(page).focus();
    await page.keyboard.press('Enter');
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page)).toBeHidden(); // out of the tab order too
    await expect(page.locator('nav.mantine-AppShell-navbar')).not.toBeInViewport();
    // The page takes the sidebar's room.
    await expect.poll(() => page.getByRole('main').evaluate((m) => m.getBoundingClientRect().left)).toBe(0);
    await expectAccessible(page);

    await page.keyboard.press('Space');
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page)).toBeVisible();
    // On a wide screen, following a link leaves the sidebar open.
    await sidebar(page).getByRole('link', { name: 'My Tests' }).click();
    await expect(page).toHaveURL(/\/tests$/);
    await expect(sidebar(page)).toBeVisible();
  });

  test("USE_CUSTOM_QBANK_LOGO_COLOR 'true' draws the header's logo in the product's header text colour", async ({
    page,
    newUser,
  }) => {
    await signInAs(page, await newUser(like.admin));
    await makeActive(page, 'NCLEX-RN Review');
    // Without the key, the logo keeps its own colours, on a light chip over NCLEX's dark header.
    const logo = header(page).getByRole('link', { name: 'QBank Cloud home' });
    await expect(logo.getByText('QBank Cloud')).toHaveCSS('color', 'rgb(15, 76, 134)');
    await expect(logo.locator('img')).toHaveAttribute('src', '/favicon.svg');
    await expectAccessible(page);

    // No screen sets a product's colours yet: the signed-in user's data is given the key for NCLEX (asked of
    // the server, not taken from the page).
    await askServerForFirstCalls(page);
    await page.route('**/api/v1/session', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      for (const sub of [...body.user.subscriptions, ...body.user.allSubscriptions])
        if (sub.product.name === 'NCLEX-RN Review') sub.product.colorMap.USE_CUSTOM_QBANK_LOGO_COLOR = 'true';
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await expect(header(page).getByText('NCLEX-RN Review', { exact: true })).toBeVisible();
    await expect(logo.getByText('QBank Cloud')).toHaveCSS('color', 'rgb(255, 255, 255)'); // HEADER_TEXT
    await expect(logo.locator('svg path')).toHaveAttribute('fill', '#ffffff');
    await expect(logo.locator('img')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a change of product or Open QBank that fails says why and stays put', async ({ page, newUser }) => {
    await signInAs(page, await newUser());
    // Two QBanks: the free USMLE sample, then a bought CPA course (which becomes the active one).
    await page.goto('/store');
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery', exact: true }).click();
    await page.getByRole('radio').filter({ hasText: 'Free sample' }).click();
    await page.getByRole('button', { name: 'Start Free Subscription' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/store');
    await page.getByRole('link', { name: 'CPA Audit & Attestation', exact: true }).click();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('button', { name: 'Pay $125' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(header(page).getByText('CPA Audit & Attestation', { exact: true })).toBeVisible();

    // Meanwhile the USMLE sample is cancelled elsewhere (another tab): this page still offers it.
    const session = await (await page.request.get('/api/v1/session')).json();
    const subsUrl = `/api/v2/users/${session.user.uuid}/subscriptions`;
    const subs: Array<{ subscriptionUuid: string; product: { name: string } }> = await (
      await page.request.get(subsUrl)
    ).json();
    const usmle = subs.find((s) => s.product.name === 'USMLE Step 1 Mastery')!;
    const cancel = await page.request.delete(`${subsUrl}/${usmle.subscriptionUuid}/cancel`, {
      headers: { 'X-CSRF-Token': session.accessToken },
    });
    expect(cancel.status()).toBe(200);

    // The user menu: the server refuses, the user is told why, nothing changes.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'USMLE Step 1 Mastery' }).click();
    const changeFailed = page
      .getByRole('alert')
      .filter({ hasText: 'Could not change the active product to USMLE Step 1 Mastery' });
    await expect(changeFailed).toContainText('You have no active subscription to this product');
    await expect(page).toHaveURL(/\/account$/);
    await expect(header(page).getByText('CPA Audit & Attestation', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // Open QBank on the store card and on the product page: the same.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Visit Store' }).click();
    const card = page.getByRole('article').filter({ hasText: 'USMLE Step 1 Mastery' });
    await card.getByRole('button', { name: 'Open QBank' }).click();
    const openFailed = page.getByRole('alert').filter({ hasText: 'Could not open USMLE Step 1 Mastery' });
    await expect(openFailed).toContainText('You have no active subscription to this product');
    await expect(page).toHaveURL(/\/store$/);
    await expect(card.getByRole('button', { name: 'Open QBank' })).toBeEnabled();
    await openFailed.getByRole('button', { name: 'Dismiss' }).click();
    await expect(openFailed).toHaveCount(0);

    await card.getByRole('link', { name: 'USMLE Step 1 Mastery', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' })).toBeVisible();
    // With a paid plan chosen a free member is offered the upgrade (issue 8); the free plan opens the QBank.
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    await page.getByRole('radio').filter({ hasText: 'Free sample' }).click();
    await page.getByRole('button', { name: 'Open QBank' }).click();
    await expect(openFailed).toContainText('You have no active subscription to this product');
    await expect(page).toHaveURL(/\/store\/products\//);
    await expect(page.getByRole('button', { name: 'Open QBank' })).toBeEnabled();
  });
});

test.describe('a test in progress (SPEC §2, §6)', () => {
  const TEST_ID = '3f2b8c1e-7d4a-4e6b-9c0d-1a2b3c4d5e6f';
  const IN_PROGRESS = '**/api/v2/tests/inprogress';
  /**
   * A running test stood in for, where the page must not care whose it is: the in-progress call answers as
   * the server does for a user who has one (its 200 and 404 answers are covered against the real database by
   * apps/server/src/test/api/tests.test.ts). Records each call.
   */
  async function withTestInProgress(page: Page) {
    const calls: string[] = [];
    await page.route(IN_PROGRESS, (route) => {
      calls.push(route.request().url());
      return route.fulfill({ status: 200, json: { uuid: TEST_ID, status: 'IN_PROGRESS' } });
    });
    return calls;
  }
  const frameHidden = async (page: Page) => {
    await expect(header(page)).toHaveCount(0);
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
    await expect(footer(page)).toHaveCount(0);
  };

  test('a student without one: the server answers 404 NOT_FOUND and the dashboard stays', async ({
    page,
    newUser,
  }) => {
    const learner = await newUser(like.learner);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v2/tests/inprogress'));
    await signInAs(page, learner);
    const res = await answer;
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'No test in progress',
    });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(footer(page)).toBeVisible();
  });

  test('a student with one lands on /tests/{id}/run: no header, sidebar or footer', async ({
    page,
    newUser,
    db,
  }) => {
    const learner = await newUser(like.learner);
    await signInAs(page, learner);
    const { uuid } = await createTestThroughApi(page, db, {
      qbank: 'USMLE Step 1 Mastery',
      mode: 'TIMED',
      numQuestions: 2,
    });
    // Signed in afresh (another day, another device): the test is the first page.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new RegExp(`/tests/${uuid}/run$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Question 1 of 2' })).toBeVisible();
    await frameHidden(page);
    await expectScreenOk(page);

    // Every other signed-in page sends the student back to the test.
    await page.goto('/account');
    await expect(page).toHaveURL(new RegExp(`/tests/${uuid}/run$`));
    await page.goto('/tests');
    await expect(page).toHaveURL(new RegExp(`/tests/${uuid}/run$`));
    await frameHidden(page);

    // With the user menu hidden, the page itself offers to sign out (in its menu).
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('a non-student is not sent to it; run hides header, sidebar and footer, review the footer', async ({
    page,
    newUser,
  }) => {
    const calls = await withTestInProgress(page);
    await signInAs(page, await newUser(like.writer));
    await sidebar(page).getByRole('link', { name: 'My Questions' }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/questions$/);
    expect(calls).toEqual([]); // only a student is asked about a test in progress (SPEC §6)
    await expect(footer(page)).toBeVisible();

    // Not the writer's test (nor anyone's): each page says so, in its frame.
    await page.goto(`/tests/${TEST_ID}/run`);
    await expect(page.getByRole('heading', { level: 1, name: 'No such test' })).toBeVisible();
    await frameHidden(page);

    await page.goto(`/tests/${TEST_ID}/review`);
    await expect(page.getByRole('heading', { level: 1, name: 'No such test' })).toBeVisible();
    await expect(header(page)).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
    await expect(footer(page)).toHaveCount(0);
    await expectScreenOk(page);
    expect(calls).toEqual([]);
  });
});

test.describe('Account Settings subscriptions', () => {
  test('a renewing purchase: cancel auto-renew, then turn it on again', async ({ page, newUser, db }) => {
    const user = await newUser();
    await signInAs(page, user);
    await page.goto('/store');
    await page.getByRole('link', { name: 'NCLEX-RN Review', exact: true }).click();
    const yearly = page.getByRole('radio').filter({ hasText: '1 year' });
    await expect(yearly).toHaveAttribute('aria-checked', 'true'); // $149, the most expensive
    await expect(yearly).toContainText('$149 every year');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('button', { name: 'Pay $149' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(page).toHaveTitle('nclex.qbankcloud.com | Dashboard');

    // PREMIUM on the store card: the bought plan with a check mark.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Visit Store' }).click();
    const card = page.getByRole('article').filter({ hasText: 'NCLEX-RN Review' });
    await expect(card.getByRole('img', { name: 'Subscribed' })).toBeVisible();
    await expect(card.getByText('1 year: $149 every year')).toBeVisible();
    await expect(card.getByText('3 months: $79.99 for 3 months')).toHaveCount(0);
    await card.getByRole('button', { name: 'Open QBank' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    const row = page.getByRole('row').filter({ hasText: 'NCLEX-RN Review' });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('1 year: $149 every year');
    await expect(row).toContainText(/Renews on \w+ \d{1,2}, \d{4}/);
    await expectScreenOk(page);

    // Turning auto-renew off asks first and says until when the paid access lasts (issue 8).
    const renews = (await row.textContent())!.match(/Renews on (\w+ \d{1,2}, \d{4})/)![1]!;
    await row.getByRole('button', { name: 'Cancel auto-renew' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off auto-renew?' });
    await expect(dialog).toContainText(
      `NCLEX-RN Review will not renew. You keep access to NCLEX-RN Review until ${renews}.`,
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText(`Renews on ${renews}`);
    await row.getByRole('button', { name: 'Cancel auto-renew' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(row).toContainText(`Ends on ${renews}`);
    await expect(row).toContainText('Active'); // access lasts until the period ends
    await expect(row.getByRole('button', { name: 'Cancel auto-renew' })).toHaveCount(0);
    await page.reload();
    await expect(row).toContainText(/Ends on /);

    await row.getByRole('button', { name: 'Turn on auto-renew' }).click();
    await expect(row).toContainText(/Renews on /);
    await expect(row.getByRole('button', { name: 'Cancel auto-renew' })).toBeVisible();
    // The provider's confirming events (of the purchase, the cancel and the renewal) do not undo the change.
    await webhooksDelivered(db, user.id);
    await page.reload();
    await expect(row).toContainText(/Renews on /);
    await expectScreenOk(page);
  });

  test('a free subscription: cancel makes it inactive, reactivate brings it back', async ({
    page,
    newUser,
  }) => {
    await signInAs(page, await newUser());
    await page.goto('/store');
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery', exact: true }).click();
    await page.getByRole('radio').filter({ hasText: 'Free sample' }).click();
    await page.getByRole('button', { name: 'Start Free Subscription' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/account');
    const row = page.getByRole('row').filter({ hasText: 'USMLE Step 1 Mastery' });
    await expect(row).toContainText('Free sample: Free for unlimited access');
    await expect(row).toContainText('Active');
    // Cancelling asks first, by keyboard too: Escape keeps it, Confirm ends it (issue 8).
    await row.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this subscription?' });
    await expect(dialog).toContainText('Your access to USMLE Step 1 Mastery ends now.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Cancel', exact: true }).click();
    // The dialog opens with the focus on its Cancel; a Tab pressed before it has opened lands elsewhere.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab'); // the focus stays in the dialog: Cancel, then Confirm
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row).toContainText('Inactive');
    await expectScreenOk(page);
    await row.getByRole('button', { name: 'Reactivate' }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  });
});

test.describe('signed-in pages drawn by the server', () => {
  const PAGES = [
    ['/dashboard', 'heading', 'Welcome, Lena'],
    ['/tests', 'heading', 'My Tests'],
    ['/tests/create', 'heading', 'Start Test'],
  ] as const;

  test('arrive readable before the app runs: the shell and the page, with the learner’s data', async ({
    page,
    browser,
    newUser,
  }) => {
    await signInAs(page, await newUser(like.learner));
    // The same session in a browser that runs no script: what shows is the server's HTML alone.
    const bare = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const noScript = await bare.newPage();
      for (const [path, role, name] of PAGES) {
        await noScript.goto(path);
        await expect(noScript.getByRole(role, { name, level: 1 })).toBeVisible();
        await expect(noScript.getByRole('banner').getByText('USMLE Step 1 Mastery')).toBeVisible();
        await expect(noScript.getByRole('navigation', { name: 'Sidebar' }).getByRole('link')).toHaveText([
          'Dashboard',
          'Start Test',
          'My Tests',
        ]);
      }
      await noScript.goto('/dashboard');
      await expect(noScript.getByText('Questions used')).toBeVisible();
    } finally {
      await bare.close();
    }
  });

  test('a link clicked before the app has taken over is followed by the app, in the same page', async ({
    page,
    newUser,
  }) => {
    await signInAs(page, await newUser(like.learner));
    const release = await openHeldBack(page, '/dashboard', 'dashboard-page');
    await page.evaluate(() => {
      (window as { samePage?: boolean }).samePage = true;
    });
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Tests' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    release();
    await expect(page).toHaveURL(/\/tests$/);
    await expect(page.getByRole('heading', { name: 'My Tests', level: 1 })).toBeVisible();
    // The app's own navigation: the page was not loaded again.
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('a button clicked before the app has taken over acts once the app has', async ({ page, newUser }) => {
    await signInAs(page, await newUser(like.learner));
    const release = await openHeldBack(page, '/dashboard', 'dashboard-page');
    // On a wide screen the sidebar starts open; its toggle, clicked on the server's page, closes it.
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' }).and(page.locator(':visible'));
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    release();
    await expect(page.locator('#root:not([data-ssr])')).toBeAttached();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the app takes them over without a loader in between, and they work by keyboard at 375 px', async ({
    page,
    newUser,
  }) => {
    await signInAs(page, await newUser(like.learner));
    // Records whether a loader ever shows while the page loads.
    await page.addInitScript(() => {
      const w = window as unknown as { loaderSeen?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('[role="status"][aria-label="Loading"]')) w.loaderSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.setViewportSize({ width: 375, height: 800 });
    for (const [path, role, name] of PAGES) {
      await page.goto(path);
      await expect(page.locator('#root:not([data-ssr])')).toBeAttached();
      await expect(page.getByRole(role, { name, level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as { loaderSeen?: boolean }).loaderSeen ?? false)).toBe(false);
      await expectScreenOk(page);
    }
    // The app's own page: the sidebar opens by keyboard and leads on.
    await page.getByRole('button', { name: 'Toggle sidebar' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Tests' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tests$/);
  });
});

test.describe('times on the pages the server draws', () => {
  // UTC+14, where the machines that run these tests are not: a time drawn in the server's zone reads a day early.
  const ZONE = 'Pacific/Kiritimati';
  test.use({ timezoneId: ZONE });
  const inZone = (iso: string, zone: string) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
      new Date(iso),
    );

  test('read as the learner’s clock shows them, before the app runs and after', async ({
    page,
    browser,
    db,
    newUser,
  }) => {
    await signInAs(page, await newUser(like.learner));
    const created = await createTestThroughApi(page, db, {
      qbank: 'USMLE Step 1 Mastery',
      mode: 'TUTOR',
      numQuestions: 2,
    });
    const session = (await (await page.request.get('/api/v1/session')).json()) as { accessToken: string };
    const ended = await page.request.patch(`/api/v2/tests/${created.uuid}/finalize`, {
      headers: { 'X-CSRF-Token': session.accessToken },
      data: {},
    });
    expect(ended.status(), await ended.text()).toBe(200);

    // The app draws the time on the learner's clock.
    await page.goto('/tests');
    const time = page.getByRole('main').locator('time').first();
    const iso = (await time.getAttribute('datetime')) ?? '';
    const expected = inZone(iso, ZONE);
    expect(expected).not.toBe(inZone(iso, 'UTC'));
    await expect(time).toHaveText(expected);

    // The server's page, in a browser that runs no script, says the same.
    const bare = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const noScript = await bare.newPage();
      for (const path of ['/tests', '/dashboard']) {
        await noScript.goto(path);
        await expect(noScript.getByRole('main').locator(`time[datetime="${iso}"]`).first()).toHaveText(
          expected,
        );
      }
      // What told the server: the app keeps the browser's zone in a cookie. One it does not know (the cookie is
      // the visitor's to write) still draws the page, in UTC.
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'qbank_tz')?.value).toBe(encodeURIComponent(ZONE));
      await bare.addCookies([{ name: 'qbank_tz', value: 'Mars%2FOlympus_Mons', url: page.url() }]);
      await noScript.goto('/tests');
      await expect(noScript.getByRole('heading', { name: 'My Tests', level: 1 })).toBeVisible();
      await expect(noScript.getByRole('main').locator(`time[datetime="${iso}"]`).first()).toHaveText(
        inZone(iso, 'UTC'),
      );
    } finally {
      await bare.close();
    }
  });
});
