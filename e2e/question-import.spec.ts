import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectScreenOk, like, signInAs, test } from './fixtures';

/** One import's address (not its issues, not the templates). */
const IMPORT_GET = /\/api\/v2\/questionImports\/[0-9a-f-]{36}$/;

/**
 * Holds the answers to the import's polls while a test looks at a state that would otherwise pass in a blink
 * (a small file is read and written in well under a second). Nothing is changed: each answer, once let go, is
 * the server's own.
 */
async function holdImportPolls(page: Page) {
  let release: (() => void) | null = null;
  let held: Promise<void> | null = null;
  await page.route(IMPORT_GET, async (route) => {
    if (held) await held;
    await route.fallback();
  });
  return {
    hold: () => {
      held = new Promise<void>((r) => {
        release = r;
      });
    },
    release: () => {
      held = null;
      release?.();
    },
  };
}

async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
}

test('a writer imports the valid questions of a CSV with a bad row and an unknown place, seeing each step, and finds them in My Questions', async ({
  page,
  newUser,
}) => {
  test.setTimeout(120_000);
  const writer = await newUser(like.writer);
  await signInAs(page, writer);
  const tag = randomBytes(3).toString('hex');
  const fileName = `cardiology-${tag}.csv`;
  // The template's columns (apps/server/src/modules/imports/formats/README.md); row 4 names a choice it lacks,
  // row 5 a subcategory the bank's tree does not have (only its admins add places).
  const csv = [
    'name,subject,category,subcategory,stem,choice_a,choice_b,choice_c,correct,explanation',
    `Imported S2 ${tag},Physiology,Cardiovascular,Cardiac cycle and valves,Which valves close at S2?,Mitral and tricuspid,Aortic and pulmonic,Neither,B,The semilunar valves close at S2.`,
    `Imported S1 ${tag},Physiology,Cardiovascular,Cardiac cycle and valves,Which valves close at S1?,Mitral and tricuspid,Aortic and pulmonic,Neither,A,`,
    `Imported broken ${tag},Physiology,Cardiovascular,Cardiac cycle and valves,Which letter is right?,One,Two,Three,E,`,
    `Imported new place ${tag},Physiology,Cardiovascular,Import check ${tag},Where is this filed?,Here,There,,A,`,
  ].join('\n');

  // From My Questions to the import screen: the file picker, the formats and the templates.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Questions' }).click();
  await page.getByRole('link', { name: 'Import questions' }).click();
  await expect(page).toHaveURL(/\/questions\/import$/);
  await expect(page).toHaveTitle(/Import questions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import questions' })).toBeVisible();
  await expect(page.getByText(/Moodle XML \(\.xml\), GIFT/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the CSV template' })).toHaveAttribute(
    'href',
    /^\/api\/v2\/questionImports\/products\/[0-9a-f-]{36}\/template\.csv$/,
  );
  await expect(page.getByRole('link', { name: 'Download the Excel template' })).toHaveAttribute(
    'href',
    /^\/api\/v2\/questionImports\/products\/[0-9a-f-]{36}\/template\.xlsx$/,
  );
  // The template files its examples in the bank's own tree, never in subjects of another field.
  const template = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the CSV template' }).click();
  const templateCsv = fs.readFileSync(await (await template).path(), 'utf8');
  expect(templateCsv).not.toMatch(/Cardiology|Endocrinology/);
  expect(templateCsv.split('\n')[1]).toMatch(/^[^,]*,[^,]+,[^,]+,[^,]+,/);
  await expectScreenOk(page);

  // Uploaded: the file is read on the server while a bar says so.
  const polls = await holdImportPolls(page);
  polls.hold();
  await chooseFile(page, { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page).toHaveURL(/\/questions\/import\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('progressbar', { name: `Reading ${fileName}` })).toBeVisible();
  await expectScreenOk(page);
  polls.release();

  // The dry run: the counts, the places (none new: a writer adds none), the issues by their line and field.
  await expect(page.getByRole('heading', { name: `What ${fileName} holds` })).toBeVisible();
  const summary = page.getByRole('region', { name: `What ${fileName} holds` });
  await expect(summary).toContainText('Questions4');
  await expect(summary).toContainText('Valid2');
  await expect(summary).toContainText('With problems2');
  const places = page.getByRole('region', { name: 'Where they will be filed' });
  await expect(places).toContainText('Every place already exists in your subject tree.');
  await expect(
    places
      .getByRole('listitem')
      .filter({ hasText: 'Physiology › Cardiovascular › Cardiac cycle and valves' }),
  ).toContainText('2 questions');
  await expect(places.getByText(`Import check ${tag}`)).toHaveCount(0);
  const issues = page.getByRole('table', { name: 'Problems (2)' });
  await expect(issues.getByRole('row')).toHaveCount(3);
  await expect(issues.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '4',
    'correct',
    'The correct answer must be a letter from A to C, not "E"',
  ]);
  await expect(issues.getByRole('row').nth(2).getByRole('cell')).toHaveText([
    '5',
    'subcategory',
    `The subcategory "Import check ${tag}" does not exist under Physiology › Cardiovascular. Only the bank's admins add places to the subject tree: use one that exists, or ask an admin to add it`,
  ]);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download all issues (CSV)' }).click();
  expect(fs.readFileSync(await (await download).path(), 'utf8')).toContain('4,correct,');

  // A writer imports as Draft or Submitted; Import all waits for a file without problems.
  const statuses = page.getByRole('radiogroup', { name: 'Import the questions as' });
  await expect(statuses.getByRole('radio')).toHaveCount(2);
  await expect(statuses.getByRole('radio', { name: 'Draft' })).toBeChecked();
  await expect(statuses.getByRole('radio', { name: 'Published' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import all' })).toBeDisabled();
  await expect(page.getByText('Import all is off because 2 questions have problems.')).toBeVisible();
  await expectScreenOk(page);

  // Importing: a bar again, then the result.
  polls.hold();
  await page.getByRole('button', { name: 'Import the 2 valid questions' }).click();
  await expect(
    page.getByRole('progressbar', { name: `Importing the questions of ${fileName}` }),
  ).toBeVisible();
  await expectScreenOk(page);
  polls.release();
  await expect(page.getByRole('heading', { name: '2 questions imported' })).toBeVisible();
  await expect(page.getByText(`From ${fileName}, as Draft.`)).toBeVisible();
  await expect(page.getByText('New places in your subject tree')).toHaveCount(0);
  await expectScreenOk(page);

  // My Questions opens where they are: Draft, newest first.
  await page.getByRole('link', { name: 'See them in My Questions' }).click();
  await expect(page).toHaveURL(/\/questions\?view=WRITER&status=DRAFT&sort=createdAt\.DESC$/);
  await expect(page.getByRole('tab', { name: 'Draft 2', selected: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Imported S2 ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Imported broken ${tag}` })).toHaveCount(0);

  // The Export menu downloads the tab's questions.
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Moodle XML (.xml)',
    'QTI 3.0 package (.zip)',
    'CSV (.csv)',
    'Excel (.xlsx)',
  ]);
  await expectScreenOk(page);
  const exported = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const csvOut = fs.readFileSync(await (await exported).path(), 'utf8');
  expect(csvOut).toContain(`Imported S1 ${tag}`);
  expect(csvOut).not.toContain(`Imported new place ${tag}`);
});

test('a writer imports a true/false question from GIFT; the preview names the feedback left out and the types it does not take', async ({
  page,
  newUser,
}) => {
  test.setTimeout(120_000);
  const writer = await newUser(like.writer);
  await signInAs(page, writer);
  const tag = randomBytes(3).toString('hex');
  const fileName = `true-false-${tag}.gift`;
  const gift = [
    '$CATEGORY: Physiology/Cardiovascular/Cardiac cycle and valves',
    `::True or false ${tag}::S2 is the closure of the semilunar valves. {T#Listen again, S1 is the AV valves.####The aortic and pulmonic valves close at S2.}`,
    `::Match ${tag}::Match each sound to its valves. {=S1 -> Mitral and tricuspid =S2 -> Aortic and pulmonic =S3 -> None}`,
  ].join('\n\n');
  await page.goto('/questions/import');
  await chooseFile(page, { name: fileName, mimeType: 'text/plain', buffer: Buffer.from(gift) });

  const summary = page.getByRole('region', { name: `What ${fileName} holds` });
  await expect(summary).toContainText('Questions2');
  await expect(summary).toContainText('Valid1');
  await expect(summary).toContainText('With problems1');
  await expect(
    page
      .getByRole('region', { name: 'Where they will be filed' })
      .getByRole('listitem')
      .filter({ hasText: 'Physiology › Cardiovascular › Cardiac cycle and valves' }),
  ).toContainText('1 question');
  const issues = page.getByRole('table', { name: 'Problems (2)' });
  await expect(issues.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '3',
    'feedback',
    'The feedback on answer False was left out: a question has one explanation, shown whatever the answer. Add it to the explanation if learners need it',
  ]);
  await expect(issues.getByRole('row').nth(2).getByRole('cell')).toHaveText([
    '5',
    'type',
    'This is a matching question; only single-best-answer and true/false questions can be imported',
  ]);
  await expectScreenOk(page);

  await page.getByRole('button', { name: 'Import the 1 valid question' }).click();
  await expect(page.getByRole('heading', { name: '1 question imported' })).toBeVisible();
  await page.getByRole('link', { name: 'See them in My Questions' }).click();
  await expect(page.getByRole('link', { name: `True or false ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Match ${tag}` })).toHaveCount(0);
});

test('a file the server cannot read is refused with its reason; a failed import says so and starts again', async ({
  page,
  newUser,
}) => {
  const writer = await newUser(like.writer);
  await signInAs(page, writer);
  await page.goto('/questions/import');

  await chooseFile(page, { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await expect(page.getByRole('alert')).toContainText('empty.csv is empty.');
  await chooseFile(page, {
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n'),
  });
  await expect(page.getByRole('alert')).toContainText(/Moodle XML \(\.xml\), GIFT/);
  await expect(page).toHaveURL(/\/questions\/import$/);

  // The job fails for good (made so by answering its state as FAILED): the reason and a way back.
  await page.route(IMPORT_GET, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({
      response: res,
      json: { ...body, state: 'FAILED', progress: null, preview: null, error: 'The file could not be read.' },
    });
  });
  const csv = 'stem,choice_a,choice_b,correct\nWhich?,Yes,No,A\n';
  await chooseFile(page, { name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const failed = page.getByRole('alert').filter({ hasText: 'The import failed' });
  await expect(failed).toContainText('The file could not be read.');
  await expectScreenOk(page);
  await failed.getByRole('button', { name: 'Start again' }).click();
  await expect(page).toHaveURL(/\/questions\/import$/);
  await expect(page.getByRole('button', { name: 'Choose a file' })).toBeVisible();
});

test('an auditor sees no import: the link is not there and the page says who imports', async ({
  page,
  newUser,
}) => {
  const auditor = await newUser(like.auditor);
  await signInAs(page, auditor);
  await page.goto('/questions');
  await expect(page.getByRole('heading', { level: 1, name: 'My Questions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import questions' })).toHaveCount(0);
  await page.goto('/questions/import');
  await expect(page.getByText('Only question writers and admins import questions.')).toBeVisible();
  await expectScreenOk(page);
});
