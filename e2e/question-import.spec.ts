import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import * as schema from '../apps/server/src/db/schema';
import { expect, expectAccessible, expectScreenOk, like, signInAs, test } from './fixtures';

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

test('an import with per-choice explanations and a true/false question: the preview lists what it cannot keep, and tutor mode and the review show each choice’s explanation', async ({
  page,
  newUser,
  db,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const admin = await newUser(like.admin);
  await signInAs(page, admin);
  const tag = randomBytes(3).toString('hex');
  const fileName = `explained-${tag}.gift`;
  const place = `Choice explanations ${tag}`;
  // GIFT's "#" after an answer explains that answer; a partial credit (%50%) and a matching question cannot
  // be kept, and the preview says so.
  const gift = [
    `$CATEGORY: Physiology/Cardiovascular/${place}`,
    [
      `::Second heart sound ${tag}::Which valves close at S2? {`,
      '=Aortic and pulmonic#The semilunar valves close as ventricular pressure falls below arterial pressure.',
      '~%50%Mitral and aortic#Only half right, the mitral valve closes at S1.',
      '~Mitral and tricuspid#These AV valves close at S1, at the start of systole.',
      '####S2 marks the end of systole.',
      '}',
    ].join('\n'),
    `::Match ${tag}::Match each sound to its valves. {=S1 -> Mitral and tricuspid =S2 -> Aortic and pulmonic =S3 -> None}`,
    // A true/false question imports as a question of two choices, True and False, each explained; filed
    // apart, so the tutor test below draws the first question.
    `$CATEGORY: Physiology/Cardiovascular/${place} (true or false)`,
    `::True or false ${tag}::S1 marks the start of systole. {T#No, S1 is the start of systole.#Yes, the AV valves close as systole starts.}`,
  ].join('\n\n');
  await page.goto('/questions/import');
  await chooseFile(page, { name: fileName, mimeType: 'text/plain', buffer: Buffer.from(gift) });

  const summary = page.getByRole('region', { name: `What ${fileName} holds` });
  await expect(summary).toContainText('Questions3');
  await expect(summary).toContainText('Valid2');
  const issues = page.getByRole('table', { name: 'Problems (2)' });
  await expect(issues.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '3',
    'weight',
    'The weight of answer B (50%) was left out: the right answer scores 1 and every other answer 0',
  ]);
  await expect(issues.getByRole('row').nth(2).getByRole('cell')).toHaveText([
    '10',
    'type',
    'This is a matching question; only single-best-answer and true/false questions can be imported',
  ]);
  await expectScreenOk(page);
  await page
    .getByRole('radiogroup', { name: 'Import the questions as' })
    .getByRole('radio', { name: 'Published' })
    .check();
  await page.getByRole('button', { name: 'Import the 2 valid questions' }).click();
  await expect(page.getByRole('heading', { name: '2 questions imported' })).toBeVisible();
  const [trueFalse] = await db
    .select({ choices: schema.questionVersions.choices })
    .from(schema.questionVersions)
    .where(eq(schema.questionVersions.name, `True or false ${tag}`));
  // GIFT shows T's first feedback for the wrong answer (False) and its second for the right one (True).
  expect(trueFalse!.choices.map((c) => [c.text, c.explanation])).toEqual([
    ['True', expect.stringContaining('Yes, the AV valves close as systole starts.')],
    ['False', expect.stringContaining('No, S1 is the start of systole.')],
  ]);

  // A learner of that QBank (an admin imports into the one chosen in the header) takes it in tutor mode, a
  // test of the new place only, and submits B.
  const [sub] = await db
    .select({ id: schema.subcategories.id, productId: schema.products.id, qbank: schema.products.name })
    .from(schema.subcategories)
    .innerJoin(schema.categories, eq(schema.categories.id, schema.subcategories.categoryId))
    .innerJoin(schema.subjects, eq(schema.subjects.id, schema.categories.subjectId))
    .innerJoin(schema.products, eq(schema.products.id, schema.subjects.productId))
    .where(eq(schema.subcategories.name, place));
  const learner = await newUser({ label: 'learner', qbanks: { [sub!.qbank]: 'student' } });
  await page.context().clearCookies();
  await signInAs(page, learner);
  const session = (await (await page.request.get('/api/v1/session')).json()) as { accessToken: string };
  const created = await page.request.post('/api/v2/tests', {
    headers: { 'X-CSRF-Token': session.accessToken },
    data: {
      uuid: crypto.randomUUID(),
      productUuid: sub!.productId,
      mode: 'TUTOR',
      pools: ['ALL'],
      subcategoryUuids: [sub!.id],
      numQuestions: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { uuid: id } = (await created.json()) as { uuid: string };
  await page.goto(`/tests/${id}/run`);
  const choiceB = page.getByRole('radio', { name: /^B\./ });
  await choiceB.check();
  // Nothing of the explanations before the answer is submitted.
  await expect(page.getByText('Only half right')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Incorrect' })).toBeVisible();
  // Each choice's explanation sits under it, named by its letter, and describes its radio.
  await expect(page.getByText('Why B is wrong')).toBeVisible();
  await expect(choiceB).toHaveAccessibleDescription(
    /Why B is wrong.*Only half right, the mitral valve closes at S1\./,
  );
  await expect(page.getByRole('radio', { name: /^A\./ })).toHaveAccessibleDescription(
    /Why A is right.*semilunar valves close/,
  );
  await expect(page.getByText('These AV valves close at S1, at the start of systole.')).toBeVisible();
  await expectScreenOk(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const why = page.getByText('Only half right, the mitral valve closes at S1.');
  await why.scrollIntoViewIfNeeded();
  await expect(why).toBeInViewport();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The review shows them too.
  await page.getByRole('button', { name: 'Finish' }).click();
  await page
    .getByRole('dialog', { name: 'End this test?' })
    .getByRole('button', { name: 'End test', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/tests/${id}/review$`));
  const card = page.getByRole('article', { name: 'Question 1' });
  await expect(card.getByText('Why B is wrong')).toBeVisible();
  await expect(card.getByText('Why A is right')).toBeVisible();
  await expect(
    card.getByText('The semilunar valves close as ventricular pressure falls below arterial pressure.'),
  ).toBeVisible();
  await expectScreenOk(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await card.getByText('Why C is wrong').scrollIntoViewIfNeeded();
  await expect(card.getByText('Why C is wrong')).toBeInViewport();
  await expectAccessible(page);
});

test('a QTI 3.0 package imports its single-choice items with their choices explanations and names the others', async ({
  page,
  newUser,
  db,
}) => {
  const admin = await newUser(like.admin);
  await signInAs(page, admin);
  const tag = randomBytes(3).toString('hex');
  const fileName = `package-${tag}.zip`;
  const ns = 'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"';
  const item = (title: string, interaction: string) =>
    strToU8(
      `<?xml version="1.0"?><qti-assessment-item ${ns} identifier="i" title="${title}"><qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration><qti-item-body><p>Which valves close at S2?</p>${interaction}</qti-item-body></qti-assessment-item>`,
    );
  const zip = zipSync({
    'imsmanifest.xml': strToU8(
      `<?xml version="1.0"?><manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m"><resources>${['s2.xml', 'essay.xml'].map((h) => `<resource identifier="${h}" type="imsqti_item_xmlv3p0" href="${h}"/>`).join('')}</resources></manifest>`,
    ),
    's2.xml': item(
      `QTI S2 ${tag}`,
      '<qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-simple-choice identifier="A">Aortic and pulmonic<qti-feedback-inline outcome-identifier="FB" identifier="A">The semilunar valves.</qti-feedback-inline></qti-simple-choice><qti-simple-choice identifier="B">Mitral and tricuspid</qti-simple-choice></qti-choice-interaction>',
    ),
    'essay.xml': item(`QTI essay ${tag}`, '<qti-extended-text-interaction response-identifier="RESPONSE"/>'),
  });
  await page.goto('/questions/import');
  await expect(page.getByText(/or a QTI 3\.0 package \(\.zip\)/)).toBeVisible();
  await chooseFile(page, { name: fileName, mimeType: 'application/zip', buffer: Buffer.from(zip) });

  const summary = page.getByRole('region', { name: `What ${fileName} holds` });
  await expect(summary).toContainText('Questions2');
  await expect(summary).toContainText('Valid1');
  const issues = page.getByRole('table', { name: 'Problems (1)' });
  await expect(issues.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '2',
    'type',
    'This is an essay question; only single-best-answer and true/false questions can be imported',
  ]);
  await expectScreenOk(page);
  await page.getByRole('button', { name: 'Import the 1 valid question' }).click();
  await expect(page.getByRole('heading', { name: '1 question imported' })).toBeVisible();
  const [imported] = await db
    .select({ choices: schema.questionVersions.choices })
    .from(schema.questionVersions)
    .where(eq(schema.questionVersions.name, `QTI S2 ${tag}`));
  expect(imported!.choices.map((c) => [c.text, c.explanation ?? ''])).toEqual([
    ['Aortic and pulmonic', 'The semilunar valves.'],
    ['Mitral and tricuspid', ''],
  ]);
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
