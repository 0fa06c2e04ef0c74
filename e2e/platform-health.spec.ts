import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jobs, webhookEvents } from '../apps/server/src/db/schema';
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

const tag = () => randomBytes(4).toString('hex');

test.describe('Super → Platform health (docs/platform-health.md)', () => {
  test('a superuser sees the summary, retries a failed job and replays a failed event', async ({
    page,
    request,
    db,
    newUser,
  }) => {
    // A mail job that failed for good, as the runner leaves one after its last attempt.
    const to = uniqueEmail('health');
    const k = tag();
    const [job] = await db
      .insert(jobs)
      .values({
        kind: 'mail.send',
        payload: { to, subject: `Health check ${k}`, text: 'Sent again from Platform health.' },
        attempts: 12,
        maxAttempts: 12,
        lastError: `550 mailbox unavailable ${k}`,
        failedAt: new Date(),
      })
      .returning();
    // A payment event whose processing failed (an invoice for no subscription of ours: replaying it is harmless).
    const eventId = `evt_e2e_${k}`;
    await db.insert(webhookEvents).values({
      id: eventId,
      provider: 'local',
      type: 'invoice.paid',
      payload: { id: eventId, type: 'invoice.paid', created: 1, data: { object: { id: `in_${k}` } } },
      failedAt: new Date(),
      lastError: `provider said no ${k}`,
    });

    await signInAs(page, await newUser(like.superuser));
    await expect(page).toHaveURL(/\/superuser$/);
    await page.getByRole('link', { name: 'See platform health' }).click();
    await expect(page).toHaveURL(/\/superuser\/health$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Platform health' })).toBeVisible();
    for (const part of ['Job queue', 'Mail', 'Payment webhook events', 'Database', 'Media storage'])
      await expect(page.getByRole('heading', { level: 3, name: part, exact: true })).toBeVisible();
    const database = page.getByRole('region', { name: 'Database' });
    await expect(database.getByText('yes', { exact: true })).toBeVisible();
    // Its level is said in words (a slow answer on a busy machine may fairly be "Needs a look").
    await expect(database.getByText(/^(OK|Needs a look)$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Media storage' }).getByText('succeeded')).toBeVisible();
    // A failed job and a failed payment event are never shown as fine.
    await expect(page.getByRole('region', { name: 'Job queue' }).getByText('Needs a look')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Payment webhook events' }).getByText('Failing'),
    ).toBeVisible();

    const failedJobs = page.getByRole('list', { name: 'failed jobs' });
    await expect(failedJobs.getByText(`mail.send #${job!.id}`)).toBeVisible();
    await expect(failedJobs.getByText(`550 mailbox unavailable ${k}`)).toBeVisible();
    await expectAccessible(page);

    // Retry: it runs again and the mail goes out.
    await page.getByRole('button', { name: `Retry job ${job!.id}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Job ${job!.id} is queued again` }),
    ).toBeVisible();
    await waitForMail(request, to, `Health check ${k}`);
    await expect
      .poll(async () => (await db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]?.doneAt ?? null)
      .not.toBeNull();
    await page.getByLabel('Show jobs').selectOption('done');
    await expect(
      page.getByRole('list', { name: 'done jobs' }).getByText(`mail.send #${job!.id}`),
    ).toBeVisible();

    // Replay asks first; Cancel changes nothing.
    await page.getByRole('tab', { name: 'Webhook events' }).click();
    const events = page.getByRole('list', { name: 'failed webhook events' });
    await expect(events.getByText(`provider said no ${k}`)).toBeVisible();
    await page.getByRole('button', { name: `Replay event ${eventId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay invoice.paid?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: `Replay event ${eventId}` }).click();
    await dialog.getByRole('button', { name: 'Replay event' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The event was processed again' })).toBeVisible();
    await expect(events.getByText(`provider said no ${k}`)).toBeHidden();
    const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    expect(row!.processedAt).not.toBeNull();
  });

  test('the page fits a 375 px screen, works by keyboard, with no axe violations', async ({
    page,
    db,
    newUser,
  }) => {
    const k = tag();
    await db.insert(jobs).values({
      kind: 'mail.send',
      payload: { to: uniqueEmail('narrow'), subject: `Narrow ${k}`, text: 'x' },
      attempts: 3,
      maxAttempts: 3,
      lastError: `a long error without spaces ${'x'.repeat(120)} ${k}`,
      failedAt: new Date(),
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, await newUser(like.superuser));
    await page.goto('/superuser/health');
    await expect(page.getByRole('heading', { level: 3, name: 'Database' })).toBeVisible();
    await expect(page.getByText(k, { exact: false }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    // The tabs move with the arrow keys; the mail list shows its failed mail.
    await page.getByRole('tab', { name: 'Jobs' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Mail' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Mail', selected: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'failed mail' }).getByText(`Narrow ${k}`)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
