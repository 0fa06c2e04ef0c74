import { expect, expectAccessible, linkFrom, test, waitForMail } from './fixtures';

test('reset a forgotten password end to end', async ({ page, request, newUser }) => {
  const user = await newUser();
  await page.goto('/resetPassword');
  await expectAccessible(page);
  const send = page.getByRole('button', { name: 'Send Email' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Email').fill(user.email);
  await send.click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText('The reset email has been resent.')).toBeVisible();

  // The resend replaced the first link: wait for its mail (the newest comes first) before opening it.
  await waitForMail(request, user.email, 'Reset', 1);
  const mail = await waitForMail(request, user.email, 'Reset');
  await page.goto(linkFrom(mail, '/resetPassword'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Set new password' });
  await page.getByLabel('New password', { exact: true }).fill('short');
  await expect(submit).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill('copper-meadow-sailboat-7');
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Your password was reset' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign In' }).last().click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('copper-meadow-sailboat-7');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an invalid reset link shows Failed to reset password', async ({ page }) => {
  await page.goto('/resetPassword?token=expired-or-made-up');
  await page.getByLabel('New password', { exact: true }).fill('copper-meadow-sailboat-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Failed to reset password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test('changing the password in Account Settings shows the success banner', async ({
  page,
  request,
  newUser,
}) => {
  const user = await newUser();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account');
  await page.getByLabel('Current password', { exact: true }).fill('wrong-current-password');
  await page.getByLabel('New password', { exact: true }).fill('amber-lighthouse-quiet-9');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was successfully changed.')).toBeVisible();
  await waitForMail(request, user.email, 'password was changed');
});
