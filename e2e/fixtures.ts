import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const uniqueEmail = (label = 'e2e') => `${label}.${randomBytes(5).toString('hex')}@example.com`;

interface MailRow {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Waits for the newest mail to `to` (optionally whose subject contains `subject`) in the dev mailbox. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject?: string,
  after = 0,
): Promise<MailRow> {
  let found: MailRow | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/dev/mailbox/messages');
        const { content } = (await res.json()) as { content: MailRow[] };
        found = content.filter((m) => m.to === to && (!subject || m.subject.includes(subject)))[after];
        return Boolean(found);
      },
      { timeout: 15_000, intervals: [200, 300, 500] },
    )
    .toBe(true);
  return found!;
}

export async function mailCount(request: APIRequestContext, to: string): Promise<number> {
  const res = await request.get('/dev/mailbox/messages');
  const { content } = (await res.json()) as { content: MailRow[] };
  return content.filter((m) => m.to === to).length;
}

/** The first link to `path` in a mail, made relative so it opens on the test server. */
export function linkFrom(mail: MailRow, path: string): string {
  const m = mail.text.match(new RegExp(`https?://[^\\s]+(${path}\\?token=[^\\s]+)`));
  if (!m) throw new Error(`No ${path} link in: ${mail.text}`);
  return m[1]!;
}

/** No axe-core violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** Nothing is wider than the viewport (SPEC-level rule: every screen fits 375 px). */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Registers and verifies a user through the API, as the screens would. */
export async function registerUser(request: APIRequestContext, password = 'a-good-long-password') {
  const email = uniqueEmail('user');
  const r = await request.post('/api/v1/initiateRegistration', {
    data: { firstName: 'Pat', lastName: 'Example', username: email },
  });
  expect(r.status()).toBe(201);
  const mail = await waitForMail(request, email, 'Verify');
  const token = decodeURIComponent(linkFrom(mail, '/userRegistration').split('token=')[1]!);
  const c = await request.post(`/api/v1/completeRegistration?token=${encodeURIComponent(token)}`, {
    data: { firstName: 'Pat', lastName: 'Example', password },
  });
  expect(c.status()).toBe(200);
  return { email, password };
}

/** Fails the test on any console error or uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
      });
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Signs in through the login screen and waits for the signed-in shell. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/** The screen as it is now has no axe-core violations and, at 375 px wide, nothing wider than the viewport. */
export async function expectScreenOk(page: Page) {
  await expectAccessible(page);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: size?.height ?? 800 });
  // Polled: the signed-in shell animates its sidebar away when the width drops.
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}
