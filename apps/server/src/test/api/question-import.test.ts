import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  categories,
  questionImports,
  questions,
  questionVersionMedia,
  questionVersions,
  subcategories,
  subjects,
  subscriptions,
} from '../../db/schema';
import { diskStorage } from '../../infra/storage-disk';
import { exportRows } from '../../modules/imports/export-repository';
import { deflatedZeros, workbookLike } from '../../modules/imports/formats/test-zip';
import { ensurePaths, writeBatch } from '../../modules/imports/import-writer';
import { readQuestionFile } from '../../modules/imports/read';
import {
  expireStalePreviews,
  FILE_PART_BYTES,
  insertImport,
  PREVIEW_KEPT_MS,
  importFile as storedFile,
} from '../../modules/imports/repository';
import { workerEvents } from '../../modules/imports/worker-pool';
import type { TestClient } from '../client';
import {
  buildCategory,
  buildProduct,
  buildSubcategory,
  buildSubject,
  buildUser,
  multipart,
  signedIn,
} from '../factories';
import { createTestApp, type TestApp } from '../test-app';

const samples = path.join(import.meta.dirname, '../../modules/imports/formats/samples');
const sample = (name: string) => fs.readFileSync(path.join(samples, name));
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-import-media-'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ storage: diskStorage(mediaDir) });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

type Roles = Partial<{ student: boolean; questionWriter: boolean; questionAuditor: boolean; admin: boolean }>;
type Member = Awaited<ReturnType<typeof signedIn>>;

/** A signed-in client of a new user subscribed to the product with these roles. */
const member = (productId: string | null, roles: Roles = {}): Promise<Member> =>
  signedIn(t, { product: productId, roles });

const upload = (
  c: TestClient,
  productId: string,
  fileName: string,
  bytes: Uint8Array | string,
  field?: string,
) =>
  c.req({
    method: 'POST',
    url: `/api/v2/questionImports/products/${productId}`,
    ...multipart(fileName, bytes, field),
  });
const getImport = (c: TestClient, id: string) => c.req({ url: `/api/v2/questionImports/${id}` });
const commit = (c: TestClient, id: string, json: unknown) =>
  c.req({ method: 'POST', url: `/api/v2/questionImports/${id}/commit`, json });

/** Uploads a file, runs the dry run and answers the import as read. */
async function previewOf(c: TestClient, productId: string, fileName: string, bytes: Uint8Array | string) {
  const res = await upload(c, productId, fileName, bytes);
  expect(res.status, res.text).toBe(202);
  const { uuid, jobId } = res.body;
  expect(jobId).toEqual(expect.any(Number));
  await t.runJobs();
  const read = await getImport(c, uuid);
  expect(read.status).toBe(200);
  expect(read.body.state).toBe('PREVIEW');
  return read.body;
}

/** Uploads, previews and commits a file, and answers the import once done. */
async function importFile(
  c: TestClient,
  productId: string,
  fileName: string,
  bytes: Uint8Array | string,
  status = 'DRAFT',
) {
  const preview = await previewOf(c, productId, fileName, bytes);
  const res = await commit(c, preview.uuid, { onlyValid: true, status });
  expect(res.status, res.text).toBe(202);
  await t.runJobs();
  const done = (await getImport(c, preview.uuid)).body;
  expect(done.state).toBe('DONE');
  return done;
}

/**
 * Subject › category › subcategory paths made in the product's tree, each level once: the places a writer's
 * file may name (only those who may edit the tree add places, imports too).
 */
async function buildTree(productId: string, paths: string[][]) {
  const made = new Map<string, string>();
  for (const path of paths) {
    let parent = productId;
    for (const [depth, name] of path.entries()) {
      const key = path.slice(0, depth + 1).join('\u0000');
      let id = made.get(key);
      if (!id) {
        const build = [buildSubject, buildCategory, buildSubcategory][depth]!;
        id = (await build(t.deps.db, parent, name)).id;
        made.set(key, id);
      }
      parent = id;
    }
  }
}

/** The names of a product's subjects, categories and subcategories. */
async function treeNames(productId: string) {
  const rows = await t.deps.db
    .select({ subject: subjects.name, category: categories.name, subcategory: subcategories.name })
    .from(subjects)
    .leftJoin(categories, eq(categories.subjectId, subjects.id))
    .leftJoin(subcategories, eq(subcategories.categoryId, categories.id))
    .where(eq(subjects.productId, productId));
  return rows.map((r) => [r.subject, r.category, r.subcategory].filter((n) => n !== null)).sort();
}

/** A product's questions as content to compare, whatever their ids and order. */
async function bankOf(productId: string) {
  const rows = await exportRows(t.deps.db, { productId });
  return rows
    .map((r) => ({
      name: r.name,
      stem: r.stem,
      explanation: r.explanation,
      choices: r.choices.map((c) => c.text),
      choiceExplanations: r.choices.map((c) => c.explanation ?? ''),
      correct: r.choices.findIndex((c) => c.id === r.correctChoiceId),
      references: r.references,
      reinforcements: r.reinforcements,
      path: r.path,
      freeSample: r.freeSample,
    }))
    .sort((a, b) => `${a.name}${a.stem}`.localeCompare(`${b.name}${b.stem}`));
}

describe('uploading the samples', () => {
  let product: Awaited<ReturnType<typeof buildProduct>>;
  // An admin (who also writes): the one who may add the places the samples name to the tree.
  let admin: Member;

  beforeAll(async () => {
    product = await buildProduct(t.deps.db);
    admin = await member(product.id, { questionWriter: true, admin: true });
    // An existing subject spelled differently: the import files under it instead of making another.
    await t.deps.db.insert(subjects).values({ productId: product.id, name: 'CARDIOLOGY' });
  });

  it.each([
    [
      'cardiology.gift',
      'gift',
      3,
      [
        { path: ['CARDIOLOGY', 'Arrhythmias', 'Atrial fibrillation'], count: 2, exists: false },
        { path: ['CARDIOLOGY', 'Heart failure', 'General'], count: 1, exists: false },
      ],
    ],
    ['endocrinology-aiken.txt', 'aiken', 3, [{ path: [], count: 3, exists: true }]],
    [
      'nephrology-moodle.xml',
      'moodle-xml',
      2,
      [
        { path: ['Nephrology', 'Acid-base disorders', 'General'], count: 1, exists: false },
        { path: ['Nephrology', 'Electrolytes', 'Potassium'], count: 1, exists: false },
      ],
    ],
    [
      'nephrology-qti.zip',
      'qti',
      2,
      [
        { path: ['Nephrology', 'Acid-base disorders', 'General'], count: 1, exists: false },
        { path: ['Nephrology', 'Electrolytes', 'Potassium'], count: 1, exists: false },
      ],
    ],
    [
      'questions.csv',
      'csv',
      4,
      [
        { path: ['Nephrology', 'Glomerular disease', 'General'], count: 1, exists: false },
        { path: ['Psychiatry', 'Mood disorders', 'General'], count: 1, exists: false },
        { path: ['Pulmonology', 'Infections', 'Pneumonia'], count: 1, exists: false },
        { path: ['Pulmonology', 'Vascular', 'Pulmonary embolism'], count: 1, exists: false },
      ],
    ],
    [
      'questions.xlsx',
      'xlsx',
      4,
      [
        { path: ['Nephrology', 'Glomerular disease', 'General'], count: 1, exists: false },
        { path: ['Psychiatry', 'Mood disorders', 'General'], count: 1, exists: false },
        { path: ['Pulmonology', 'Infections', 'Pneumonia'], count: 1, exists: false },
        { path: ['Pulmonology', 'Vascular', 'Pulmonary embolism'], count: 1, exists: false },
      ],
    ],
  ])('%s is read as %s: %i questions, their tree paths', async (name, format, count, nodes) => {
    const read = await previewOf(admin, product.id, name, sample(name));
    expect(read).toMatchObject({
      fileName: name,
      format,
      progress: null,
      result: null,
      error: null,
      preview: { total: count, valid: count, invalid: 0, nodes, issues: [], issueCount: 0 },
    });
  });

  it('commits the GIFT sample into the existing subject, creating only what is missing', async () => {
    const done = await importFile(
      admin,
      product.id,
      'cardiology.gift',
      sample('cardiology.gift'),
      'SUBMITTED',
    );
    expect(done.result).toEqual({
      imported: 3,
      status: 'SUBMITTED',
      createdNodes: [
        ['CARDIOLOGY', 'Arrhythmias'],
        ['CARDIOLOGY', 'Arrhythmias', 'Atrial fibrillation'],
        ['CARDIOLOGY', 'Heart failure'],
        ['CARDIOLOGY', 'Heart failure', 'General'],
      ],
    });
    const bank = await bankOf(product.id);
    expect(bank).toHaveLength(3);
    expect(bank.map((q) => q.path)).toContainEqual(['CARDIOLOGY', 'Arrhythmias', 'Atrial fibrillation']);
    const subjectRows = await t.deps.db.select().from(subjects).where(eq(subjects.productId, product.id));
    expect(subjectRows.map((s) => s.name)).toEqual(['CARDIOLOGY']);
    // Version 1 by the uploader, noted as imported; the counts follow.
    const versions = await t.deps.db
      .select({
        note: questionVersions.note,
        number: questionVersions.number,
        editor: questionVersions.editorId,
      })
      .from(questionVersions)
      .innerJoin(questions, eq(questions.id, questionVersions.questionId))
      .where(eq(questions.productId, product.id));
    expect(versions).toEqual(
      Array(3).fill({ note: 'Imported from cardiology.gift', number: 1, editor: admin.user.id }),
    );
    const counts = await admin.req({ url: `/api/v2/questions/products/${product.id}/statusCounts` });
    expect(counts.body).toMatchObject({ SUBMITTED: 3, DRAFT: 0 });
  });
});

describe('a file with invalid questions', () => {
  const csv = [
    'subject,category,subcategory,stem,choice_a,choice_b,choice_c,correct',
    'Renal,AKI,Prerenal,Which urine sodium suggests prerenal AKI?,Below 20,Above 40,,A',
    'Renal,AKI,Prerenal,A stem without its answer,One,Two,,',
    'Renal,AKI,Prerenal,Only one choice,One,,,A',
    'Renal,AKI,Intrinsic,Muddy brown casts suggest?,ATN,AIN,GN,A',
  ].join('\n');
  let product: Awaited<ReturnType<typeof buildProduct>>;
  let writer: Member;
  let id: string;

  beforeAll(async () => {
    product = await buildProduct(t.deps.db);
    writer = await member(product.id, { questionWriter: true });
    await buildTree(product.id, [
      ['Renal', 'AKI', 'Prerenal'],
      ['Renal', 'AKI', 'Intrinsic'],
    ]);
  });

  it('previews the valid ones and names each invalid one by line and field', async () => {
    const read = await previewOf(writer, product.id, 'renal.csv', csv);
    id = read.uuid;
    expect(read.preview).toMatchObject({ total: 4, valid: 2, invalid: 2, issueCount: 2 });
    expect(read.preview.issues).toEqual([
      { line: 3, field: 'correct', message: expect.stringContaining('correct') },
      { line: 4, field: 'choices', message: 'A question needs at least 2 answer choices' },
    ]);
    expect(read.preview.nodes).toEqual([
      { path: ['Renal', 'AKI', 'Intrinsic'], count: 1, exists: true },
      { path: ['Renal', 'AKI', 'Prerenal'], count: 1, exists: true },
    ]);
  });

  it('downloads every issue as CSV', async () => {
    const res = await writer.req({ url: `/api/v2/questionImports/${id}/issues.csv` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="renal-issues.csv"');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('line,field,message');
    expect(lines[2]).toBe('4,choices,A question needs at least 2 answer choices');
  });

  it('refuses to commit without onlyValid, then imports the valid ones with it', async () => {
    const refused = await commit(writer, id, { onlyValid: false });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION', field: 'onlyValid' });
    expect((await commit(writer, id, {})).body).toMatchObject({ field: 'onlyValid' });
    expect((await commit(writer, id, { onlyValid: true, status: 'PUBLISHED' })).body).toMatchObject({
      code: 'FORBIDDEN',
      field: 'status',
    });

    const res = await commit(writer, id, { onlyValid: true });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ uuid: id, jobId: expect.any(Number) });
    // A second commit while (or after) it runs starts nothing.
    expect((await commit(writer, id, { onlyValid: true })).status).toBe(409);
    await t.runJobs();
    const done = (await getImport(writer, id)).body;
    expect(done).toMatchObject({ state: 'DONE', result: { imported: 2, status: 'DRAFT' } });
    expect((await bankOf(product.id)).map((q) => q.stem)).toEqual([
      'Muddy brown casts suggest?',
      'Which urine sodium suggests prerenal AKI?',
    ]);
    // The file is not kept once imported.
    const [row] = await t.deps.db
      .select({ file: questionImports.file })
      .from(questionImports)
      .where(eq(questionImports.id, id));
    expect(row?.file).toBeNull();
    expect((await commit(writer, id, { onlyValid: true })).body).toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses a file in no format it reads, an empty one, a missing one and one too large, naming file', async () => {
    const unknown = await upload(writer, product.id, 'notes.pdf', '%PDF-1.7 not questions');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION', field: 'file' });
    expect(unknown.body.message).toContain('Moodle XML (.xml), GIFT');
    expect((await upload(writer, product.id, 'empty.csv', '')).body).toMatchObject({ field: 'file' });
    const wrongField = await upload(writer, product.id, 'q.csv', csv, 'document');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toMatchObject({ field: 'file', message: 'file is required' });
    // A second file in the same request is not read (one file a request).
    const b = 'two-files';
    const part = (name: string, body: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n${body}\r\n`;
    const two = await writer.req({
      method: 'POST',
      url: `/api/v2/questionImports/products/${product.id}`,
      raw: Buffer.from(`${part('a.csv', csv)}${part('b.csv', csv)}--${b}--\r\n`),
      headers: { 'content-type': `multipart/form-data; boundary=${b}` },
    });
    expect(two.status, two.text).toBe(202);
    const json = await writer.req({
      method: 'POST',
      url: `/api/v2/questionImports/products/${product.id}`,
      json: { file: 'x' },
    });
    expect(json.status).toBe(415);
    const huge = await upload(writer, product.id, 'huge.csv', Buffer.alloc(50 * 1024 * 1024 + 1, 0x61));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'file' });
  });
});

describe('media from Moodle XML', () => {
  it('stores the image, links it as a media item of the question and rewrites its src', async () => {
    const product = await buildProduct(t.deps.db);
    const writer = await member(product.id, { questionWriter: true, admin: true });
    await importFile(writer, product.id, 'nephrology-moodle.xml', sample('nephrology-moodle.xml'));
    const [q] = await t.deps.db
      .select({ id: questions.id, versionId: questions.currentVersionId })
      .from(questions)
      .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
      .where(sql`${questions.productId} = ${product.id} AND ${questionVersions.name} = 'Hyperkalaemia ECG'`);
    const media = await t.deps.db
      .select()
      .from(questionVersionMedia)
      .where(eq(questionVersionMedia.versionId, q!.versionId));
    expect(media).toEqual([expect.objectContaining({ mediaType: 'STEM', position: 0 })]);
    const hash = media[0]!.hash;
    const file = await t.deps.db.execute(
      sql`SELECT content_type, size FROM media_files WHERE hash = ${hash}`,
    );
    expect((file as unknown as { rows: unknown[] }).rows).toEqual([
      { content_type: 'image/png', size: expect.anything() },
    ]);
    const stream = await t.deps.storage.read(hash);
    const chunks: Buffer[] = [];
    for await (const c of stream!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );

    const read = (await writer.req({ url: `/api/v2/questions/${q!.id}` })).body;
    expect(read.stemMediaUrls).toEqual([
      { uuid: media[0]!.mediaId, url: `/api/v2/media/${hash}`, hash, contentType: 'image/png' },
    ]);
    expect(read.questionStem).toContain(`src="/api/v2/media/${hash}"`);
    expect(read.questionStem).not.toContain('media:');
  });
});

describe('places in the subject tree', () => {
  // Rows filed in a place the tree has, one a level deeper than it has, one in a new subject, one with no
  // subcategory (filed under "General"), and one with no place at all.
  const csv = [
    'subject,category,subcategory,stem,choice_a,choice_b,correct',
    'Accounting,Ledgers,Accruals,Is accrued revenue an asset?,Yes,No,A',
    'accounting,LEDGERS,Deferrals,Is deferred revenue an asset?,Yes,No,B',
    'Cardiology,Arrhythmias,Atrial fibrillation,Which drug first?,Diltiazem,Adenosine,A',
    'Accounting,Ledgers,,Is cash a liability?,Yes,No,B',
    ',,,Debits on the left?,Yes,No,A',
  ].join('\n');
  const only =
    "Only the bank's admins add places to the subject tree: use one that exists, or ask an admin to add it";

  it("refuses a writer's rows that name places the tree lacks, naming each, and creates nothing", async () => {
    const product = await buildProduct(t.deps.db);
    const writer = await member(product.id, { questionWriter: true });
    await buildTree(product.id, [['Accounting', 'Ledgers', 'Accruals']]);
    const read = await previewOf(writer, product.id, 'ledgers.csv', csv);
    expect(read.preview).toMatchObject({ total: 5, valid: 2, invalid: 3, issueCount: 3 });
    expect(read.preview.issues).toEqual([
      {
        line: 3,
        field: 'subcategory',
        message: `The subcategory "Deferrals" does not exist under Accounting › Ledgers. ${only}`,
      },
      {
        line: 4,
        field: 'subject',
        message: `The subject "Cardiology" does not exist in this bank. ${only}`,
      },
      {
        line: 5,
        field: 'subcategory',
        message: `The file names no subcategory, and there is no subcategory "General" under Accounting › Ledgers to file it in. ${only}`,
      },
    ]);
    expect(read.preview.nodes).toEqual([
      { path: [], count: 1, exists: true },
      { path: ['Accounting', 'Ledgers', 'Accruals'], count: 1, exists: true },
    ]);

    const res = await commit(writer, read.uuid, { onlyValid: true });
    expect(res.status, res.text).toBe(202);
    await t.runJobs();
    const done = (await getImport(writer, read.uuid)).body;
    expect(done).toMatchObject({ state: 'DONE', result: { imported: 2, createdNodes: [] } });
    expect((await bankOf(product.id)).map((q) => q.path)).toEqual([
      [],
      ['Accounting', 'Ledgers', 'Accruals'],
    ]);
    expect(await treeNames(product.id)).toEqual([['Accounting', 'Ledgers', 'Accruals']]);
  });

  it("still creates what an admin's rows name", async () => {
    const product = await buildProduct(t.deps.db);
    const admin = await member(product.id, { admin: true });
    await buildTree(product.id, [['Accounting', 'Ledgers', 'Accruals']]);
    const read = await previewOf(admin, product.id, 'ledgers.csv', csv);
    expect(read.preview).toMatchObject({ total: 5, valid: 5, invalid: 0, issueCount: 0 });
    const done = await importFile(admin, product.id, 'ledgers.csv', csv);
    expect(done.result).toMatchObject({
      imported: 5,
      createdNodes: [
        ['Accounting', 'Ledgers', 'Deferrals'],
        ['Cardiology'],
        ['Cardiology', 'Arrhythmias'],
        ['Cardiology', 'Arrhythmias', 'Atrial fibrillation'],
        ['Accounting', 'Ledgers', 'General'],
      ],
    });
  });

  it('asks again in the transaction that writes: an admin who lost the role by then creates nothing', async () => {
    const product = await buildProduct(t.deps.db);
    const admin = await member(product.id, { admin: true });
    await buildTree(product.id, [['Accounting', 'Ledgers', 'Accruals']]);
    const read = await previewOf(admin, product.id, 'ledgers.csv', csv);
    expect(read.preview).toMatchObject({ valid: 5 });
    expect((await commit(admin, read.uuid, { onlyValid: false })).status).toBe(202);
    // Between the commit and the write job, the uploader stops being an admin (and stays a writer).
    await t.deps.db
      .update(subscriptions)
      .set({ admin: false, questionWriter: true })
      .where(eq(subscriptions.userId, admin.user.id));
    await t.runJobs();
    const done = (await getImport(admin, read.uuid)).body;
    expect(done).toMatchObject({ state: 'DONE', result: { imported: 2, createdNodes: [] } });
    expect(await treeNames(product.id)).toEqual([['Accounting', 'Ledgers', 'Accruals']]);
  });
});

describe('true/false and other question types', () => {
  const gift = [
    '$CATEGORY: Accounting/Ledgers/Accruals',
    '::Accrued revenue::Accrued revenue is an asset. {T#Think of what is owed to the firm.####It is a receivable.}',
    '::Cash::Cash is a liability. {FALSE}',
    '::Match::Match the accounts. {=Cash -> Asset =Loan -> Liability =Capital -> Equity}',
    '::Essay::Explain accruals. {}',
  ].join('\n\n');

  it('imports true/false questions as True and False, each feedback its explanation, and names the other types', async () => {
    const product = await buildProduct(t.deps.db);
    const writer = await member(product.id, { questionWriter: true });
    await buildTree(product.id, [['Accounting', 'Ledgers', 'Accruals']]);
    const read = await previewOf(writer, product.id, 'ledgers.gift', gift);
    const only = 'only single-best-answer and true/false questions can be imported';
    expect(read.preview).toMatchObject({
      total: 4,
      valid: 2,
      invalid: 2,
      nodes: [{ path: ['Accounting', 'Ledgers', 'Accruals'], count: 2, exists: true }],
      issues: [
        { line: 7, field: 'type', message: `This is a matching question; ${only}` },
        { line: 9, field: 'type', message: `This is an essay question; ${only}` },
      ],
    });
    expect((await commit(writer, read.uuid, { onlyValid: true })).status).toBe(202);
    await t.runJobs();
    expect((await getImport(writer, read.uuid)).body.result).toMatchObject({ imported: 2 });
    expect(await bankOf(product.id)).toEqual([
      expect.objectContaining({
        name: 'Accrued revenue',
        stem: 'Accrued revenue is an asset.',
        explanation: 'It is a receivable.',
        choices: ['True', 'False'],
        // "{T#a}": the feedback shown for the wrong answer is the explanation of False.
        choiceExplanations: ['', 'Think of what is owed to the firm.'],
        correct: 0,
      }),
      expect.objectContaining({ name: 'Cash', choices: ['True', 'False'], correct: 1 }),
    ]);
  });
});

describe('per-choice explanations', () => {
  it('imports GIFT answer feedback as the choices explanations, and lists the weights it cannot keep', async () => {
    const product = await buildProduct(t.deps.db);
    const writer = await member(product.id, { questionWriter: true });
    const gift = [
      '::Assets::Which is an asset? {',
      '=Cash#The firm <b>owns</b> it.',
      '~%50%Prepaid rent#An asset too, but not the best answer.',
      '~Loan#Owed by the firm, so a liability.',
      '####Assets are what the firm owns.',
      '}',
    ].join('\n');
    const read = await previewOf(writer, product.id, 'assets.gift', gift);
    expect(read.preview).toMatchObject({
      valid: 1,
      invalid: 0,
      issues: [
        {
          line: 1,
          field: 'weight',
          message:
            'The weight of answer B (50%) was left out: the right answer scores 1 and every other answer 0',
        },
      ],
    });
    expect((await commit(writer, read.uuid, { onlyValid: true })).status).toBe(202);
    await t.runJobs();
    const [row] = await exportRows(t.deps.db, { productId: product.id });
    const res = await writer.req({ url: `/api/v2/questions/${row!.id}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      view: 'STAFF',
      explanation: 'Assets are what the firm owns.',
      answerChoices: [
        { text: 'Cash', explanation: 'The firm <b>owns</b> it.' },
        { text: 'Prepaid rent', explanation: 'An asset too, but not the best answer.' },
        { text: 'Loan', explanation: 'Owed by the firm, so a liability.' },
      ],
    });
  });
});

describe('who may import', () => {
  let product: Awaited<ReturnType<typeof buildProduct>>;
  let writer: Member;
  let id: string;

  beforeAll(async () => {
    product = await buildProduct(t.deps.db);
    writer = await member(product.id, { questionWriter: true });
    id = (await previewOf(writer, product.id, 'cardiology.gift', sample('cardiology.gift'))).uuid;
  });

  it('refuses students, auditors and other products’ writers; a visitor must sign in', async () => {
    const other = await buildProduct(t.deps.db);
    for (const c of [
      await member(product.id, { student: true }),
      await member(product.id, { questionAuditor: true }),
      await member(other.id, { questionWriter: true }),
    ]) {
      const res = await upload(c, product.id, 'cardiology.gift', sample('cardiology.gift'));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', field: 'id' });
    }
    const visitor = t.client();
    expect((await upload(visitor, product.id, 'cardiology.gift', sample('cardiology.gift'))).status).toBe(
      401,
    );
  });

  it('shows an import to its writer and the product’s admins only; only its writer commits it', async () => {
    const otherWriter = await member(product.id, { questionWriter: true });
    const auditor = await member(product.id, { questionAuditor: true });
    for (const c of [otherWriter, auditor]) {
      expect((await getImport(c, id)).status).toBe(404);
      expect((await c.req({ url: `/api/v2/questionImports/${id}/issues.csv` })).status).toBe(404);
      expect((await commit(c, id, { onlyValid: true })).status).toBe(404);
    }
    const admin = await member(product.id, { admin: true });
    expect((await getImport(admin, id)).status).toBe(200);
    const byAdmin = await commit(admin, id, { onlyValid: true });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toMatchObject({ field: 'id' });
    expect((await getImport(writer, randomUUID())).status).toBe(404);
  });

  it('declares the upload as multipart/form-data in the OpenAPI document', async () => {
    const doc = (await t.client().get('/api/docs/json')).body;
    const post = doc.paths['/api/v2/questionImports/products/{id}'].post;
    expect(Object.keys(post.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(doc.paths['/api/v2/questions/products/{id}/export'].get).toBeDefined();
  });

  it("gives the product's importers templates filed in its own tree, or saying it has no place yet", async () => {
    const template = (c: TestClient, ext: string) =>
      c.req({ url: `/api/v2/questionImports/products/${product.id}/template.${ext}` });
    const admin = await member(product.id, { admin: true });
    // No place in the tree yet: the names say what each one's import will do about it.
    const forWriter = await template(writer, 'csv');
    expect(forWriter.status).toBe(200);
    expect(forWriter.text).toContain('subject,category,subcategory,stem');
    expect(forWriter.text).toContain('Subject (your bank has no places yet: ask an admin to add one)');
    expect((await template(admin, 'csv')).text).toContain(
      'Subject (your bank has no places yet: the import creates the ones you name)',
    );
    // The writer's preview of it says which place does not exist.
    const unplaced = await previewOf(writer, product.id, 'template.csv', forWriter.bytes);
    expect(unplaced.preview).toMatchObject({ valid: 0, invalid: 2 });
    expect(unplaced.preview.issues[0]).toMatchObject({ field: 'subject' });

    // With places, the first of them, whoever asks; no fixed subject from another field.
    await buildTree(product.id, [
      ['Accounting', 'Ledgers', 'Accruals'],
      ['Accounting', 'Ledgers', 'Deferrals'],
    ]);
    const csv = await template(writer, 'csv');
    expect(csv.headers.get('content-disposition')).toContain('questions-template.csv');
    expect(csv.text).toContain('Accounting,Ledgers,Accruals');
    expect(csv.text).not.toMatch(/Cardiology|Endocrinology/);
    expect((await template(admin, 'csv')).text).toContain('Accounting,Ledgers,Accruals');
    const xlsx = await template(writer, 'xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
    // Both read back as the two example questions, which a writer can import as they are.
    for (const [name, bytes] of [
      ['template.csv', csv.bytes],
      ['template.xlsx', xlsx.bytes],
    ] as const) {
      const read = await previewOf(writer, product.id, name, bytes);
      expect(read.preview).toMatchObject({
        valid: 2,
        invalid: 0,
        nodes: [{ path: ['Accounting', 'Ledgers', 'Accruals'], count: 2, exists: true }],
      });
    }
    // Only those who may import into the product get its templates.
    const student = await member(product.id, { student: true });
    expect((await template(student, 'csv')).status).toBe(403);
    const otherWriter = await member((await buildProduct(t.deps.db)).id, { questionWriter: true });
    expect((await template(otherWriter, 'xlsx')).status).toBe(403);
    expect((await template(t.client(), 'csv')).status).toBe(401);
  });
});

describe('a QTI 3.0 package', () => {
  const ns = 'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"';
  // A real image (the server recognises media by their bytes): the one in the QTI sample.
  const png = unzipSync(new Uint8Array(sample('nephrology-qti.zip')))['media/item-0001/rhythm-strip.png']!;
  const item = (title: string, body: string, interaction: string, rest = '') =>
    strToU8(
      `<?xml version="1.0"?><qti-assessment-item ${ns} identifier="${title}" title="${title}"><qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>B</qti-value></qti-correct-response>${rest}</qti-response-declaration><qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/><qti-item-body>${body}${interaction}</qti-item-body><qti-response-processing><qti-set-outcome-value identifier="FEEDBACK"><qti-base-value base-type="identifier">WHY</qti-base-value></qti-set-outcome-value></qti-response-processing><qti-modal-feedback outcome-identifier="FEEDBACK" identifier="WHY" show-hide="show"><qti-content-body><p>Loop diuretics waste potassium.</p></qti-content-body></qti-modal-feedback></qti-assessment-item>`,
    );
  const choices = `<qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
    <qti-simple-choice identifier="A">Spironolactone<qti-feedback-inline outcome-identifier="FEEDBACK" identifier="A">It spares potassium.</qti-feedback-inline></qti-simple-choice>
    <qti-simple-choice identifier="B">Furosemide<qti-feedback-inline outcome-identifier="FEEDBACK" identifier="B">It wastes potassium.</qti-feedback-inline></qti-simple-choice>
  </qti-choice-interaction>`;
  const resource = (href: string) =>
    `<resource identifier="${href}" type="imsqti_item_xmlv3p0" href="${href}"><file href="${href}"/></resource>`;
  const pkg = zipSync({
    'imsmanifest.xml': strToU8(
      `<?xml version="1.0"?><manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m"><resources>${['items/hypokalaemia.xml', 'items/essay.xml', 'items/weighted.xml'].map(resource).join('')}</resources></manifest>`,
    ),
    'items/hypokalaemia.xml': item(
      'Hypokalaemia',
      '<p>Which drug lowers serum potassium? <img src="../media/ecg.png" alt="ECG"/></p>',
      choices,
    ),
    'items/essay.xml': item(
      'Essay',
      '<p>Explain.</p>',
      '<qti-extended-text-interaction response-identifier="RESPONSE"/>',
    ),
    'items/weighted.xml': item(
      'Weighted',
      '<p>Which again?</p>',
      choices,
      '<qti-mapping default-value="0"><qti-map-entry map-key="B" mapped-value="1"/><qti-map-entry map-key="A" mapped-value="0.5"/></qti-mapping>',
    ),
    'media/ecg.png': png,
  });

  it('previews its items with the notes, and commits them with their choices explanations and media', async () => {
    const product = await buildProduct(t.deps.db);
    const writer = await member(product.id, { questionWriter: true });
    const read = await previewOf(writer, product.id, 'renal-qti.zip', pkg);
    expect(read).toMatchObject({ format: 'qti', fileName: 'renal-qti.zip' });
    expect(read.preview).toEqual({
      total: 3,
      valid: 2,
      invalid: 1,
      nodes: [{ path: [], count: 2, exists: true }],
      issues: [
        {
          line: 2,
          field: 'type',
          message:
            'This is an essay question; only single-best-answer and true/false questions can be imported',
        },
        {
          line: 3,
          field: 'weight',
          message:
            'The weight of answer A (50%) was left out: the right answer scores 1 and every other answer 0',
        },
      ],
      issueCount: 2,
    });
    expect((await commit(writer, read.uuid, { onlyValid: true })).status).toBe(202);
    await t.runJobs();
    const done = (await getImport(writer, read.uuid)).body;
    expect(done).toMatchObject({ state: 'DONE', result: { imported: 2, status: 'DRAFT' } });
    const bank = await bankOf(product.id);
    expect(bank.map((q) => [q.name, q.choices, q.correct, q.choiceExplanations, q.explanation])).toEqual([
      [
        'Hypokalaemia',
        ['Spironolactone', 'Furosemide'],
        1,
        ['It spares potassium.', 'It wastes potassium.'],
        '<p>Loop diuretics waste potassium.</p>',
      ],
      [
        'Weighted',
        ['Spironolactone', 'Furosemide'],
        1,
        ['It spares potassium.', 'It wastes potassium.'],
        '<p>Loop diuretics waste potassium.</p>',
      ],
    ]);
    const [stem] = bank.map((q) => q.stem);
    const hash = createHash('sha256').update(png).digest('hex');
    expect(stem).toBe(
      `<p>Which drug lowers serum potassium? <img src="/api/v2/media/${hash}" alt="ECG" /></p>`,
    );
  });
});

describe('export', () => {
  let product: Awaited<ReturnType<typeof buildProduct>>;
  let admin: Member;
  let writer: Member;

  beforeAll(async () => {
    product = await buildProduct(t.deps.db, { name: 'Renal Review' });
    admin = await member(product.id, { admin: true });
    writer = await member(product.id, { questionWriter: true });
    await importFile(
      admin,
      product.id,
      'nephrology-moodle.xml',
      sample('nephrology-moodle.xml'),
      'PUBLISHED',
    );
    await importFile(admin, product.id, 'questions.csv', sample('questions.csv'), 'PUBLISHED');
    await importFile(writer, product.id, 'endocrinology-aiken.txt', sample('endocrinology-aiken.txt'));
  });

  it('the audit log keeps each import that published questions, once, and not the drafts', async () => {
    const rows = rowsOf(
      await t.deps.db.execute(sql`SELECT actor_id, action, details FROM audit_log
        WHERE product_id = ${product.id} AND action LIKE 'question.%' ORDER BY id`),
    ) as { actor_id: string; action: string; details: { fileName: string; imported: number } }[];
    expect(rows.map((r) => [r.actor_id, r.action, r.details.fileName, r.details.imported > 0])).toEqual([
      [admin.user.id, 'question.import.publish', 'nephrology-moodle.xml', true],
      [admin.user.id, 'question.import.publish', 'questions.csv', true],
    ]);
  });

  const exportOf = (c: TestClient, query: string) =>
    c.req({ url: `/api/v2/questions/products/${product.id}/export?${query}` });

  it.each([
    ['moodle-xml', 'application/xml; charset=utf-8', 'renal-review-questions.xml'],
    ['qti', 'application/zip', 'renal-review-questions-qti.zip'],
    ['csv', 'text/csv; charset=utf-8', 'renal-review-questions.csv'],
    [
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'renal-review-questions.xlsx',
    ],
  ])('round-trips the bank through %s into another product', async (format, type, fileName) => {
    const res = await exportOf(admin, `format=${format}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('content-disposition')).toContain(`attachment; filename="${fileName}"`);
    const second = await buildProduct(t.deps.db);
    const secondAdmin = await member(second.id, { admin: true });
    const done = await importFile(secondAdmin, second.id, fileName, res.bytes, 'PUBLISHED');
    expect(done.result.imported).toBe(9);
    // The Moodle sample's answers carry feedback: the choices' explanations travel too.
    const explained = (await bankOf(product.id)).flatMap((q) => q.choiceExplanations.filter((e) => e !== ''));
    expect(explained).toHaveLength(3);
    expect(await bankOf(second.id)).toEqual(await bankOf(product.id));
    if (format === 'moodle-xml' || format === 'qti') {
      // The image came back as the same stored file.
      const hashes = async (productId: string) =>
        (
          await t.deps.db
            .select({ hash: questionVersionMedia.hash })
            .from(questionVersionMedia)
            .innerJoin(questions, eq(questions.currentVersionId, questionVersionMedia.versionId))
            .where(eq(questions.productId, productId))
        ).map((r) => r.hash);
      expect(await hashes(second.id)).toEqual(await hashes(product.id));
      expect(await hashes(second.id)).toHaveLength(1);
    }
  });

  it('writes a QTI 3.0 package with the image', async () => {
    const res = await exportOf(admin, 'format=qti');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = Object.keys(unzipSync(new Uint8Array(res.bytes)));
    expect(files).toContain('imsmanifest.xml');
    expect(files.filter((f) => f.startsWith('item-'))).toHaveLength(9);
    expect(files.filter((f) => f.startsWith('media/'))).toHaveLength(1);
    // The choices' own explanations are inline feedback in their choices.
    const items = unzipSync(new Uint8Array(res.bytes));
    const inline = Object.entries(items)
      .filter(([name]) => name.startsWith('item-'))
      .flatMap(([, bytes]) => new TextDecoder().decode(bytes).match(/<qti-feedback-inline /g) ?? []);
    expect(inline).toHaveLength(3);
  });

  it('gives a writer their own questions, filters by status, and refuses students', async () => {
    const own = await exportOf(writer, 'format=csv');
    expect(own.text.trim().split('\r\n')).toHaveLength(1 + 3);
    const published = await exportOf(admin, 'format=csv&status=PUBLISHED');
    expect(published.text.trim().split('\r\n')).toHaveLength(1 + 6);
    const auditor = await member(product.id, { questionAuditor: true });
    expect((await exportOf(auditor, 'format=csv')).text.trim().split('\r\n')).toHaveLength(1 + 9);
    const student = await member(product.id, { student: true });
    expect((await exportOf(student, 'format=csv')).status).toBe(403);
    const bad = await exportOf(admin, 'format=pdf');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'format' });
  });
});

describe('a large file', () => {
  const N = 2000;
  const electrolytes = ['Sodium', 'Potassium', 'Calcium', 'Magnesium'];
  const csv = [
    'name,subject,category,subcategory,stem,choice_a,choice_b,choice_c,choice_d,correct,explanation',
    ...Array.from(
      { length: N },
      (_, i) =>
        `Q${i},Nephrology,Electrolytes,${electrolytes[i % 4]},"<p>Question ${i}: which is right?</p>",Right ${i},Wrong,Also wrong,Not this,A,Because ${i}.`,
    ),
  ].join('\r\n');

  it(`imports all ${N} questions in batches, answering requests meanwhile, without duplicates after a crash`, async () => {
    const product = await buildProduct(t.deps.db);
    const writer = await member(product.id, { questionWriter: true });
    await buildTree(
      product.id,
      electrolytes.map((name) => ['Nephrology', 'Electrolytes', name]),
    );
    const read = await previewOf(writer, product.id, 'bank.csv', csv);
    expect(read.preview).toMatchObject({ total: N, valid: N, invalid: 0 });
    expect(read.preview.nodes.map((n: { count: number }) => n.count)).toEqual([N / 4, N / 4, N / 4, N / 4]);
    expect((await commit(writer, read.uuid, { onlyValid: false })).status).toBe(202);

    // An earlier run wrote the first batch and then died: the job finds those questions and goes on.
    const [row] = await t.deps.db.select().from(questionImports).where(eq(questionImports.id, read.uuid));
    const file = await readQuestionFile('csv', new Uint8Array(row!.file!));
    const placements = await t.deps.db.transaction((tx) =>
      ensurePaths(
        tx,
        product.id,
        file.questions.map((q) => q.path),
        { create: false },
      ),
    );
    const target = {
      importId: read.uuid,
      productId: product.id,
      authorId: writer.user.id,
      fileName: 'bank.csv',
      status: 'DRAFT' as const,
    };
    expect(await writeBatch(t.deps, target, file.questions.slice(0, 500), placements, async () => {})).toBe(
      500,
    );

    let finished = false;
    const running = t.runJobs().then(() => {
      finished = true;
    });
    const seen: Array<{ done: number; total: number } | null> = [];
    while (!finished) {
      const res = await getImport(writer, read.uuid);
      expect(res.status).toBe(200);
      if (!finished) seen.push(res.body.progress);
    }
    await running;
    // Requests were answered between the batches, while the import went on.
    expect(seen.some((p) => p !== null && p.done > 0 && p.done < N)).toBe(true);

    const done = (await getImport(writer, read.uuid)).body;
    expect(done).toMatchObject({ state: 'DONE', progress: null, result: { imported: N } });
    const [{ n }] = (
      (await t.deps.db.execute(
        sql`SELECT count(*)::int AS n FROM questions WHERE product_id = ${product.id}`,
      )) as unknown as { rows: [{ n: number }] }
    ).rows;
    expect(n).toBe(N);
    const counts = await writer.req({ url: `/api/v2/questions/products/${product.id}/statusCounts` });
    expect(counts.body).toMatchObject({ DRAFT: N });
  });
});

describe('the event loop during a large import', () => {
  // Some 500 KB: a second or more of parsing and checking, far more than a health check takes.
  const N = 3000;
  const csv = [
    'name,subject,category,subcategory,stem,choice_a,choice_b,choice_c,choice_d,correct,explanation',
    ...Array.from(
      { length: N },
      (_, i) =>
        `Q${i},Cardiology,Valves,Mitral,"<p>Question ${i}: which of these is the <b>right</b> one?</p>",Right ${i},Wrong,Also wrong,Not this,${i % 499 === 0 ? '' : 'A'},"<p>Because ${i}.</p>"`,
    ),
  ].join('\r\n');

  it('reads, checks, writes and exports in worker threads, answering other requests meanwhile', async () => {
    const product = await buildProduct(t.deps.db);
    const writer = await member(product.id, { questionWriter: true });
    await buildTree(product.id, [['Cardiology', 'Valves', 'Mitral']]);
    const tasks: Array<{ kind: string; threadId: number }> = [];
    const onTask = (e: { kind: string; threadId: number }) => tasks.push(e);
    workerEvents.on('task', onTask);
    try {
      const res = await upload(writer, product.id, 'big.csv', csv);
      expect(res.status, res.text).toBe(202);
      const { uuid } = res.body;
      // The file comes back from the database in slices, byte for byte.
      const [row] = await t.deps.db.select().from(questionImports).where(eq(questionImports.id, uuid));
      expect(Buffer.from((await storedFile(t.deps.db, uuid, 64 * 1024))!)).toEqual(row!.file);

      // While the read job's worker parses the file, a health check sent then is answered before it is done.
      const order: string[] = [];
      let health: Promise<void> | undefined;
      workerEvents.once('start', () => {
        health = t
          .client()
          .get('/api/health')
          .then((r) => {
            expect(r.status).toBe(200);
            order.push('health answered');
          });
      });
      const read = t.runJobs().then(() => order.push('read done'));
      await read;
      await health;
      expect(order).toEqual(['health answered', 'read done']);

      const preview = (await getImport(writer, uuid)).body.preview;
      const unanswerable = Math.ceil(N / 499);
      expect(preview).toMatchObject({ total: N, valid: N - unanswerable, invalid: unanswerable });
      expect(preview.issues).toHaveLength(unanswerable);
      const issues = await writer.req({ url: `/api/v2/questionImports/${uuid}/issues.csv` });
      expect(issues.text.trim().split('\r\n')).toHaveLength(1 + unanswerable);

      expect((await commit(writer, uuid, { onlyValid: true })).status).toBe(202);
      await t.runJobs();
      expect((await getImport(writer, uuid)).body).toMatchObject({
        state: 'DONE',
        result: { imported: N - unanswerable },
      });
      const exported = await writer.req({
        url: `/api/v2/questions/products/${product.id}/export?format=csv`,
      });
      expect(exported.text.trim().split('\r\n')).toHaveLength(1 + N - unanswerable);
    } finally {
      workerEvents.off('task', onTask);
    }
    // Each heavy step ran in a worker thread, not on the event loop's (thread 0).
    expect(tasks.map((e) => e.kind)).toEqual(['preview', 'issuesCsv', 'questions', 'export']);
    for (const e of tasks) expect(e.threadId).not.toBe(0);
  });

  it('shows a preview of many issues with the first 500, and downloads them all', async () => {
    const product = await buildProduct(t.deps.db);
    const writer = await member(product.id, { questionWriter: true });
    const broken = ['stem,choice_a,choice_b,correct', ...Array.from({ length: 800 }, (_, i) => `Q${i},A,B,`)];
    const read = await previewOf(writer, product.id, 'broken.csv', broken.join('\n'));
    expect(read.preview).toMatchObject({ total: 800, valid: 0, invalid: 800, issueCount: 800 });
    expect(read.preview.issues).toHaveLength(500);
    expect(read.preview.issues[499]).toMatchObject({ line: 501, field: 'correct' });
    const all = await writer.req({ url: `/api/v2/questionImports/${read.uuid}/issues.csv` });
    expect(all.text.trim().split('\r\n')).toHaveLength(1 + 800);
  });
});

describe('the stored file', () => {
  it('goes in parts of at most 1 MB and reads back whole, byte for byte; an empty one too', async () => {
    const product = await buildProduct(t.deps.db);
    const user = await buildUser(t.deps.db);
    for (const size of [2 * FILE_PART_BYTES + 12_345, FILE_PART_BYTES, 0]) {
      const bytes = new Uint8Array(randomBytes(size));
      const id = await t.deps.db.transaction((tx) =>
        insertImport(tx, {
          productId: product.id,
          userId: user.id,
          fileName: 'bank.csv',
          format: 'csv',
          file: bytes,
          now: new Date(),
        }),
      );
      const back = await storedFile(t.deps.db, id);
      expect(Buffer.from(back!).equals(Buffer.from(bytes))).toBe(true);
      const [row] = await t.deps.db.select().from(questionImports).where(eq(questionImports.id, id));
      expect(row!.file?.length).toBe(size);
    }
  });
});

describe('cells a spreadsheet could run', () => {
  const dde = "-2+3+cmd|' /C calc'!A0";
  const csv = [
    'stem,choice_a,choice_b,choice_c,choice_d,correct,references',
    `"=1+1 is what?",-5,${dde},+2,@SUM(A1),B,'-already quoted`,
  ].join('\r\n');

  it.each([
    ['csv', 'bank.csv'],
    ['xlsx', 'bank.xlsx'],
  ])('leave in %s with a quote in front and import back as written', async (format, fileName) => {
    const product = await buildProduct(t.deps.db);
    const admin = await member(product.id, { admin: true });
    await importFile(admin, product.id, 'cells.csv', csv, 'PUBLISHED');
    const [imported] = await bankOf(product.id);
    expect(imported).toMatchObject({
      stem: '=1+1 is what?',
      choices: ['-5', dde, '+2', '@SUM(A1)'],
      references: ['-already quoted'],
    });
    const res = await admin.req({ url: `/api/v2/questions/products/${product.id}/export?format=${format}` });
    expect(res.status).toBe(200);
    const written = `,'=1+1 is what?,'-5,'${dde},'+2,'@SUM(A1),`;
    if (format === 'csv') expect(res.text).toContain(written);
    else {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.bytes as never);
      const cells = book.getWorksheet('Questions')!.getRow(2).values as unknown[];
      expect(cells.filter((c) => typeof c === 'string').join(',')).toContain(written.slice(1, -1));
    }
    const second = await buildProduct(t.deps.db);
    const secondAdmin = await member(second.id, { admin: true });
    await importFile(secondAdmin, second.id, fileName, res.bytes, 'PUBLISHED');
    expect(await bankOf(second.id)).toEqual(await bankOf(product.id));
  });
});

describe('a workbook that lies about its unpacked size', () => {
  it('is refused at upload with 413 naming file, stopped at the limit, and nothing is kept', async () => {
    const product = await buildProduct(t.deps.db);
    const writer = await member(product.id, { questionWriter: true });
    // 300 MB of zeros in about 300 KB, in a zip whose headers say the sheet unpacks to 4 KB.
    const sheet = { name: 'xl/worksheets/sheet1.xml', data: deflatedZeros(300), declaredSize: 4096 };
    for (const fileName of ['bank.xlsx', 'bank', 'bank-qti.zip']) {
      const res = await upload(writer, product.id, fileName, workbookLike(sheet));
      expect(res.status, res.text).toBe(413);
      expect(res.body).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        code: 'PAYLOAD_TOO_LARGE',
        message: 'file unpacks to more than 256 MB; split it into smaller files',
        field: 'file',
      });
    }
    const kept = await t.deps.db
      .select({ id: questionImports.id })
      .from(questionImports)
      .where(eq(questionImports.productId, product.id));
    expect(kept).toEqual([]);
    // The same writer's honest workbook still goes through.
    const template = await writer.req({
      url: `/api/v2/questionImports/products/${product.id}/template.xlsx`,
    });
    expect((await previewOf(writer, product.id, 'template.xlsx', template.bytes)).preview).toMatchObject({
      total: 2,
    });
  });
});

// Last: it ages every preview of this file.
describe('retention', () => {
  it('drops a preview never committed after a week', async () => {
    const product = await buildProduct(t.deps.db);
    const writer = await member(product.id, { questionWriter: true });
    const read = await previewOf(writer, product.id, 'cardiology.gift', sample('cardiology.gift'));
    // Not yet a week old: kept. (Earlier tests' previews may be older by a minute on a slow machine, so
    // this one's state is what is checked, not how many were dropped.)
    await expireStalePreviews(t.deps.db, new Date(Date.now() + PREVIEW_KEPT_MS - 60_000));
    expect((await getImport(writer, read.uuid)).body.state).toBe('PREVIEW');
    // Every preview of this file's tests is a week old by then: this one among them.
    expect(
      await expireStalePreviews(t.deps.db, new Date(Date.now() + PREVIEW_KEPT_MS + 60_000)),
    ).toBeGreaterThan(0);
    const row = (await getImport(writer, read.uuid)).body;
    expect(row).toMatchObject({ state: 'FAILED', error: expect.stringContaining('upload it again') });
    expect((await commit(writer, read.uuid, { onlyValid: true })).body).toMatchObject({ code: 'CONFLICT' });
  });
});
