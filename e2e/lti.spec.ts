import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client';
import { ltiPlatforms } from '../apps/server/src/db/schema';
import { buildBank } from '../apps/server/src/test/bank-factory';
import { buildProduct, buildSubscription } from '../apps/server/src/test/factories';
import { INSTRUCTOR, LEARNER, startLtiPlatform } from '../apps/server/src/test/lti-platform';
import { LTI_CLAIM, LTI_DL_CLAIM } from '../packages/contract/src/lti';
import { expect, expectAccessible, expectNoHorizontalOverflow, signInAs, test } from './fixtures';

// Course platforms (docs/lti.md): an admin connects a course platform (an emulated one, over real HTTP) from
// the Admin screen with the tool's values beside the form; a learner's browser follows the course link, the
// platform posts the launch, and the learner lands in the QBank signed in; the admin then sees the course,
// syncs its class list and turns launches off. Keyboard, axe and 375 px.

test.describe('Course platforms (LTI)', () => {
  test('an admin connects a platform; a learner follows the course link and lands in the QBank', async ({
    page,
    browser,
    newUser,
    db,
    baseURL,
  }) => {
    const k = Math.random().toString(36).slice(2, 8);
    const lms = await startLtiPlatform({
      toolOrigin: baseURL!,
      toolKeySet: async () => (await fetch(`${baseURL}/api/v2/lti/jwks`)).json(),
    });
    try {
      const product = await buildProduct(db, { name: `Cardiology Course Bank ${k}` });
      const admin = await newUser({ label: 'admin', firstName: 'Ada', lastName: 'Admin' });
      await buildSubscription(db, admin.id, product.id, {
        type: 'PRIVILEGED',
        student: false,
        admin: true,
        staffSince: new Date(),
      });
      await db.execute(sql`UPDATE users SET last_used_product_id = ${product.id} WHERE id = ${admin.id}`);
      await signInAs(page, admin);
      await page.goto('/admin');
      await page.getByRole('link', { name: 'Connect course platforms' }).click();
      await expect(page).toHaveURL(/\/admin\/lti$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Course platforms' })).toBeVisible();

      // The tool's values to paste into the platform, and the JSON for Canvas.
      const tool = page.getByRole('region', { name: 'Connect by hand: this tool’s values' });
      await expect(tool.getByText(`${baseURL}/api/v2/lti/login`, { exact: true })).toBeVisible();
      await expect(tool.getByText(`${baseURL}/api/v2/lti/jwks`, { exact: true })).toBeVisible();
      await tool.getByRole('button', { name: 'Show the JSON for Canvas' }).click();
      await expect(tool.getByText('"oidc_initiation_url"')).toBeVisible();
      await expect(page.getByText('No course platform is connected yet')).toBeVisible();
      await expectAccessible(page);

      // Connect: a missing field is named before the server is asked.
      const form = page.getByRole('region', { name: 'Connect a platform' });
      await form.getByRole('button', { name: 'Connect' }).click();
      await expect(form.getByRole('textbox', { name: 'Client ID' })).toHaveAttribute('aria-invalid', 'true');
      await form.getByRole('textbox', { name: 'Issuer (platform ID)' }).fill(lms.issuer);
      await form.getByRole('textbox', { name: 'Client ID' }).fill(`e2e-${k}`);
      await form.getByRole('textbox', { name: 'Authentication request URL' }).fill(lms.authLoginUrl);
      await form.getByRole('textbox', { name: 'Access token URL' }).fill(lms.authTokenUrl);
      await form.getByRole('textbox', { name: 'Public keyset URL' }).fill(lms.keySetUrl);
      await form.getByRole('textbox', { name: 'Deployment IDs' }).fill(lms.deploymentId);
      await form.getByRole('button', { name: 'Connect' }).press('Enter');
      await expect(form.getByRole('status')).toHaveText(
        `${lms.issuer} is connected: its courses can launch QBank Cloud now.`,
      );
      const card = page.getByRole('listitem', { name: lms.issuer });
      await expect(card.getByText('Enabled', { exact: true })).toBeVisible();
      await expect(card.getByText('No course has launched QBank Cloud yet.', { exact: false })).toBeVisible();

      // A learner follows the link in their course: the tool's login, the platform's form post, the bank.
      lms.nextLaunch = {
        sub: `learner-${k}`,
        email: `learner.${k}@school.example.com`,
        given_name: 'Lena',
        family_name: 'Park',
        [LTI_CLAIM.context]: { id: `course-${k}`, title: 'Cardiology 101' },
        [LTI_CLAIM.namesRoleService]: { context_memberships_url: lms.membershipsUrl(`course-${k}`) },
      };
      const learnerContext = await browser.newContext();
      try {
        const learner = await learnerContext.newPage();
        const link = new URLSearchParams({
          iss: lms.issuer,
          login_hint: `learner-${k}`,
          target_link_uri: `${baseURL}/dashboard`,
          client_id: `e2e-${k}`,
        });
        await learner.goto(`${baseURL}/api/v2/lti/login?${link}`);
        await expect(learner).toHaveURL(`${baseURL}/dashboard`);
        await expect(learner.getByText(product.name).first()).toBeVisible();
      } finally {
        await learnerContext.close();
      }

      // The admin sees the launch and the course, and turns launches off.
      await page.reload();
      await expect(card.getByText(/^Last launch (?!never)/)).toBeVisible();
      await expect(card.getByText('Cardiology 101')).toBeVisible();
      await expect(card.getByText('Roster: last synced never')).toBeVisible();

      // The course's class list, synced on demand: the launcher and a classmate who has not launched yet.
      lms.setMembers(`course-${k}`, [
        { user_id: `learner-${k}`, roles: [LEARNER], email: `learner.${k}@school.example.com` },
        { user_id: `mate-${k}`, roles: [LEARNER], given_name: 'Maya', email: `mate.${k}@school.example.com` },
      ]);
      await card.getByRole('button', { name: 'Sync rosters now' }).click();
      await expect(card.getByText('1 course will be synced now.')).toBeVisible();
      await expect(
        card.getByText(
          '2 learners: 1 accounts made, 1 joined, 0 back, 0 suspended, 0 on hold, 0 not linked (an account has their e-mail)',
        ),
      ).toBeVisible({ timeout: 30_000 });
      await expect(card.getByText(/^Roster: last synced (?!never)/)).toBeVisible();
      await card.getByRole('switch', { name: 'Launches allowed' }).press('Space');
      await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Sync rosters now' })).toBeDisabled();

      // Dynamic registration: the admin makes a URL; the platform opens it and connects itself.
      const register = page.getByRole('region', { name: 'Register automatically' });
      await register.getByRole('checkbox', { name: /instructors/ }).check();
      await register.getByRole('button', { name: 'Make a registration URL' }).click();
      const url = await register.getByRole('status').locator('code').textContent();
      expect(url).toMatch(/\/api\/v2\/lti\/register\?token=/);
      const platformWindow = await browser.newContext();
      try {
        const w = await platformWindow.newPage();
        await w.goto(`${url}&openid_configuration=${encodeURIComponent(lms.openidConfiguration)}`);
        await expect(w.getByRole('heading', { name: `${product.name} is connected` })).toBeVisible();
        await expectAccessible(w);
      } finally {
        await platformWindow.close();
      }
      await page.reload();
      await expect(page.getByRole('listitem', { name: lms.issuer })).toHaveCount(2);

      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
    } finally {
      await lms.close();
    }
  });

  test('a learner whose e-mail has an account here signs in to it once to link their course', async ({
    page,
    newUser,
    db,
    baseURL,
  }) => {
    const k = Math.random().toString(36).slice(2, 8);
    const lms = await startLtiPlatform({ toolOrigin: baseURL! });
    try {
      const product = await buildProduct(db, { name: `Linked Course Bank ${k}` });
      await db.insert(ltiPlatforms).values({
        productId: product.id,
        issuer: lms.issuer,
        clientId: `link-${k}`,
        deploymentIds: [lms.deploymentId],
        authLoginUrl: lms.authLoginUrl,
        authTokenUrl: lms.authTokenUrl,
        keySetUrl: lms.keySetUrl,
      });
      const learner = await newUser({ label: 'linker', firstName: 'Lin', lastName: 'Kerr' });
      lms.nextLaunch = {
        sub: `linker-${k}`,
        email: learner.email,
        [LTI_CLAIM.context]: { id: `course-${k}`, title: 'Renal 201' },
      };
      const link = new URLSearchParams({
        iss: lms.issuer,
        login_hint: `linker-${k}`,
        target_link_uri: `${baseURL}/dashboard`,
        client_id: `link-${k}`,
      });
      await page.goto(`/api/v2/lti/login?${link}`);
      await expect(page).toHaveURL(/\/lti\/link\/[\w-]+$/);
      await expect(page.getByRole('heading', { name: 'Link your course to your account' })).toBeVisible();
      await expect(page.getByText(`An account with ${learner.email} exists here already.`)).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Sign in to link' }).click();
      await page.getByLabel('Email').fill(learner.email);
      await page.getByLabel('Password', { exact: true }).fill(learner.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/lti\/link\/[\w-]+$/);
      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoHorizontalOverflow(page);
      await page.getByRole('button', { name: `Link and open ${product.name}` }).press('Enter');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(product.name).first()).toBeVisible();
    } finally {
      await lms.close();
    }
  });
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
        await learner.setViewportSize({ width: 375, height: 800 });
        await learner.goto(lms.coursePageUrl(login(`learner-${k}`)));
        const tool = learner.frameLocator('iframe[name="tool"]');
        const open = tool.getByRole('button', { name: `Open Renal Bank ${k}` });
        await expect(open).toBeVisible();
        await expectAccessible(learner);
        const [bankWindow] = await Promise.all([learner.waitForEvent('popup'), open.press('Enter')]);
        await expect(bankWindow).toHaveURL(`${baseURL}/dashboard`);
        await expect(bankWindow.getByText(`Renal quiz ${k}`).first()).toBeVisible();
        await expectNoHorizontalOverflow(bankWindow);
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
