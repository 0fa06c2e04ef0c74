import { sql } from 'drizzle-orm';
import { ltiPlatforms } from '../apps/server/src/db/schema';
import { buildProduct, buildSubscription } from '../apps/server/src/test/factories';
import { LEARNER, startLtiPlatform } from '../apps/server/src/test/lti-platform';
import { LTI_CLAIM } from '../packages/contract/src/lti';
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
