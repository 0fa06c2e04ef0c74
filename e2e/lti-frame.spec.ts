import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client';
import { ltiPlatforms } from '../apps/server/src/db/schema';
import { buildBank } from '../apps/server/src/test/bank-factory';
import { buildSubscription } from '../apps/server/src/test/factories';
import { INSTRUCTOR, startLtiPlatform } from '../apps/server/src/test/lti-platform';
import { LTI_CLAIM, LTI_DL_CLAIM } from '../packages/contract/src/lti';
import { chromiumLaunchOptions } from './chromium';
import { expect, expectAccessible, expectNoHorizontalOverflow, signInAs, test } from './fixtures';

// Course platforms inside the course page (docs/lti.md, "Inside the course's frame"): the platform on another
// site than the tool, so the tool in its frame is a third party whose cookie the browser does not keep there.
// An instructor places a test from the frame (deep linking); a learner's launch in the frame is proved through
// the platform's storage and the bank opens in a window of its own; the admin sees the placed test.

// The tool's frame goes from the tool to the platform and back within a second; with site isolation each step
// swaps the frame's process, and Playwright at times loses the frame in the swap (the test tool's race, not the
// product's: the pages load, the frame is left unread). One process for all sites keeps the frame in view;
// cookies still follow the sites' rules.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--disable-site-isolation-trials',
      '--disable-features=IsolateOrigins,site-per-process',
    ],
  },
});

test.describe('Course platforms (LTI): inside the course page', () => {
  test('an instructor places a test from the course editor’s frame; a learner opens it from the course page', async ({
    page,
    browser,
    db,
    baseURL,
    newUser,
  }) => {
    const k = Math.random().toString(36).slice(2, 8);
    // The platform on another site than the tool (localhost, the tool on 127.0.0.1): inside its page the
    // tool is a third party, and its cookie is not kept there.
    const lms = await startLtiPlatform({
      toolOrigin: baseURL!,
      host: 'localhost',
      toolKeySet: async () => (await fetch(`${baseURL}/api/v2/lti/jwks`)).json(),
    });
    try {
      const bank = await buildBank(db, { subcategories: 2, perSubcategory: 2 });
      await db.execute(sql`UPDATE products SET name = ${`Renal Bank ${k}`} WHERE id = ${bank.product.id}`);
      const [tpl] = rowsOf(
        await db.execute(sql`INSERT INTO test_templates (product_id, name, current_version, created_by, created_at, updated_at)
          VALUES (${bank.product.id}, 'Renal week 1', 1, ${bank.author.id}, now(), now()) RETURNING id`),
      ) as { id: string }[];
      const spec = {
        selection: { kind: 'QUESTIONS', questionUuids: bank.questions.slice(0, 3).map((q) => q.id) },
        order: 'AS_LISTED',
        mode: 'TUTOR',
        timeLimitMinutes: null,
        passingScore: null,
      };
      await db.execute(sql`INSERT INTO test_template_versions (template_id, number, spec, editor_id, created_at)
        VALUES (${tpl!.id}, 1, ${JSON.stringify(spec)}::jsonb, ${bank.author.id}, now())`);
      await db.insert(ltiPlatforms).values({
        productId: bank.product.id,
        issuer: lms.issuer,
        clientId: `frame-${k}`,
        deploymentIds: [lms.deploymentId],
        authLoginUrl: lms.authLoginUrl,
        authTokenUrl: lms.authTokenUrl,
        keySetUrl: lms.keySetUrl,
        instructorsAllowed: true,
      });
      const login = (who: string) =>
        `${baseURL}/api/v2/lti/login?${new URLSearchParams({
          iss: lms.issuer,
          login_hint: who,
          target_link_uri: `${baseURL}/dashboard`,
          client_id: `frame-${k}`,
          lti_storage_target: '_parent',
        })}`;
      const course = { id: `course-${k}`, title: `Renal 201 ${k}` };

      // The instructor adds an activity in the course's editor: the tool's picker, in the platform's frame.
      lms.nextLaunch = {
        sub: `teacher-${k}`,
        email: `teacher.${k}@school.example.com`,
        given_name: 'Tomas',
        family_name: 'Teach',
        [LTI_CLAIM.messageType]: 'LtiDeepLinkingRequest',
        [LTI_CLAIM.roles]: [INSTRUCTOR],
        [LTI_CLAIM.context]: course,
        [LTI_DL_CLAIM.settings]: {
          deep_link_return_url: `${lms.issuer}/deep-link-return`,
          accept_types: ['ltiResourceLink'],
          data: `editor-${k}`,
        },
      };
      await page.goto(lms.coursePageUrl(login(`teacher-${k}`)));
      const frame = page.frameLocator('iframe[name="tool"]');
      await expect(frame.getByRole('heading', { name: `Place a test from Renal Bank ${k}` })).toBeVisible();
      await expect(frame.getByText(course.title)).toBeVisible();
      await expectAccessible(page);
      // Keyboard only: a bad number is named under its field, then the form goes through.
      await frame.getByLabel('Open for (days, from now)').fill('0');
      await frame.getByLabel('Open for (days, from now)').press('Enter');
      await expect(frame.getByText('It stays open at least 1 day')).toBeVisible();
      await expect(frame.getByLabel('Open for (days, from now)')).toHaveAttribute('aria-invalid', 'true');
      await frame.getByLabel('Open for (days, from now)').fill('14');
      await frame.getByLabel('Name in the course').fill(`Renal quiz ${k}`);
      await frame.getByRole('button', { name: 'Place in the course' }).press('Enter');
      await expect(frame.getByRole('heading', { name: 'Activity added to the course' })).toBeVisible();
      expect(lms.deepLinkReturns).toHaveLength(1);
      const placed = await lms.verifyToolJwt(lms.deepLinkReturns[0]!);
      expect(placed[LTI_DL_CLAIM.data]).toBe(`editor-${k}`);
      const [item] = placed[LTI_DL_CLAIM.contentItems] as { title: string; custom: Record<string, string> }[];
      expect(item!.title).toBe(`Renal quiz ${k}`);

      // A learner opens the placed link in the course page: the bank opens in a window of its own.
      lms.nextLaunch = {
        sub: `learner-${k}`,
        email: `learner.${k}@school.example.com`,
        given_name: 'Lena',
        family_name: 'Park',
        [LTI_CLAIM.context]: course,
        [LTI_CLAIM.resourceLink]: { id: `link-${k}` },
        [LTI_DL_CLAIM.custom]: item!.custom,
      };
      const learnerContext = await browser.newContext();
      try {
        const learner = await learnerContext.newPage();
        // The launch's posts from the frame: the platform's, then the tool's own with the secret it read back.
        const launchPosts: string[] = [];
        learner.on('request', (r) => {
          if (r.method() === 'POST' && r.url().endsWith('/api/v2/lti/launch'))
            launchPosts.push(r.postData() ?? '');
        });
        await learner.setViewportSize({ width: 375, height: 800 });
        await learner.goto(lms.coursePageUrl(login(`learner-${k}`)));
        const tool = learner.frameLocator('iframe[name="tool"]');
        const open = tool.getByRole('button', { name: `Open Renal Bank ${k}` });
        await expect(open).toBeVisible();
        await expectAccessible(learner);
        const [bankWindow] = await Promise.all([learner.waitForEvent('popup'), open.press('Enter')]);
        // The placed link opens its assignment's page, to start it there.
        const assignmentId = item!.custom.qbank_assignment;
        await expect(bankWindow).toHaveURL(`${baseURL}/my-assignments/${assignmentId}`);
        // The cookie was not kept in the frame: the browser was proved by the platform's storage.
        expect(launchPosts).toHaveLength(2);
        expect(launchPosts[1]).toMatch(/(^|&)browser=[\w-]{20,}/);
        await expect(bankWindow.getByRole('heading', { level: 1, name: `Renal quiz ${k}` })).toBeVisible();
        await expect(bankWindow.getByText('0 of 1 attempt used', { exact: false })).toBeVisible();
        await expectNoHorizontalOverflow(bankWindow);
        await expectAccessible(bankWindow);
        await bankWindow.getByRole('button', { name: `Start: Renal quiz ${k}` }).press('Enter');
        await expect(bankWindow).toHaveURL(/\/tests\/[0-9a-f-]{36}\/run$/);
      } finally {
        await learnerContext.close();
      }

      // The bank's admin sees the placed test under its course, with how its scores go to the grade book.
      const admin = await newUser({ label: 'admin', firstName: 'Ada', lastName: 'Admin' });
      await buildSubscription(db, admin.id, bank.product.id, {
        type: 'PRIVILEGED',
        student: false,
        admin: true,
        staffSince: new Date(),
      });
      await db.execute(
        sql`UPDATE users SET last_used_product_id = ${bank.product.id} WHERE id = ${admin.id}`,
      );
      await signInAs(page, admin);
      await page.goto('/admin/lti');
      const placedTests = page.getByRole('list', { name: `Tests placed in ${course.title}` });
      await expect(placedTests.getByRole('link', { name: `Renal quiz ${k}` })).toBeVisible();
      await expect(placedTests.getByText(/grade book: 0 scores sent/)).toBeVisible();
      await expectAccessible(page);
    } finally {
      await lms.close();
    }
  });
});
