import { expect, expectAccessible, test } from './fixtures';

const cases: Array<[string, RegExp]> = [
  ['paymentFailed', /card was not charged/],
  ['registrationError', /Something went wrong when registering\./],
  ['imageSaveFailed', /images may not have been/],
  ['restoreDeletedQuestion', /older versions cannot be restored/],
  ['startTestFailed', /Failed to start test\. Try reloading and see if you have another test in progress\./],
  ['no-such-id', /contact us/],
];

for (const [id, text] of cases) {
  test(`error page ${id}`, async ({ page }) => {
    await page.goto(`/error?msgId=${id}`);
    await expect(page.getByRole('main')).toContainText(text);
    await expectAccessible(page);
  });
}

test('paymentFailed links back to the store', async ({ page }) => {
  await page.goto('/error?msgId=paymentFailed');
  await expect(page.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/store');
});
