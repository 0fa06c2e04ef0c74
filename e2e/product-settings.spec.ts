import type { Page } from '@playwright/test';
import { buildPlan, buildProduct } from '../apps/server/src/test/factories';
import { expect, expectAccessible, expectNoHorizontalOverflow, like, signInAs, test } from './fixtures';

// Product settings (docs/product-settings.md): an admin edits the store page and sees the preview change,
// meets a field error from the browser and one from the server, saves, finds the store changed, then
// unpublishes and the store no longer lists the QBank; axe and 375 px.

/** The store's list searched for a term, as a visitor types it. */
async function searchStore(page: Page, term: string) {
  await page.goto('/store');
  await page.getByRole('textbox', { name: 'Search' }).fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('an admin edits the store page with a live preview, saves it, and unpublishes the QBank', async ({
  page,
  newUser,
  db,
}) => {
  test.setTimeout(240_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const product = await buildProduct(db, {
    name: `Settings bank ${tag}`,
    content: 'The old content of this bank.',
    productCategory: 'NURSING',
  });
  await buildPlan(db, product.id, { planName: 'Full year', priceCents: 9900, frequencyType: 'YEARLY' });
  await signInAs(page, await newUser({ ...like.admin, qbanks: { [product.name]: 'admin' } }));

  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('link', { name: 'Edit the store page' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page).toHaveTitle(/\| Store page$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Store page' })).toBeVisible();
  await expect(page.getByText('Listed on the store')).toBeVisible();
  const card = page.getByTestId('card-preview');
  const productPage = page.getByTestId('page-preview');
  await expect(card).toContainText(product.name);
  await expect(card).toContainText('The old content of this bank.');
  await expect(card).toContainText('Full year');
  await expectAccessible(page);

  // The preview follows the form before anything is saved.
  const name = `Cardiac Imaging ${tag}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Radiology & Imaging' });
  await page.getByRole('textbox', { name: 'Target audience' }).fill('Sonographers');
  await page.getByRole('textbox', { name: 'Short description' }).fill(`Echo and CT drills ${tag}`);
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(`Long content ${tag}\nSecond line`);
  await page.getByRole('textbox', { name: 'Short authors' }).fill('Imaging Board');
  await expect(card).toContainText(name);
  await expect(card).toContainText('For: Sonographers');
  await expect(card).toContainText(`Echo and CT drills ${tag}`);
  await expect(productPage).toContainText(name);
  await expect(productPage).toContainText('Radiology & Imaging');
  await expect(productPage).toContainText(`Long content ${tag}`);
  await expect(productPage).toContainText('Imaging Board');
  await expect(page.getByText('Unsaved changes.')).toBeVisible();

  // A demo video elsewhere is refused on its field before the server is asked.
  const video = page.getByRole('textbox', { name: 'Demo video' });
  await video.fill('http://videos.example/demo.mp4');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(video).toHaveAccessibleDescription(/demoVideo must be an https link/);
  await video.fill('https://www.youtube.com/watch?v=demo');
  // Another QBank's name (in other case): the server's 409 lands on the name.
  const nameBox = page.getByRole('textbox', { name: 'Name' });
  await nameBox.fill('usmle step 1 mastery');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(nameBox).toHaveAccessibleDescription(/Another QBank already has this name/);
  await nameBox.fill(name);
  await page.getByRole('button', { name: 'Add an example question' }).click();
  await page.getByRole('textbox', { name: 'Example question 1' }).fill('Which view shows the apex?');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved: the store shows these now.')).toBeVisible();
  await expectAccessible(page);

  // The store's product page and list show the new values.
  await page.getByRole('link', { name: 'Open the store page' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Long content ${tag}`)).toBeVisible();
  await expect(page.getByText('Radiology & Imaging')).toBeVisible();
  await searchStore(page, tag);
  const listed = page.getByRole('article').filter({ hasText: name });
  await expect(listed).toBeVisible();
  await expect(listed).toContainText(`Echo and CT drills ${tag}`);

  // Unpublished: the store no longer lists it, and the screen says so.
  await page.goto('/admin/settings');
  await page.getByRole('button', { name: 'Unpublish from the store' }).click();
  await expect(page.getByText('Not published', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish on the store' })).toBeEnabled();
  await searchStore(page, tag);
  await expect(page.getByRole('status').filter({ hasText: /results?$/ })).toHaveText('No results');
  await expect(page.getByRole('article').filter({ hasText: name })).toHaveCount(0);

  // At 375 px the screen fits and stays accessible; published again from there.
  await page.goto('/admin/settings');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: 'Store page' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Publish on the store' }).click();
  await expect(page.getByText('Listed on the store')).toBeVisible();
});
