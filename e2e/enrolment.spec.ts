import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  linkFrom,
  signInAs,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures';

// Enrolment (docs/enrolment.md): an instructor invites people and hands out a code on /roster/enrol; the invited
// person creates their account from the mail's link; a learner joins with the code — at 1280×800 and 375 px.

const USMLE = 'USMLE Step 1 Mastery';

test.describe('Enrolment', () => {
  test('an instructor invites a new person, who creates an account from the mail and lands in the QBank', async ({
    page,
    browser,
    newUser,
  }) => {
    const existing = await newUser({ label: 'known', firstName: 'Kiri', lastName: 'Known' });
    const fresh = uniqueEmail('invited');
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await page.goto('/roster');
    await page.getByRole('link', { name: 'Enrol students' }).click();
    await expect(page).toHaveURL(/\/roster\/enrol$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Enrol students' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Seats' })).toContainText('included in the plan');

    await page
      .getByRole('textbox', { name: 'E-mail addresses' })
      .fill(`${existing.email}\n${fresh}, not-an-address`);
    await page.getByRole('button', { name: 'Invite 3 people' }).click();
    await expect(page.getByRole('alert')).toContainText('not-an-address');
    await page.getByRole('textbox', { name: 'E-mail addresses' }).fill(`${existing.email}\n${fresh}`);
    await page.getByRole('button', { name: 'Invite 2 people' }).click();
    const result = page.getByRole('status').filter({ hasText: 'joined' });
    await expect(result).toContainText('1 person joined, 1 invitation sent');
    await expect(result.getByRole('row', { name: new RegExp(existing.email) })).toContainText('Joined now');
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await expect(pending.getByRole('row', { name: new RegExp(fresh) })).toBeVisible();
    await expectAccessible(page);

    // The invited person opens the mail's link on a phone.
    const mail = await waitForMail(page.request, fresh, 'You are invited');
    const link = mail.text.match(/https?:\/\/[^\s]+(\/invitation\/[^\s]+)/)![1]!;
    const phoneContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const phone = await phoneContext.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { level: 1, name: `Join ${USMLE}` })).toBeVisible();
    await expect(phone.getByRole('textbox', { name: 'Email' })).toHaveValue(fresh);
    await expectNoHorizontalOverflow(phone);
    await expectAccessible(phone);
    await phone.getByRole('textbox', { name: 'First name' }).fill('Ines');
    await phone.getByRole('textbox', { name: 'Last name' }).fill('Invited');
    await phone.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await phone.getByRole('button', { name: 'Create account and join' }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);
    await expect(phone.getByText(USMLE).first()).toBeVisible();
    await phoneContext.close();

    // The instructor sees them among the students, and the invitation is no longer pending.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No invitation is waiting' })).toBeVisible();
    await page.goto('/roster?q=invited');
    await expect(page.getByRole('row', { name: /Ines Invited/ })).toBeVisible();
  });

  test('an instructor makes a code; a learner without access joins with its link', async ({
    page,
    browser,
    newUser,
  }) => {
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await page.goto('/roster/enrol');
    const codes = page.getByRole('region', { name: 'Enrolment codes' });
    await codes.getByRole('textbox', { name: 'Seats' }).fill('5');
    await codes.getByRole('button', { name: 'Create code' }).click();
    const row = codes.getByRole('row').nth(1);
    await expect(row).toContainText('0 of 5');
    const code = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await expectAccessible(page);

    const learnerUser = await newUser({ label: 'joiner', firstName: 'Jo', lastName: 'Joiner' });
    const learnerContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const learner = await learnerContext.newPage();
    await learner.goto(`/join/${code}`);
    await expect(learner.getByRole('heading', { level: 1, name: `Join ${USMLE}` })).toBeVisible();
    await learner.getByRole('link', { name: 'Sign in to join' }).click();
    await learner.getByRole('textbox', { name: 'Email' }).fill(learnerUser.email);
    await learner.getByLabel('Password', { exact: true }).fill(learnerUser.password);
    await learner.getByRole('button', { name: 'Sign In' }).click();
    await expect(learner).toHaveURL(new RegExp(`/join/${code}$`));
    await learner.getByRole('button', { name: `Join ${USMLE}` }).click();
    await expect(learner).toHaveURL(/\/dashboard$/);
    await expectNoHorizontalOverflow(learner);
    await learnerContext.close();

    await page.reload();
    await expect(codes.getByRole('row').nth(1)).toContainText('1 of 5');
    await codes.getByRole('button', { name: `Revoke ${code}` }).click();
    await expect(codes.getByRole('row').nth(1)).toContainText('Revoked');
  });

  test('a visitor without an account follows a code link, registers, and joins at the end', async ({
    page,
    browser,
    newUser,
    request,
  }) => {
    await signInAs(page, await newUser({ label: 'instructor', qbanks: { [USMLE]: 'instructor' } }));
    await page.goto('/roster/enrol');
    const codes = page.getByRole('region', { name: 'Enrolment codes' });
    await codes.getByRole('button', { name: 'Create code' }).click();
    const row = codes.getByRole('row').nth(1);
    await expect(row).toContainText('0 joined');
    const code = ((await row.getByRole('cell').first().textContent()) ?? '').trim();

    const email = uniqueEmail('newcomer');
    const visitorContext = await browser.newContext();
    try {
      const v = await visitorContext.newPage();
      await v.goto(`/join/${code}`);
      await v.getByRole('link', { name: 'Create an account' }).click();
      await expect(v).toHaveURL(/\/register$/);
      await v.getByLabel('First name').fill('Nia');
      await v.getByLabel('Last name').fill('Newcomer');
      await v.getByLabel('Email').fill(email);
      await v.getByRole('checkbox').check();
      await v.getByRole('button', { name: 'Complete Registration' }).click();
      await expect(v.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
      const mail = await waitForMail(request, email, 'Verify');
      await v.goto(linkFrom(mail, '/userRegistration'));
      await v.getByRole('checkbox').check();
      await v.getByLabel(/^Password/).fill('violet-harbour-lantern-42');
      await v.getByRole('button', { name: 'Complete Registration' }).click();
      await expect(v.getByRole('heading', { name: "You're all ready to go" })).toBeVisible();
      // The code chosen before registering is offered at the end.
      await v.getByRole('link', { name: 'Continue to join the QBank' }).click();
      await expect(v).toHaveURL(new RegExp(`/join/${code}$`));
      await v.getByRole('button', { name: `Join ${USMLE}` }).click();
      await expect(v).toHaveURL(/\/dashboard$/);
    } finally {
      await visitorContext.close();
    }
    await page.reload();
    await expect(codes.getByRole('row').nth(1)).toContainText('1 joined');
  });
});
