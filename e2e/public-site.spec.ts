import { expect, expectAccessible, expectNoHorizontalOverflow, like, signInAs, test } from './fixtures';

test('landing page: five sections, pricing from SPEC, sticky navigation, Back to Top, footer year', async ({
  page,
}) => {
  await page.goto('/');
  for (const id of ['features', 'pricing', 'frequently-asked', 'students', 'learners'])
    await expect(page.locator(`#${id}`)).toHaveCount(1);
  const pricing = page.locator('#pricing');
  await expect(pricing).toContainText('Public QBank');
  await expect(pricing).toContainText('$50');
  await expect(pricing).toContainText('15%');
  await expect(pricing).toContainText('$20');
  await expect(pricing).toContainText('Private QBank');
  await expect(pricing).toContainText('$250');
  await expect(pricing).toContainText('50');
  await expect(pricing).toContainText('$5');
  await expect(page.locator('#frequently-asked')).toContainText(/one business day/i);
  await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()}`);
  await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  await page.mouse.wheel(0, 4000);
  await page.getByRole('link', { name: /Back to Top/i }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  await expectAccessible(page);
});

test("a logged-out visitor's first load of / is the page built as HTML: no app code until a link needs it", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const session = page.waitForResponse((r) => r.url().endsWith('/api/v1/session'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Build a question bank once/);
  await expect(page).toHaveTitle('qbankcloud.com | Question banks for educators and learners');
  // The session is asked once (logged out: 401) and the page stays as it is: only its own small script ran.
  expect((await session).status()).toBe(401);
  await expect(page.locator('html')).toHaveAttribute('data-landing', 'static');
  const appFiles = (await page.locator('meta[name="app-files"]').getAttribute('content'))!.split(' ');
  expect(appFiles[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/));
  expect(scripts.filter((s) => appFiles.includes(s))).toEqual([]);
  await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()} QBank Cloud`);

  // A link is an ordinary page load of the app, whose files were fetched when the pointer reached it.
  await page.getByRole('link', { name: 'Browse the Store' }).hover();
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/index-"]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Browse the Store' }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByPlaceholder('Search by name or content')).toBeVisible();
  // And back to the landing page inside the app, with its header and footer as the app draws them.
  await page.getByRole('link', { name: 'QBank Cloud home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#pricing')).toContainText('$250');
});

test('the landing page finishes loading: nothing it asked for is left open', async ({ page }) => {
  const open = new Set<string>();
  page.on('request', (r) => open.add(r.url()));
  page.on('requestfinished', (r) => open.delete(r.url()));
  page.on('requestfailed', (r) => open.delete(r.url()));
  await page.goto('/', { waitUntil: 'networkidle', timeout: 10_000 });
  await expect(page.locator('html')).toHaveAttribute('data-landing', 'static');
  await expect.poll(() => [...open]).toEqual([]);
});

test('on a phone the static landing page opens its menu without the app, and closes it with Esc', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link')).toHaveText(['Store', 'Pricing', 'Demos', 'About', 'Contact']);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  // Pricing is on this page: the menu closes and the page scrolls to it.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(menu).toBeHidden();
  await expect(page.locator('#pricing')).toBeInViewport();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('signed in, the landing page is the app: the user menu instead of Register and Sign In', async ({
  page,
  newUser,
}) => {
  const learner = await newUser(like.learner);
  await signInAs(page, learner);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-landing', 'app');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'User menu' })).toContainText(learner.email);
  await expect(banner.getByRole('link', { name: 'Register' })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.locator('#features')).toBeVisible();
});

test('a hash in the address is scrolled to', async ({ page }) => {
  await page.goto('/#frequently-asked');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(page.locator('#frequently-asked')).toBeInViewport();
});

test('the tokenId query is reported to the server once on load', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/referralTokens') && r.method() === 'POST') posts.push(r.postData() ?? '');
  });
  await page.goto('/?tokenId=partner-42');
  await expect.poll(() => posts.length).toBe(1);
  expect(JSON.parse(posts[0]!)).toEqual({ tokenId: 'partner-42' });
  // Once the server has answered, the page notes the token as reported; no second report went out meanwhile.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('qbank.referralTokensReported')))
    .toContain('partner-42');
  expect(posts).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('qbank.referralTokenId'))).toBe('partner-42');
});

test('a reload or a second visit with the same tokenId reports it no more', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/referralTokens') && r.method() === 'POST') posts.push(r.postData() ?? '');
  });
  const recorded = page.waitForResponse((r) => r.url().includes('/api/v1/referralTokens'));
  await page.goto('/?tokenId=partner-reload');
  expect((await recorded).status()).toBe(201);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('qbank.referralTokensReported')))
    .toContain('partner-reload');
  await page.reload();
  await expect(page.locator('#pricing')).toBeAttached();
  await page.goto('/about');
  await page.goto('/?tokenId=partner-reload');
  await expect(page.locator('#pricing')).toBeAttached();
  expect(posts).toHaveLength(1);
  // Another token is another referral: the next report is that one's (a late second report of the first
  // token would come before it), and once it is noted as reported nothing else went out.
  await page.goto('/?tokenId=partner-other');
  await expect.poll(() => posts.length).toBeGreaterThanOrEqual(2);
  expect(JSON.parse(posts[1]!)).toEqual({ tokenId: 'partner-other' });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('qbank.referralTokensReported')))
    .toContain('partner-other');
  expect(posts).toHaveLength(2);
  expect(await page.evaluate(() => localStorage.getItem('qbank.referralTokenId'))).toBe('partner-other');
});

test('header: Register hidden on /register, Sign In hidden on /login', async ({ page }) => {
  await page.goto('/register');
  const header = page.locator('header');
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Register' })).toHaveCount(0);
  await page.goto('/login');
  await expect(header.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('unknown routes go to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('policies are PDF documents', async ({ request }) => {
  for (const p of ['/terms', '/privacy', '/cookies']) {
    const res = await request.get(p);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
});

test('about and demos pages', async ({ page, request }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/demos');
  await expect(page.locator('video')).toHaveCount(1);
  const src = await page.locator('video').getAttribute('src');
  const video = await request.get(src!);
  expect(video.status()).toBe(200);
  expect((await video.body()).length).toBeGreaterThan(10_000);
  await expect(page.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
    'href',
    '/contact?subject=SALES',
  );
  await expect(page.getByRole('link', { name: 'Book Personalized Demo' })).toBeVisible();
  await expectAccessible(page);
});

for (const path of [
  '/',
  '/about',
  '/demos',
  '/contact',
  '/register',
  '/login',
  '/resetPassword',
  '/error?msgId=paymentFailed',
]) {
  test(`${path} fits 375 px and is accessible there`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
}

test('the main navigation works by keyboard', async ({ page, newUser }) => {
  const learner = await newUser(like.learner);
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.goto('/login');
  await page.getByLabel('Email').focus();
  await page.keyboard.type(learner.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(learner.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the app is sent compressed, and its hashed files are cached for good', async ({ request }) => {
  const html = await (await request.get('/store')).text();
  const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const encoding of ['br', 'gzip']) {
    const res = await request.get(script!, { headers: { 'accept-encoding': encoding } });
    expect(res.headers()['content-encoding']).toBe(encoding);
    expect(Number(res.headers()['content-length'])).toBeLessThan(
      Number(plain.headers()['content-length']) / 3,
    );
    // The request API decodes the body: the same script either way.
    expect((await res.body()).equals(await plain.body())).toBe(true);
  }
  // The pages themselves are never cached without asking again: a release shows at the next visit.
  expect((await request.get('/store')).headers()['cache-control']).toBe('no-cache');
  const landing = await request.get('/');
  expect(landing.headers()['cache-control']).toBe('no-cache');
  expect(landing.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(await landing.text()).toContain('id="pricing"');
});

test('the page is sent with a Content-Security-Policy it passes: no inline script, no framing', async ({
  page,
  newUser,
}) => {
  const learner = await newUser(like.learner);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) violations.push(m.text());
  });
  // Every violation the browser reports to the page, also one it logs nowhere: a script's `new Function` that
  // is refused and caught (zod probes for its JIT that way unless it is configured jitless).
  await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation;
      report(`${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI} (${e.sample})`);
    });
  });
  // The landing page as built, logged out.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-landing', 'static');
  const res = await page.goto('/store');
  const csp = res!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res!.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.getByRole('link', { name: 'USMLE Step 1 Mastery', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'USMLE Step 1 Mastery' })).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  // The landing page signed in: its script starts the app, which draws the visitor's header.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-landing', 'app');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  // One more round trip to the page: a report dispatched before it has reached the test by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(violations).toEqual([]);
});

test('the API reader at /api/docs shows the document under the app’s own Content-Security-Policy', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto('/api/docs/');
  const csp = res!.headers()['content-security-policy'] ?? '';
  // The same policy as every page: no framing, and no upgrade of plain http (the embedded default).
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  await expect(page.getByRole('heading', { name: /QBank Cloud API/ })).toBeVisible();
  // The reader draws only the operations near the viewport (a virtual list): scroll until the store's appear.
  const storeSearch = page.getByText('/api/v2/products/productSearchContent').first();
  await expect(async () => {
    await page.mouse.wheel(0, 700);
    await expect(storeSearch).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect(violations).toEqual([]);
});
