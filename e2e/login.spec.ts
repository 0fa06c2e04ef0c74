import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  like,
  openHeldBack,
  signIn,
  test,
  uniqueEmail,
} from './fixtures';

const EXPIRED = 'Your session has expired, please login again.';

test('wrong password shows the SPEC message; the right one signs in; logout signs out', async ({
  page,
  newUser,
}) => {
  const learner = await newUser(like.learner);
  await page.goto('/login');
  await expectAccessible(page);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/resetPassword',
  );
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username or password incorrect, please try again');

  // show/hide toggle, reachable by Tab from the password field and named for what a press does
  await page.getByLabel('Password', { exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${learner.firstName}` })).toBeVisible();

  await page.reload(); // the session survives a reload (cookie + /api/v1/session)
  await expect(page.getByRole('heading', { name: `Welcome, ${learner.firstName}` })).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('typed into the server-drawn form before the app has taken over', () => {
  test('is kept, with the caret where it was, and typing goes on there', async ({ page, newUser }) => {
    const learner = await newUser(like.learner);
    const release = await openHeldBack(page, '/login', 'login-page');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(learner.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(learner.password.slice(0, 4));
    release();
    await expect(page.locator('#root:not([data-ssr])')).toBeAttached();
    await page.keyboard.type(learner.password.slice(4));
    await expect(page.getByLabel('Email')).toHaveValue(learner.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(learner.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Enter pressed meanwhile signs in once the app has taken over', async ({ page, newUser }) => {
    const learner = await newUser(like.learner);
    const release = await openHeldBack(page, '/login', 'login-page');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(learner.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(learner.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  });
});

test('a network failure shows the connection message', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/login', (r) => (r.request().method() === 'POST' ? r.abort('failed') : r.continue()));
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to connect to server, please try again');
});

test('the login screen fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login');
  await expectNoHorizontalOverflow(page);
});

test('a reload with an ended session shows the session-expiry message on the login screen', async ({
  page,
  context,
  newUser,
}) => {
  const { email, password } = await newUser();
  await signIn(page, email, password);
  // The browser still sends a session cookie, but the server knows no such session any more.
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'qbank_session');
  expect(session).toBeDefined();
  await context.addCookies([{ ...session!, value: 'a-session-that-has-ended' }]);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: EXPIRED })).toHaveText(EXPIRED);
  await expectAccessible(page);
  // The server cleared the cookie: a further reload is simply signed out, with no message.
  expect((await context.cookies()).some((c) => c.name === 'qbank_session')).toBe(false);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
  // Signing in again works and the message is gone.
  await signIn(page, email, password);
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
});

test('a session ended elsewhere: the next signed-in call leads to the login screen with the message', async ({
  page,
  newUser,
  playwright,
}) => {
  const { email, password } = await newUser();
  await signIn(page, email, password);
  // Another device signs in and changes the password, which ends every other session of the user.
  const other = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const login = await other.post('/login', { form: { username: email, password } });
    expect(login.status()).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const changed = await other.post('/api/v2/initiatePasswordUpdate', {
      data: { currentPassword: password, newPassword: 'another-good-long-password' },
      headers: { 'X-CSRF-Token': accessToken },
    });
    expect(changed.status()).toBe(200);
  } finally {
    await other.dispose();
  }
  // No reload: the SPA still believes it is signed in until its next call answers 401.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: EXPIRED })).toHaveText(EXPIRED);
  // Signing in with the new password goes back to where the user was.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('another-good-long-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
});

test('a deliberate logout shows no session-expiry message', async ({ page, newUser }) => {
  const { email, password } = await newUser();
  await signIn(page, email, password);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
});
