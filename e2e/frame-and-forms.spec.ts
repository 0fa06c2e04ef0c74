import type { Page } from '@playwright/test';
import {
  askServerForFirstCalls,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  like,
  signInAs,
  test,
} from './fixtures';

const userMenu = (page: Page) => page.getByRole('button', { name: 'User menu' });
const BRAND_5 = 'rgb(43, 116, 207)'; // the focus ring's colour, as global.css's focus outline

/** Left edges of the public header's main navigation links. */
const navLinkX = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().left)));

test.describe('site frame', () => {
  test('the shell header shows the active product at 375 px, cut short with an ellipsis', async ({
    page,
    newUser,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, await newUser(like.admin));
    const name = page.getByRole('banner').getByText(/^(NCLEX-RN Review|USMLE Step 1 Mastery)$/);
    await expect(name).toBeVisible();
    await expect(name).toBeInViewport();
    await expect(name).toHaveCSS('text-overflow', 'ellipsis');
    // Both names are longer than a phone's header has room for: each is cut, not pushed out of view.
    expect(await name.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    await expect(userMenu(page)).toBeInViewport();
    await expectNoHorizontalOverflow(page);
  });

  test('the public header keeps its navigation links in one place on every page', async ({
    page,
    newUser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Register' })).toBeVisible();
    const home = await navLinkX(page);
    expect(home).toHaveLength(5);
    // Different buttons on the right: both, only Sign In, only Register, none (a product page).
    for (const path of ['/store', '/register', '/login', '/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await navLinkX(page), path).toEqual(home);
    }
    await page.getByRole('banner').getByRole('link', { name: 'Store' }).click();
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' })).toBeVisible();
    expect(await navLinkX(page)).toEqual(home);
    // Signed in, the user menu is on the right instead.
    await signInAs(page, await newUser(like.learner));
    await page.goto('/about');
    await expect(userMenu(page)).toBeVisible();
    expect(await navLinkX(page)).toEqual(home);
  });

  test("signed in on the public pages: the shell's user menu with a chevron, no Visit Store on the store", async ({
    page,
    newUser,
  }) => {
    const learner = await newUser(like.learner);
    await signInAs(page, learner);
    await page.goto('/about');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Register' })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(userMenu(page)).toContainText(learner.email);
    await expect(userMenu(page).locator('svg')).toBeVisible(); // the chevron
    await userMenu(page).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(`${learner.email} · USMLE Step 1 Mastery`)).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Dashboard',
      'Visit Store',
      'Account Settings',
      'Logout',
    ]);
    await expectAccessible(page);
    await menu.getByRole('menuitem', { name: 'Visit Store' }).click();
    await expect(page).toHaveURL(/\/store$/);

    await userMenu(page).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Dashboard',
      'Account Settings',
      'Logout',
    ]);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' })).toBeVisible();
    await userMenu(page).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Visit Store' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the footer links wrap in two even rows at 375 px and sit in one row when wide', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/about');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    // The footer renders with the lazy page: wait for its four links before measuring them.
    await expect(footer.getByRole('link')).toHaveCount(4);
    const boxes = async () =>
      footer.getByRole('link').evaluateAll((links) =>
        links.map((a) => {
          const r = a.getBoundingClientRect();
          return { top: Math.round(r.top), centre: Math.round(r.left + r.width / 2) };
        }),
      );
    const [terms, privacy, cookies, contact] = await boxes();
    expect(privacy!.top).toBe(terms!.top);
    expect(contact!.top).toBe(cookies!.top);
    expect(cookies!.top).toBeGreaterThan(terms!.top);
    // Two even columns: each row's links line up under each other.
    expect(cookies!.centre).toBe(terms!.centre);
    expect(contact!.centre).toBe(privacy!.centre);
    await expectNoHorizontalOverflow(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    const wide = await boxes();
    expect(new Set(wide.map((b) => b.top)).size).toBe(1);
  });

  test('the store card hides a question count of 0 and shows one above 0', async ({ page }) => {
    await askServerForFirstCalls(page);
    await page.route('**/api/v2/products/productSearchContent**', async (route) => {
      const res = await route.fetch();
      // The store asks for pages of cards: { content, page, size, totalElements, totalPages }.
      const answer: { content: Array<{ name: string; questionCount: number }> } = await res.json();
      for (const p of answer.content) {
        if (p.name === 'NCLEX-RN Review') p.questionCount = 1234;
        if (p.name === 'USMLE Step 1 Mastery') p.questionCount = 0;
      }
      await route.fulfill({ response: res, json: answer });
    });
    await page.goto('/store');
    const card = (name: string) => page.getByRole('main').getByRole('article').filter({ hasText: name });
    await expect(card('NCLEX-RN Review').getByText('1,234 questions')).toBeVisible();
    await expect(card('USMLE Step 1 Mastery')).toBeVisible();
    await expect(card('USMLE Step 1 Mastery').getByText(/questions$/)).toHaveCount(0);
  });
});

test.describe('forms', () => {
  test('the password show/hide toggle is reached with Tab and says what it does', async ({ page }) => {
    await page.goto('/register?priceId=price_local_demo_1_2');
    const password = page.getByLabel(/^Password/);
    await password.fill('a-secret-phrase');
    await password.focus();
    await page.keyboard.press('Tab');
    const show = page.getByRole('button', { name: 'Show password' });
    await expect(show).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'text');
    const hide = page.getByRole('button', { name: 'Hide password' });
    await expect(hide).toBeFocused();
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(show).toBeFocused();
    await expectAccessible(page);
  });

  test('a focused text input shows a focus ring', async ({ page }) => {
    await page.goto('/contact');
    const email = page.getByLabel('Email');
    await expect(email).toHaveCSS('box-shadow', 'none');
    await email.focus();
    await expect(email).toHaveCSS('box-shadow', new RegExp(BRAND_5.replace(/[()]/g, '\\$&')));
    // The password input's box rings while its input has the focus.
    await page.goto('/register?priceId=price_local_demo_1_2');
    const box = page.locator('.mantine-PasswordInput-input');
    await expect(box).toHaveCSS('box-shadow', 'none');
    await page.getByLabel(/^Password/).focus();
    await expect(box).toHaveCSS('box-shadow', new RegExp(BRAND_5.replace(/[()]/g, '\\$&')));
  });

  test('the contact form calls the description field Message, in its label and its error', async ({
    page,
  }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByLabel('Message')).toHaveAccessibleDescription(/Message is required/);
    await expect(page.getByText('Description is required')).toHaveCount(0);
  });

  test('registration: a malformed e-mail and an empty name say so when left; the button says what it needs', async ({
    page,
  }) => {
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/v1/initiateRegistration')) posts++;
    });
    await page.goto('/register');
    const first = page.getByLabel('First name');
    const email = page.getByLabel('Email');
    const submit = page.getByRole('button', { name: 'Complete Registration' });
    await first.focus();
    await page.keyboard.press('Tab'); // left empty
    await expect(first).toHaveAccessibleDescription('First name is required');
    await email.fill('notanemail');
    await expect(page.getByText('Enter a valid e-mail address')).toHaveCount(0); // not while typing
    await email.blur();
    await expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription(
      'To continue, fill in your first name and last name, and tick the box to agree to the policies.',
    );

    await first.fill('Robin');
    await expect(first).not.toHaveAccessibleDescription('First name is required');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByRole('checkbox').check();
    // SPEC §5: filled names and e-mail and consent enable the button; the malformed e-mail is refused on submit.
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(posts).toBe(0);
    await email.fill('robin.tester@example.com');
    await expect(page.getByText('Enter a valid e-mail address')).toHaveCount(0);
    await expectAccessible(page);
  });
});
