import { expect, expectAccessible, expectNoHorizontalOverflow, like, signInAs, test } from './fixtures';

// The audit log (docs/audit-log.md): an admin reads their QBank's history from the Admin page, filtered by
// action; a superuser reads the platform's, with the QBank named — at 1280×800 and at 375 px.

const USMLE = 'USMLE Step 1 Mastery';

test.describe('Audit log', () => {
  test('an admin finds their own change in the QBank’s history; a superuser sees it with its QBank', async ({
    page,
    browser,
    newUser,
  }) => {
    const admin = await newUser({ label: 'admin', qbanks: { [USMLE]: 'admin' } });
    await signInAs(page, admin);
    // A change to find: a cohort made through the API as the Students screen makes it.
    const session = (await (await page.request.get('/api/v1/session')).json()) as { accessToken: string };
    const me = (await (await page.request.get('/api/v2/users/me')).json()) as {
      subscriptions: Array<{ product: { uuid: string; name: string } }>;
    };
    const productId = me.subscriptions.find((s) => s.product.name === USMLE)!.product.uuid;
    const name = `Audit check ${Math.random().toString(36).slice(2, 7)}`;
    const made = await page.request.post(`/api/v2/products/${productId}/cohorts`, {
      headers: { 'X-CSRF-Token': session.accessToken },
      data: { name },
    });
    expect(made.status(), await made.text()).toBe(201);

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Read the history' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Who (e-mail)' }).fill(admin.email);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('cohort.create');
    await expect(row).toContainText(admin.email);
    await expect(row).toContainText('127.0.0.1');
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    // The table lays itself out again for the narrow screen before it is measured.
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    const other = await browser.newContext();
    const su = await other.newPage();
    await signInAs(su, await newUser(like.superuser));
    await su.goto('/superuser/audit');
    await expect(su.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await su.getByRole('searchbox', { name: 'Who (e-mail)' }).fill(admin.email);
    await expect(su.getByRole('row').filter({ hasText: name })).toContainText(USMLE);
    await expectAccessible(su);
    await other.close();
  });
});
