import type { Page } from '@playwright/test';
import { buildBank } from '../apps/server/src/test/bank-factory';
import { expect, expectAccessible, expectNoHorizontalOverflow, like, signInAs, test } from './fixtures';

// A 4×4 PNG, solid #e63946, made for this test: a logo recognised from its bytes.
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGN4ZukGRwzEcQBOchZRViy4SgAAAABJRU5ErkJggg==',
  'base64',
);

/** Picks a file through the upload field's button, as a user does. */
async function choose(page: Page, field: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: field }).click();
  await (await chooser).setFiles(file);
}

// The test's own QBank, of which the user is the admin: the demo banks other tests read keep their looks.
test('an admin sets the header colours, is warned of low contrast, and uploads a header logo', async ({
  page,
  newUser,
  db,
}) => {
  test.setTimeout(90_000);
  const bank = await buildBank(db, { subcategories: 1, perSubcategory: 1 });
  await signInAs(page, await newUser({ ...like.admin, qbanks: { [bank.product.name]: 'admin' } }));
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('link', { name: 'Edit logos and colours' }).click();
  await expect(page).toHaveURL(/\/admin\/branding$/);
  await expect(page).toHaveTitle(/\| Logos and colours$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Logos and colours' })).toBeVisible();
  await expect(page.getByText('No header logo yet.')).toBeVisible();
  await expectAccessible(page);

  // A light grey on white: the preview shows it, and the check warns before it is saved.
  const background = page.getByRole('textbox', { name: 'Header background' });
  const text = page.getByRole('textbox', { name: 'Header text', exact: true });
  await background.fill('#ffffff');
  await text.fill('#cccccc');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Header text on header background: 1.6' }),
  ).toBeVisible();
  await expect(page.getByText('WCAG AA asks for at least 4.5:1')).toBeVisible();
  await expect(page.getByTestId('header-preview')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  // Not a colour: named on its field, and nothing can be saved.
  await text.fill('grey');
  await expect(page.getByText('Header text must be a colour like #1a2b3c')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save colours' })).toBeDisabled();

  // A readable pair, saved: the warning goes, and the signed-in header takes the colours at once.
  await background.fill('#1a2b3c');
  await text.fill('#ffffff');
  await expect(page.getByText('Header text on header background: 14.')).toBeVisible();
  await expect(page.getByText('Low contrast')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save colours' }).click();
  await expect(page.getByText('Saved: the header uses these colours now.')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(26, 43, 60)');

  // A PNG header logo: previewed on the page and shown in the header.
  await choose(page, 'Upload a header logo', {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: LOGO_PNG,
  });
  await expect(page.getByRole('img', { name: 'Current header logo' })).toBeVisible();
  const headerLogo = page.getByRole('banner').getByRole('img', { name: `${bank.product.name} logo` });
  await expect(headerLogo).toBeVisible();
  await expect(headerLogo).toHaveAttribute('src', /\/api\/v2\/products\/[^/]+\/logo\/[0-9a-f]{64}$/);
  // A file that is not an image is refused, naming the field.
  await choose(page, 'Replace the header logo', {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByText('SVG is not accepted)')).toBeVisible();
  await expectAccessible(page);

  // Still there after a reload; and the page fits a phone.
  await page.reload();
  await expect(
    page.getByRole('banner').getByRole('img', { name: `${bank.product.name} logo` }),
  ).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: 'Logos and colours' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  // A product logo: the product page's heading shows it.
  await choose(page, 'Upload a product logo', {
    name: 'product.png',
    mimeType: 'image/png',
    buffer: LOGO_PNG,
  });
  await expect(page.getByRole('img', { name: 'Current product logo' })).toBeVisible();
  await page.goto(`/store/products/${bank.product.id}`);
  await expect(
    page.getByRole('heading', { level: 1 }).getByRole('img', { name: bank.product.name }),
  ).toBeVisible();
  await page.goto('/admin/branding');

  // Removed, the header goes back to the platform logo.
  await page.getByRole('button', { name: 'Remove the header logo' }).click();
  await expect(page.getByText('No header logo yet.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: `${bank.product.name} logo` })).toHaveCount(
    0,
  );
});
