import type { Page, Request } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  inlinedAnswers,
  pauseClock,
  test,
} from './fixtures';

const SEARCH = '/api/v2/products/productSearchContent';
/** SPEC §9: store search calls are throttled to one per 3 s. */
const SEARCH_THROTTLE_MS = 3000;
/** SPEC §9: the 'Link copied' notice lasts 2 s. */
const LINK_COPIED_MS = 2000;

const isSearch = (r: Request) => r.method() === 'POST' && r.url().includes(SEARCH);

/** Records every store search the page sends: its term and sort order. */
function recordSearches(page: Page) {
  const calls: Array<{ term: string; sortOrder: string | null }> = [];
  page.on('request', (r: Request) => {
    if (!isSearch(r)) return;
    const body = r.postDataJSON() as { searchTerm: string };
    calls.push({ term: body.searchTerm, sortOrder: new URL(r.url()).searchParams.get('sortOrder') });
  });
  return calls;
}

/**
 * Notes, in the page, the page's own time (Playwright's clock when installed) at which each store search is
 * handed to fetch; `sentAt()` reads them.
 */
async function noteSearchTimes(page: Page) {
  await page.addInitScript((search) => {
    const times: number[] = [];
    Object.assign(window, { __searchTimes: times });
    const original = window.fetch;
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes(search)) times.push(Date.now());
      return original(input, init);
    };
  }, SEARCH);
  return () => page.evaluate(() => (window as unknown as { __searchTimes: number[] }).__searchTimes);
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 2 });

test.describe('store list, logged out', () => {
  test('lists the QBanks with a result count, sorted A-Z by default; Z-A reverses them', async ({ page }) => {
    const calls = recordSearches(page);
    const html = await (await page.goto('/store'))!.text();
    await expect(page.getByRole('heading', { level: 1, name: 'QBank Store' })).toBeVisible();
    await expect(page).toHaveTitle('qbankcloud.com | Store');
    await expect(page.getByPlaceholder('Search by name or content')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    // The logged-out header offers Register and Sign In on the store list.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();

    const count = page.getByRole('status').filter({ hasText: /results?$/ });
    await expect(count).toHaveText(/^\d+ results$/);
    const n = await cards(page).count();
    await expect(count).toHaveText(`${n} results`);
    // SPEC §5: an empty term is sent as a single space; SPEC §9: the default sort is ASC on name. The first
    // page comes answered inside the page (apps/server/src/plugins/spa.ts): the store does not ask again.
    const first = inlinedAnswers(html).find((a) => a.url.startsWith(SEARCH));
    expect(first).toMatchObject({ method: 'POST', body: { searchTerm: ' ' }, status: 200 });
    expect(new URL(first!.url, 'http://x').searchParams.get('sortOrder')).toBe('ASC');
    expect(calls).toEqual([]);
    const names = await cardNames(page).allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual(
      expect.arrayContaining(['CPA Audit & Attestation', 'NCLEX-RN Review', 'USMLE Step 1 Mastery']),
    );

    // Card contents: question count (when above 0), target audience, summary, every plan, Buy Now with the price id.
    const usmle = cards(page).filter({ hasText: 'USMLE Step 1 Mastery' });
    // The demo bank's published questions are counted on its card (a count of 0 hides: frame-and-forms.spec.ts).
    await expect(usmle.getByText(/^\d[\d,]* questions$/)).toBeVisible();
    await expect(
      usmle.getByText('For: Second-year medical students preparing for USMLE Step 1'),
    ).toBeVisible();
    await expect(usmle.getByText('Board-style vignettes across physiology')).toBeVisible();
    await expect(usmle.getByText('learners')).toHaveCount(0); // 1 learner: shown only above 100
    await expect(usmle.getByText('Free sample: Free for unlimited access')).toBeVisible();
    await expect(usmle.getByText('1 month: $49 every month')).toBeVisible();
    await expect(usmle.getByText('6 months: $199 for 6 months')).toBeVisible();
    await expect(usmle.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      '/register?priceId=price_local_demo_1_2',
    );
    const nclex = cards(page).filter({ hasText: 'NCLEX-RN Review' });
    await expect(nclex.getByText('3 months: $79.99 for 3 months')).toBeVisible();
    await expect(nclex.getByRole('link', { name: 'NCLEX-RN Review' })).toHaveAttribute(
      'href',
      /^\/store\/products\/[0-9a-f-]{36}$/,
    );
    await expectAccessible(page);

    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Z-A' }).click();
    await expect(cardNames(page).first()).toHaveText('USMLE Step 1 Mastery');
    expect(calls.at(-1)).toMatchObject({ term: ' ', sortOrder: 'DESC' });
    const reversed = await cardNames(page).allTextContents();
    expect(reversed).toEqual([...names].reverse());

    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'A-Z' }).click();
    await expect(cardNames(page).first()).toHaveText(names[0]!);
  });

  test('search finds by name and by content, counts one result or none', async ({ page }) => {
    await page.clock.install();
    await page.goto('/store');
    const count = page.getByRole('status').filter({ hasText: /results?$/ });
    await expect(count).toHaveText(/^\d+ results$/);
    const search = page.getByPlaceholder('Search by name or content');

    await search.fill('nclex');
    await expect(count).toHaveText('1 result');
    await expect(cardNames(page)).toHaveText(['NCLEX-RN Review']);

    // Past the throttle window (the page's clock moved on), the next term goes out at once. "vignettes" is
    // only in USMLE's content.
    await page.clock.fastForward(SEARCH_THROTTLE_MS);
    await search.fill('vignettes');
    await expect(cardNames(page)).toHaveText(['USMLE Step 1 Mastery']);
    await expect(count).toHaveText('1 result');

    await page.clock.fastForward(SEARCH_THROTTLE_MS);
    await search.fill('zzqx nothing like this');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(count).toHaveText('No results');
    await expect(cards(page)).toHaveCount(0);
    await expectAccessible(page);
  });

  test('typing is throttled: the first call at once, then one call per 3 s with the latest term', async ({
    page,
  }) => {
    const calls = recordSearches(page);
    const sentAt = await noteSearchTimes(page);
    await page.clock.install();
    await page.goto('/store');
    const count = page.getByRole('status').filter({ hasText: /results?$/ });
    await expect(count).toHaveText(/^\d+ results$/);
    // From here on the page's time moves only when the test moves it.
    await pauseClock(page);
    const before = (await sentAt()).length;
    calls.length = 0;

    // The first keystroke is searched straight away; the rest wait for the interval to end.
    const search = page.getByPlaceholder('Search by name or content');
    const first = page.waitForRequest(isSearch);
    await search.pressSequentially('audit');
    await first;
    await expect(search).toHaveValue('audit');
    expect(calls.map((c) => c.term)).toEqual(['a']);

    // Folded into one trailing call with the latest term, sent when 3 s have passed on the page's clock.
    await page.clock.runFor(SEARCH_THROTTLE_MS - 1);
    const trailing = page.waitForRequest(isSearch);
    await page.clock.runFor(1);
    expect((await trailing).postDataJSON()).toMatchObject({ searchTerm: 'audit' });
    const [a, audit, ...more] = (await sentAt()).slice(before);
    expect(more).toEqual([]);
    expect(audit! - a!).toBe(SEARCH_THROTTLE_MS);
    expect(calls.map((c) => c.term)).toEqual(['a', 'audit']);

    await page.clock.resume();
    await expect(cardNames(page)).toHaveText(['CPA Audit & Attestation']);
    await expect(count).toHaveText('1 result');
  });

  test('the store fits a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/store');
    await expect(cards(page).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});

test.describe('product page, logged out', () => {
  test('plans as radios, the most expensive chosen; deselecting asks to select a plan', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await page.goto('/store');
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery' }).click();
    await expect(page).toHaveURL(/\/store\/products\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' })).toBeVisible();
    await expect(page).toHaveTitle('qbankcloud.com | USMLE Step 1 Mastery');
    await expect(page.getByRole('link', { name: 'Back to store' })).toBeVisible();
    // The logged-out header hides Register and Sign In on store product pages.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Register' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    // Details: content, stats, drawers.
    await expect(page.getByText('Board-style vignettes across physiology', { exact: false })).toBeVisible();
    await expect(page.getByText('Questions', { exact: true })).toBeVisible();
    await expect(page.getByText('Category', { exact: true })).toBeVisible();
    await expect(page.getByText('Physician', { exact: true })).toBeVisible();
    await expect(page.getByText('Language', { exact: true })).toBeVisible();
    await expect(page.getByText('English', { exact: true })).toBeVisible();
    await expect(page.getByText('Author/Publisher', { exact: true })).toBeVisible();
    await expect(page.getByText('Learners', { exact: true })).toHaveCount(0); // 1 learner, shown at 100+
    await page.getByRole('button', { name: 'Target Audience' }).click();
    await expect(page.getByText('Second-year medical students preparing for USMLE Step 1')).toBeVisible();
    await page.getByRole('button', { name: 'About the Author/Publisher' }).click();
    await expect(
      page.getByText('A team of board-certified physicians and medical educators').last(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Question Format' }).click();
    await expect(
      page.getByText('Single best answer, clinical vignettes with 5 answer choices'),
    ).toBeVisible();

    const plans = page.getByRole('radiogroup', { name: 'Choose a plan' });
    const radios = plans.getByRole('radio');
    await expect(radios).toHaveCount(3);
    const free = radios.filter({ hasText: 'Free sample' });
    const monthly = radios.filter({ hasText: '1 month' });
    const sixMonths = radios.filter({ hasText: '6 months' });
    // SPEC §5 frequency order, and the most expensive public plan chosen at first.
    await expect(radios.nth(0)).toContainText('1 month');
    await expect(radios.nth(1)).toContainText('6 months');
    await expect(radios.nth(2)).toContainText('Free sample');
    await expect(sixMonths).toHaveAttribute('aria-checked', 'true');
    await expect(monthly).toHaveAttribute('aria-checked', 'false');
    await expect(free).toHaveAttribute('aria-checked', 'false');

    await expect(monthly).toContainText('$49 every month');
    await expect(monthly).toContainText('All features and questions');
    await expect(monthly).toContainText(
      'Auto-renews every month. Manage or cancel anytime in Account Settings.',
    );
    await expect(sixMonths).toContainText('$199 for 6 months');
    await expect(sixMonths).toContainText(
      'One-time purchase. Option to enable auto-renew in Account Settings.',
    );
    await expect(free).toContainText('Free for unlimited access');
    await expect(free).toContainText('All features but limited questions');

    const main = page.getByRole('button', { name: /^(Buy Now|Start Free Subscription|Select a plan)$/ });
    await expect(main).toHaveText('Buy Now');
    await expectAccessible(page);

    // Clicking the selected plan deselects it.
    await sixMonths.click();
    await expect(sixMonths).toHaveAttribute('aria-checked', 'false');
    await expect(main).toHaveText('Select a plan');
    await expect(main).toBeDisabled();
    await free.click();
    await expect(free).toHaveAttribute('aria-checked', 'true');
    await expect(main).toHaveText('Start Free Subscription');
    await monthly.click();
    await expect(free).toHaveAttribute('aria-checked', 'false');
    await expect(main).toHaveText('Buy Now');

    // Share copies the address and says so for 2 s of the page's clock, which only the test moves meanwhile.
    await pauseClock(page);
    await page.getByRole('button', { name: 'Share link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.clock.runFor(LINK_COPIED_MS - 1);
    await expect(page.getByText('Link copied')).toBeVisible();
    await page.clock.runFor(1);
    await expect(page.getByText('Link copied')).toBeHidden();
    await page.clock.resume();

    // Logged out, Buy Now goes to the streamlined registration with the plan's price id.
    await main.click();
    await expect(page).toHaveURL(/\/register\?priceId=price_local_demo_1_2$/);
    await expect(page.getByLabel(/^Password/)).toBeVisible();
  });

  test('by keyboard: choose the free plan, Start Free Subscription goes to /register', async ({ page }) => {
    await page.goto('/store');
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery' }).click();
    const free = page.getByRole('radio').filter({ hasText: 'Free sample' });
    await free.focus();
    await page.keyboard.press('Space');
    await expect(free).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Start Free Subscription' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('by keyboard: arrow keys move between the plans and choose them', async ({ page }) => {
    await page.goto('/store');
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery' }).click();
    const radios = page.getByRole('radiogroup', { name: 'Choose a plan' }).getByRole('radio');
    await expect(radios.nth(1)).toHaveAttribute('aria-checked', 'true'); // 6 months, the most expensive
    await radios.nth(1).focus();
    await page.keyboard.press('ArrowDown');
    await expect(radios.nth(2)).toBeFocused();
    await expect(radios.nth(2)).toHaveAttribute('aria-checked', 'true');
    await expect(radios.nth(1)).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('button', { name: 'Start Free Subscription' })).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(radios.nth(0)).toBeFocused();
    await expect(radios.nth(0)).toHaveAttribute('aria-checked', 'true');
    await expect(radios.nth(2)).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  });

  test('the header shows the logo when the QBank has one, else the title; either way the page heading', async ({
    page,
  }) => {
    // No screen uploads a logo yet: the logo call answers as the server does for a product with one.
    let logoUrl = '/favicon.svg';
    await page.route('**/api/v2/products/*/logo?logoType=PRODUCT_LOGO', (route) =>
      route.fulfill({ status: 200, json: [{ url: logoUrl }] }),
    );
    await page.goto('/store');
    await page.getByRole('link', { name: 'USMLE Step 1 Mastery' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' });
    await expect(heading.getByRole('img', { name: 'USMLE Step 1 Mastery' })).toHaveAttribute(
      'src',
      '/favicon.svg',
    );
    await expect(heading).toHaveText(''); // the logo instead of the title, not beside it
    await expect(page.getByRole('link', { name: 'Back to store' })).toBeVisible();
    await expectAccessible(page);

    // A logo that does not load gives way to the title.
    logoUrl = '/no-such-logo.png';
    await page.reload();
    await expect(heading).toHaveText('USMLE Step 1 Mastery');
    await expect(heading.getByRole('img')).toHaveCount(0);

    // Without a logo (the demo QBanks have none), the title.
    await page.unroute('**/api/v2/products/*/logo?logoType=PRODUCT_LOGO');
    await page.reload();
    await expect(heading).toHaveText('USMLE Step 1 Mastery');
    await expect(heading.getByRole('img')).toHaveCount(0);
  });

  test('Back to store returns to the list', async ({ page }) => {
    await page.goto('/store');
    await page.getByRole('link', { name: 'NCLEX-RN Review' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'NCLEX-RN Review' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to store' }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByRole('heading', { level: 1, name: 'QBank Store' })).toBeVisible();
  });

  test('a product that does not exist shows "Failed to load product data"', async ({ page }) => {
    await page.goto('/store/products/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Failed to load product data')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to store' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/store/products/not-a-product');
    await expect(page.getByText('Failed to load product data')).toBeVisible();
  });

  test('the product page fits a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/store');
    await page.getByRole('link', { name: 'NCLEX-RN Review' }).click();
    await expect(page.getByRole('radio').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await page.goto('/store/products/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Failed to load product data')).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
