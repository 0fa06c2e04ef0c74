import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectScreenOk,
  linkFrom,
  openHeldBack,
  signInAs,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures';

test('register → mail link → complete → signed in', async ({ page, request }) => {
  const email = uniqueEmail('reg');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Start learning today' })).toBeVisible();
  await expect(page.getByText('Access to a question bank is two minutes away.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expectAccessible(page);

  const submit = page.getByRole('button', { name: 'Complete Registration' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Email').fill(email);
  await expect(submit).toBeDisabled(); // consent not yet given
  await page.getByRole('checkbox').check();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText('It may take up to 10 minutes to arrive', { exact: false })).toBeVisible();
  await waitForMail(request, email, 'Verify');
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email has been resent')).toBeVisible();

  // The resend replaced the first link: only the newest works, so wait for the second mail to arrive first.
  await waitForMail(request, email, 'Verify', 1);
  const newest = await waitForMail(request, email, 'Verify');
  await page.goto(linkFrom(newest, '/userRegistration'));
  await expect(page.getByRole('heading', { name: 'Almost ready to go' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Robin');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  const complete = page.getByRole('button', { name: 'Complete Registration' });
  await page.getByRole('checkbox').check();
  await page.getByLabel(/^Password/).fill('short');
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(complete).toBeDisabled();
  await page.getByLabel(/^Password/).fill('password123');
  await expect(page.getByText(/Strength: .+ — /)).toBeVisible(); // zxcvbn's warning for a common password
  await page.getByLabel(/^Password/).fill('violet-harbour-lantern-42');
  await expectAccessible(page);
  await complete.click();

  await expect(page.getByRole('heading', { name: "You're all ready to go" })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the homepage' }).click();
  // The signed-in start, not the marketing page (issue 8).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible();

  // The spent link opened again while signed in: already verified, and the way on (issue 8).
  await page.goto(linkFrom(newest, '/userRegistration'));
  await expect(page.getByRole('heading', { name: 'Your email is already verified' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invalid Link' })).toHaveCount(0);
  await expectScreenOk(page);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible();
});

test('an e-mail already registered shows "This email address is in use"', async ({ page, newUser }) => {
  const existing = await newUser();
  await page.goto('/register');
  await page.getByLabel('First name').fill(existing.firstName);
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page.getByRole('heading', { name: 'This email address is in use' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
    'href',
    '/resetpassword',
  );
});

test('a resend after the address was registered meanwhile shows "This email address is in use"', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('resend');
  await page.goto('/register');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Resender');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  // This tab would learn of the completion below by itself (see the other-device test); here it must still offer the resend.
  await page.route('**/api/v1/registrationStatus', (r) => r.fulfill({ json: { verified: false } }));
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  // The registration is completed from the mail (another tab, another device) ...
  const mail = await waitForMail(request, email, 'Verify');
  const token = decodeURIComponent(linkFrom(mail, '/userRegistration').split('token=')[1]!);
  const done = await request.post(`/api/v1/completeRegistration?token=${encodeURIComponent(token)}`, {
    data: { firstName: 'Sam', lastName: 'Resender', password: 'a-good-long-password' },
  });
  expect(done.status()).toBe(200);
  // ... so the resend answers 409 'user exists', which is the e-mail-in-use page, not Registration Error.
  const resent = page.waitForResponse((r) => r.url().includes('/api/v1/initiateRegistration'));
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  expect((await resent).status()).toBe(409);
  await expect(page.getByRole('heading', { name: 'This email address is in use' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Registration Error' })).toHaveCount(0);
});

test('a server failure shows Registration Error and Try Again returns to the filled form', async ({
  page,
}) => {
  await page.route('**/api/v1/initiateRegistration', (r) =>
    r.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 400, message: 'Something odd happened' }),
    }),
  );
  await page.goto('/register');
  await page.getByLabel('First name').fill('Kim');
  await page.getByLabel('Last name').fill('Oddity');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Error' })).toBeVisible();
  await expect(page.getByText('Something odd happened')).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Kim');
});

test('a bad or used registration link shows Invalid Link', async ({ page }) => {
  await page.goto('/userRegistration?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Invalid Link' })).toBeVisible();
  await expectAccessible(page);
});

test('streamlined registration (with priceId) says what is being bought and asks for a password', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/register?priceId=price_local_demo_1_2');
  const plan = page.getByLabel('Your plan');
  await expect(plan).toContainText('USMLE Step 1 Mastery');
  await expect(plan).toContainText('1 month: $49 every month');
  await expect(page.getByLabel(/^Password/)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});

test('a form filled in and ticked before the app has taken over keeps all of it', async ({ page }) => {
  const release = await openHeldBack(page, '/register', 'register-page');
  const email = uniqueEmail('early');
  await page.getByLabel('First name').fill('Early');
  await page.getByLabel('Last name').fill('Bird');
  await page.getByLabel('Email').fill(email);
  // The box ticks at once, as a box does.
  await page.getByRole('checkbox').check();
  release();
  await expect(page.locator('#root:not([data-ssr])')).toBeAttached();
  await expect(page.getByLabel('First name')).toHaveValue('Early');
  await expect(page.getByLabel('Last name')).toHaveValue('Bird');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Complete Registration' })).toBeEnabled();
});

test('a price that is not on sale says so and offers the store instead of a form', async ({ page }) => {
  await page.goto('/register?priceId=price_withdrawn_long_ago');
  await expect(page.getByRole('alert')).toContainText('This plan is no longer available');
  await expect(page.getByLabel(/^Password/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Choose a plan in the store' }).click();
  await expect(page).toHaveURL(/\/store$/);
});

test('a streamlined Verify your email survives a reload; its resend asks for the password again', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reload');
  await page.goto('/register?priceId=price_local_demo_1_2');
  // This test is about the reload; ticking at the very moment the app takes over the server's form is another
  // matter, so it waits for the app. (A tick once seen lost here was the strength meter arriving under the
  // pointer and moving the box: the meter's room is now kept, see the test below.)
  await expect(page.locator('#root:not([data-ssr])')).toBeAttached();
  await page.getByLabel('First name').fill('Remy');
  await page.getByLabel('Last name').fill('Reload');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('violet-harbour-lantern-42');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await waitForMail(request, email, 'Verify');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText('continue to checkout', { exact: false })).toBeVisible();
  await expectScreenOk(page);
  // The password is not kept: the form comes back filled in but for it.
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('First name')).toHaveValue('Remy');
  await page.getByLabel(/^Password/).fill('violet-harbour-lantern-42');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
});

test('signed in, /register?priceId= opens that plan on its product page', async ({ page, newUser }) => {
  await signInAs(page, await newUser());
  await page.goto('/register?priceId=price_local_demo_1_2');
  await expect(page).toHaveURL(/\/store\/products\/[0-9a-f-]{36}\?priceId=price_local_demo_1_2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' })).toBeVisible();
  await expectScreenOk(page);
});

test('a reload of Verify your email keeps it and its resend link', async ({ page, request }) => {
  const email = uniqueEmail('reload');
  await page.goto('/register');
  await page.getByLabel('First name').fill('Remy');
  await page.getByLabel('Last name').fill('Reload');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await waitForMail(request, email, 'Verify');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(`We sent a verification email to ${email}`)).toBeVisible();
  await expectScreenOk(page);
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email has been resent')).toBeVisible();
});

test('a field error shown on blur does not move the next control from under the pointer', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Email').fill('foo@example..com');
  const consent = page.getByRole('checkbox');
  const before = await consent.boundingBox();
  // The press blurs the e-mail field, which shows its error; the release must still land on the box.
  await consent.click();
  await expect(consent).toBeChecked();
  await expect(page.getByText(/valid e-mail address/)).toBeVisible();
  expect((await consent.boundingBox())?.y).toBe(before?.y);
});

test('the password strength meter arriving does not move the consent box from under the pointer', async ({
  page,
}) => {
  await page.goto('/register?priceId=price_local_demo_1_2');
  const consent = page.getByRole('checkbox');
  const before = await consent.boundingBox();
  // The meter's checker loads on the first character typed and answers later; the box must stay put meanwhile.
  await page.getByLabel(/^Password/).fill('violet-harbour-lantern-42');
  await expect(page.getByRole('progressbar', { name: /^Strength of the password: / })).toBeVisible();
  await expect(page.getByText(/^Strength: /)).toBeVisible();
  expect((await consent.boundingBox())?.y).toBe(before?.y);
  // Too short says so in the same place: nothing below moves either.
  await page.getByLabel(/^Password/).fill('short');
  await expect(page.getByText(/Password must be at least \d+ characters/)).toBeVisible();
  expect((await consent.boundingBox())?.y).toBe(before?.y);
  await page.getByLabel(/^Password/).fill('');
  await expect(page.getByText(/Password must be at least/)).toHaveCount(0);
  expect((await consent.boundingBox())?.y).toBe(before?.y);
  await expectScreenOk(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const narrow = await consent.boundingBox();
  await page.getByLabel(/^Password/).fill('violet-harbour-lantern-42');
  await expect(page.getByText(/^Strength: /)).toBeVisible();
  expect((await consent.boundingBox())?.y).toBe(narrow?.y);
  await expectScreenOk(page);
});

test('a streamlined link opened on another device goes to checkout; the first tab learns it', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('device');
  const password = 'violet-harbour-lantern-42';
  await page.goto('/register?priceId=price_local_demo_1_3');
  await expect(page.getByLabel('Your plan')).toContainText('6 months: $199');
  await page.getByLabel('First name').fill('Dev');
  await page.getByLabel('Last name').fill('Icehop');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const mail = await waitForMail(request, email, 'Verify');

  // The phone: a browser with nothing of the first one's (no cookies, no storage).
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  try {
    await phone.goto(linkFrom(mail, '/userRegistration'));
    // 'Email verified - Proceeding to checkout...' shows only until the checkout opens, which may be at once.
    await expect(phone).toHaveURL(/\/checkout\/local\/cs_local_/);
    // It never asked for the password again.
    await expect(phone.getByLabel(/^Password/)).toHaveCount(0);
    await expect(phone.getByText('6 months: $199 for 6 months')).toBeVisible();
    await expect(phone.getByText(`Billed to ${email}`)).toBeVisible();
    await phone.getByRole('button', { name: 'Pay $199' }).click();
    await expect(phone).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(phone.getByRole('status').filter({ hasText: 'subscription is now active!' })).toContainText(
      'USMLE Step 1 Mastery',
    );
    await expect(phone.getByRole('heading', { name: 'You have no QBank yet' })).toHaveCount(0);
  } finally {
    await phoneContext.close();
  }

  // The first tab, still on 'Verify your email', learns that the address is verified and offers Sign In.
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible({
    timeout: 20_000,
  });
  await expectScreenOk(page);
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The password chosen at the start is the account's: signed in, the bought QBank is there.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your QBanks' })).toBeVisible();
  await expect(page.getByText('USMLE Step 1 Mastery').first()).toBeVisible();
});
