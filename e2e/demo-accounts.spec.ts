import { expect, signIn, test } from './fixtures';

// The README promises these accounts on a freshly seeded database. This is the one spec that signs in as them,
// and it only looks: every other test makes users of its own (fixtures.ts, newUser), so parallel workers never
// share a user whose state a test changes.
const accounts = [
  { email: 'learner@example.com', password: 'learner-demo-1', link: 'Start Test' },
  { email: 'writer@example.com', password: 'writer-demo-1', link: 'My Questions' },
  { email: 'auditor@example.com', password: 'auditor-demo-1', link: 'My Questions' },
  { email: 'admin@example.com', password: 'admin-demo-1', link: 'Admin' },
  { email: 'super@example.com', password: 'super-demo-1', link: 'Super' },
];

for (const { email, password, link } of accounts) {
  test(`the README's demo account ${email} signs in with its role`, async ({ page }) => {
    await signIn(page, email, password);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(email);
    await expect(
      page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: link, exact: true }),
    ).toBeVisible();
  });
}
