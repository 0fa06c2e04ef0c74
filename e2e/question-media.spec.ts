import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectScreenOk, like, signInAs, test } from './fixtures';

const pixel = fs.readFileSync(
  path.join(import.meta.dirname, '../apps/server/src/lib/__fixtures__/pixel.png'),
);

/** Opens the file dialog of a media control (by click, or by keyboard) and picks `file` in it. */
async function pick(
  page: Page,
  control: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  by: 'click' | 'keyboard' = 'click',
) {
  const chooser = page.waitForEvent('filechooser');
  const button = page.getByRole('button', { name: control });
  if (by === 'keyboard') {
    await button.focus();
    await page.keyboard.press('Enter');
  } else await button.click();
  await (await chooser).setFiles(file);
}

/** A new question with a name, a stem and four choices, not saved yet. */
async function startQuestion(page: Page, name: string) {
  await page.goto('/questions/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New question' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('textbox', { name: 'Stem' }).fill('Which valve is shown?');
  for (const letter of ['A', 'B', 'C', 'D'])
    await page.getByRole('textbox', { name: `Choice ${letter}` }).fill(`Valve ${letter}`);
}

test('a writer adds an image to a new question, sees it in the preview and the review view, then removes it', async ({
  page,
  newUser,
}) => {
  test.setTimeout(120_000);
  const writer = await newUser(like.writer);
  await signInAs(page, writer);
  await startQuestion(page, 'Valve picture');

  // A file of another type is refused, saying why; nothing is added.
  await pick(page, 'Add image or video to the stem', {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt cannot be added' })).toContainText(
    'only PNG, JPEG, GIF and WebP images and MP4 and WebM videos',
  );

  // The control works from the keyboard; the picture shows as new, in the list and in the preview.
  await pick(
    page,
    'Add image or video to the stem',
    { name: 'mitral-valve.png', mimeType: 'image/png', buffer: pixel },
    'keyboard',
  );
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be added' })).toHaveCount(0);
  await expect(page.getByText('Uploads on save')).toBeVisible();
  await expect(page.getByRole('img', { name: 'stem image 1' })).toHaveAttribute('src', /^blob:/);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('img', { name: 'mitral valve' })).toHaveAttribute('src', /^blob:/);
  await expectScreenOk(page);

  // One Save, one version: the question with its picture is version 1; it is now the stored file.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/questions\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByText('Saved as version 1.')).toBeVisible();
  await expect(page.getByText('Uploads on save')).toHaveCount(0);
  await expect(preview.getByRole('img', { name: 'Stem image 1' })).toHaveAttribute(
    'src',
    /^\/api\/v2\/media\//,
  );

  // The review view shows it as the learner will, and the file really loads.
  await page.getByRole('link', { name: 'Back to the question' }).click();
  const learner = page.getByRole('region', { name: 'As the learner sees it' });
  const shown = learner.getByRole('img', { name: 'Stem image 1' });
  await expect(shown).toHaveAttribute('src', /^\/api\/v2\/media\/[0-9a-f]{64}$/);
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const versions = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText('Created');
  await expectScreenOk(page);

  // Removed and saved again: one version (2) without the picture.
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Remove stem image 1' }).click();
  await expect(page.getByText('Removed on save')).toBeVisible();
  await expect(preview.getByRole('img')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the question' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Valve picture' })).toBeVisible();
  await expect(learner.getByRole('img')).toHaveCount(0);
  await expect(versions).toHaveCount(2);
});

test('an upload that fails saves nothing, says so in the editor, and the next Save sends it again', async ({
  page,
  newUser,
}) => {
  const writer = await newUser(like.writer);
  await signInAs(page, writer);
  let failing = true;
  await page.route('**/api/v2/products/*/mediaFiles', (route) =>
    failing && route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Storage is down' } })
      : route.fallback(),
  );
  await startQuestion(page, 'Valve picture that fails');
  await pick(page, 'Add image or video to the explanation', {
    name: 'aortic.png',
    mimeType: 'image/png',
    buffer: pixel,
  });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A file could not be uploaded, so nothing was saved' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/questions\/new$/);
  await expectScreenOk(page);

  // Nothing was saved; saving again once storage is back saves the question with its picture, as version 1.
  failing = false;
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved as version 1.')).toBeVisible();
  await expect(page.getByText('Uploads on save')).toHaveCount(0);
});

test('a question submitted with a new video keeps it, in one version', async ({ page, newUser }) => {
  const writer = await newUser(like.writer);
  await signInAs(page, writer);
  const clip = fs.readFileSync(
    path.join(import.meta.dirname, '../apps/server/src/lib/__fixtures__/clip.webm'),
  );
  await startQuestion(page, 'Valve video');
  await page.getByRole('radio', { name: 'B is correct' }).check();
  await pick(page, 'Add image or video to the explanation', {
    name: 'valve-motion.webm',
    mimeType: 'video/webm',
    buffer: clip,
  });
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByRole('switch', { name: 'Show the correct answer and explanation' }).check();
  await expect(preview.getByLabel('valve motion')).toHaveJSProperty('controls', true);

  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Valve video' })).toBeVisible();
  await expect(page.locator('main h1 + .mantine-Badge-root')).toHaveText('Submitted');
  // One Submit, one version with the video.
  await expect(page.getByText(/· version 1, saved by/)).toBeVisible();
  const learner = page.getByRole('region', { name: 'As the learner sees it' });
  await learner.getByRole('switch', { name: 'Show the correct answer and explanation' }).check();
  await expect(learner.getByLabel('Explanation video 1')).toHaveAttribute(
    'src',
    /^\/api\/v2\/media\/[0-9a-f]{64}$/,
  );
});
