import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  like,
  signInAs,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures';

test('send a contact message: rules, Submitting..., thank-you banner, mail to support', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('contact');
  await page.goto('/contact?subject=SALES');
  await expect(page.getByRole('combobox', { name: 'Subject' })).toHaveValue('Sales');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  // The description field is labelled Message, and so is its error.
  await expect(page.getByText('Message is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toHaveCount(0);

  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Buyer');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Message').fill('We would like a private QBank for 120 students.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Email address must be a valid e-mail address')).toBeVisible();
  await page.getByLabel('Email').fill(email);

  // The post is held until the second click has been tried, then let through.
  let posts = 0;
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/v2/contact', async (route) => {
    posts++;
    await held;
    await route.continue();
  });
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeVisible();
  await page
    .getByRole('button', { name: 'Submitting...' })
    .click({ force: true })
    .catch(() => {});
  release();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  expect(posts).toBe(1);
  const mail = await waitForMail(request, 'support@qbankcloud.com', 'Casey Buyer');
  expect(mail.text).toContain('120 students');
  expect(mail.subject).toContain('[SALES]');
  void email;
});

test('a failed send shows the contact-us-directly message and disables Submit', async ({ page }) => {
  await page.route('**/api/v2/contact', (r) =>
    r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/contact');
  await expect(page.getByRole('combobox', { name: 'Subject' })).toHaveValue('Other');
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Buyer');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Something went wrong - please contact us directly at support@qbankcloud.com',
  );
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expectNoHorizontalOverflow(page);
});

test('signed in, the names and e-mail are pre-filled', async ({ page, newUser }) => {
  const writer = await newUser(like.writer);
  await signInAs(page, writer);
  await page.goto('/contact');
  await expect(page.getByLabel('First name')).toHaveValue(writer.firstName);
  await expect(page.getByLabel('Email')).toHaveValue(writer.email);
});
