import { randomUUID } from 'node:crypto';
import { userIngestionFile } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../lib/clock';
import { deflatedZeros, workbookLike } from '../../modules/imports/formats/test-zip';
import type { TestClient } from '../client';
import {
  buildProduct,
  buildSubscription,
  buildUser,
  latestMail,
  mailsTo,
  multipart,
  signedIn,
  tokenFrom,
} from '../factories';
import { appForFile, createTestApp } from '../test-app';

// Bulk enrolment (docs/enrolment-files.md): POST useringestion, and a class list uploaded, previewed,
// committed by a job; who may do it, what each refusal leaves unchanged, and that nothing is done twice.

const START = new Date('2026-10-01T12:00:00Z');
const clock = testClock(START);
const t = appForFile(() => createTestApp({ clock }));
beforeEach(() => clock.set(START));

const instructorOf = (productId: string) =>
  signedIn(t, { product: productId, subscription: { type: 'PRIVILEGED', student: false, instructor: true } });
const adminOf = (productId: string) => signedIn(t, { product: productId, roles: { admin: true } });
const unique = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;

const ingest = (c: TestClient, json: Record<string, unknown>) =>
  c.req({ method: 'POST', url: '/api/v2/useringestion', json });
const upload = (c: TestClient, productId: string, fileName: string, bytes: Uint8Array | string) =>
  c.req({
    method: 'POST',
    url: `/api/v2/userIngestions/products/${productId}`,
    ...multipart(fileName, bytes),
  });
const commit = (c: TestClient, id: string, json: Record<string, unknown> = {}) =>
  c.req({ method: 'POST', url: `/api/v2/userIngestions/${id}/commit`, json });
const getFile = async (c: TestClient, id: string) => {
  const res = await c.req({ url: `/api/v2/userIngestions/${id}` });
  expect(res.status, res.text).toBe(200);
  return userIngestionFile.parse(res.body);
};

const q = async (query: ReturnType<typeof sql>) => rowsOf(await t.deps.db.execute(query));
const subscriptionOf = async (email: string, productId: string) =>
  (
    await q(sql`SELECT s.active, s.student, s.question_writer, s.question_auditor, s.instructor, s.admin,
      u.superuser, u.password_hash, u.email_verified_at IS NOT NULL AS verified
    FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id AND s.product_id = ${productId}
    WHERE u.email = ${email}`)
  )[0];
const countUsers = async (emails: string[]) =>
  (await q(sql`SELECT count(*)::int AS n FROM users WHERE email = ANY(${sql.param(emails)}::text[])`))[0]!
    .n as number;
const outboxCount = async () => {
  await t.runJobs();
  return (await q(sql`SELECT count(*)::int AS n FROM mail_outbox`))[0]!.n as number;
};

describe('POST useringestion', () => {
  it('creates students only, enrols existing accounts, answers per row, and changes nothing the second time', async () => {
    const product = await buildProduct(t.deps.db, { name: 'Renal Private' });
    const c = await instructorOf(product.id);
    const known = await buildUser(t.deps.db, { firstName: 'Kim', email: unique('kim') });
    const knownHash = known.passwordHash;
    const student = await buildUser(t.deps.db, { email: unique('student') });
    await buildSubscription(t.deps.db, student.id, product.id);
    const held = await buildUser(t.deps.db, { email: unique('held') });
    await buildSubscription(t.deps.db, held.id, product.id, { accessHold: 'SUSPENDED', accessHoldAt: START });
    const fresh = unique('fresh');
    const body = {
      productUuid: product.id,
      users: [
        { email: ` ${fresh.toUpperCase()} `, firstName: 'Ana', lastName: 'Silva' },
        { email: known.email, firstName: 'Kim', lastName: 'User' },
        { email: student.email, firstName: 'S', lastName: 'T' },
        { email: held.email, firstName: 'H', lastName: 'D' },
      ],
    };
    const res = await ingest(c, body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      created: 1,
      joined: 1,
      alreadyStudent: 1,
      held: 1,
      results: [
        { email: fresh, outcome: 'CREATED' },
        { email: known.email, outcome: 'JOINED' },
        { email: student.email, outcome: 'ALREADY_STUDENT' },
        { email: held.email, outcome: 'HELD' },
      ],
    });
    // The new account: a student of the product and nothing else; no password until the link sets one.
    expect(await subscriptionOf(fresh, product.id)).toEqual({
      active: true,
      student: true,
      question_writer: false,
      question_auditor: false,
      instructor: false,
      admin: false,
      superuser: false,
      password_hash: null,
      verified: true,
    });
    const existing = await subscriptionOf(known.email, product.id);
    expect([existing?.student, existing?.password_hash]).toEqual([true, knownHash]);
    expect((await subscriptionOf(held.email, product.id))?.active).toBe(true);

    // The welcome mail's link sets the password (and works for days, not an hour), then the person signs in.
    const welcome = await latestMail(t, fresh, 'Welcome to Renal Private');
    expect(welcome?.text).toContain('/resetPassword?token=');
    expect((await latestMail(t, known.email, 'You have been added to Renal Private'))?.text).toContain(
      '/dashboard',
    );
    expect(await mailsTo(t, student.email)).toEqual([]);
    expect(await mailsTo(t, held.email)).toEqual([]);
    const mailsBefore = await outboxCount();
    const auditBefore = await q(sql`SELECT id FROM audit_log WHERE product_id = ${product.id}`);
    expect(auditBefore).toHaveLength(2);

    // The same body again: nothing changes, nothing is sent.
    const again = await ingest(c, body);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ created: 0, joined: 0, alreadyStudent: 3, held: 1 });
    expect(await outboxCount()).toBe(mailsBefore);
    expect(await q(sql`SELECT id FROM audit_log WHERE product_id = ${product.id}`)).toHaveLength(2);
    expect(await countUsers([fresh])).toBe(1);

    clock.set(new Date(START.getTime() + 6 * 24 * 60 * 60 * 1000));
    const token = tokenFrom(welcome!.text, '/resetPassword');
    const set = await t.client().req({
      method: 'POST',
      url: `/api/v1/completePasswordReset?token=${encodeURIComponent(token)}`,
      json: { newPassword: 'a-long-password-1' },
    });
    expect(set.status, set.text).toBeLessThan(300);
    const guest = t.client();
    expect((await guest.login(fresh, 'a-long-password-1')).status).toBe(200);
  });

  it('names the bad row and writes nothing', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const good = unique('good');
    const cases: [Record<string, unknown>[], string][] = [
      [
        [
          { email: good, firstName: 'A', lastName: 'B' },
          { email: 'not-an-address', firstName: 'A', lastName: 'B' },
        ],
        'users.1.email',
      ],
      [[{ email: good, firstName: '', lastName: 'B' }], 'users.0.firstName'],
      [[{ email: good, firstName: 'A' }], 'users.0.lastName'],
      [
        [
          { email: good, firstName: 'A', lastName: 'B' },
          { email: good.toUpperCase(), firstName: 'C', lastName: 'D' },
        ],
        'users.1.email',
      ],
      [[], 'users'],
    ];
    for (const [users, field] of cases) {
      const res = await ingest(c, { productUuid: product.id, users });
      expect([res.status, res.body.field], JSON.stringify(users)).toEqual([400, field]);
    }
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({
      email: `u${i}@example.com`,
      firstName: 'A',
      lastName: 'B',
    }));
    expect((await ingest(c, { productUuid: product.id, users: tooMany })).body.field).toBe('users');
    expect(await countUsers([good])).toBe(0);
    const cohort = await ingest(c, {
      productUuid: product.id,
      cohortUuid: randomUUID(),
      users: [{ email: good, firstName: 'A', lastName: 'B' }],
    });
    expect([cohort.status, cohort.body.field]).toEqual([400, 'cohortUuid']);
    expect(await countUsers([good])).toBe(0);
  });

  it('is refused past the cap, naming it, and writes nothing', async () => {
    const product = await buildProduct(t.deps.db, { studentCap: 1 });
    const c = await adminOf(product.id);
    const emails = [unique('a'), unique('b')];
    const res = await ingest(c, {
      productUuid: product.id,
      users: emails.map((email) => ({ email, firstName: 'A', lastName: 'B' })),
    });
    expect([res.status, res.body.field]).toEqual([409, 'cap']);
    expect(res.body.message).toContain('capped at 1 students');
    expect(await countUsers(emails)).toBe(0);
    expect(await mailsTo(t, emails[0]!)).toEqual([]);
  });

  it('is for the product’s instructors and admins: a learner is refused', async () => {
    const product = await buildProduct(t.deps.db);
    const learner = await signedIn(t, { product: product.id });
    const email = unique('x');
    const body = { productUuid: product.id, users: [{ email, firstName: 'A', lastName: 'B' }] };
    const res = await ingest(learner, body);
    expect([res.status, res.body.field]).toEqual([403, 'productUuid']);
    const other = await instructorOf((await buildProduct(t.deps.db)).id);
    expect((await ingest(other, body)).status).toBe(403);
    expect((await ingest(t.client(), body)).status).toBe(401);
    expect(await countUsers([email])).toBe(0);
  });
});

const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('class list files', () => {
  it('previews every kind of row with its row number, commits in a job with progress, and changes nothing the second time', async () => {
    const product = await buildProduct(t.deps.db, { name: 'Cardio Private' });
    const c = await instructorOf(product.id);
    const cohort = (
      await c.req({ method: 'POST', url: `/api/v2/products/${product.id}/cohorts`, json: { name: 'Year 2' } })
    ).body.uuid as string;
    const known = await buildUser(t.deps.db, { email: unique('known') });
    const student = await buildUser(t.deps.db, { email: unique('student') });
    await buildSubscription(t.deps.db, student.id, product.id);
    const fresh = [unique('n1'), unique('n2')];
    const file = csv([
      'E-mail,First Name,Surname,Phone',
      `${fresh[0]},Ana,Silva,555`,
      `${known.email.toUpperCase()},Kim,User,`,
      `${student.email},Sam,Tee,`,
      `${fresh[0]},Ana,Again,`,
      'not-an-address,Bad,Row,',
      `${fresh[1]},,NoFirst,`,
      '',
      `${fresh[1]!.replace('@', '+x@')},=HYPERLINK("http://evil"),Z,`,
      `${fresh[1]},Bo,Li,`,
    ]);
    const res = await upload(c, product.id, 'class.csv', file);
    expect(res.status, res.text).toBe(201);
    const up = userIngestionFile.parse(res.body);
    expect(up).toMatchObject({ state: 'PREVIEW', fileName: 'class.csv', result: null, progress: null });
    expect(up.preview.counts).toEqual({
      newUsers: 2,
      joining: 1,
      alreadyStudents: 1,
      held: 0,
      duplicates: 1,
      invalid: 3,
    });
    expect(up.preview.newUsers.map((r) => [r.row, r.email])).toEqual([
      [2, fresh[0]],
      [10, fresh[1]],
    ]);
    expect(up.preview.joining.map((r) => [r.row, r.email])).toEqual([[3, known.email]]);
    expect(up.preview.alreadyStudents.map((r) => r.row)).toEqual([4]);
    expect(up.preview.duplicates).toEqual([
      { row: 5, email: fresh[0], firstName: 'Ana', lastName: 'Again', firstRow: 2 },
    ]);
    expect(up.preview.invalid.map((i) => [i.row, i.field])).toEqual([
      [6, 'email'],
      [7, 'first_name'],
      [9, 'first_name'],
    ]);
    expect(up.preview.unknownColumns).toEqual(['Phone']);
    // A formula cell is named by its row and column, never echoed.
    expect(JSON.stringify(up.preview)).not.toContain('HYPERLINK');
    // The dry run enrolled nobody.
    expect(await countUsers(fresh)).toBe(0);
    expect((await subscriptionOf(known.email, product.id))?.student).toBeNull();

    const started = await commit(c, up.uuid, { cohortUuid: cohort });
    expect(started.status, started.text).toBe(202);
    expect(started.body).toEqual({ uuid: up.uuid, jobId: expect.any(Number) });
    expect((await getFile(c, up.uuid)).state).toBe('COMMITTING');
    expect((await commit(c, up.uuid)).status).toBe(409);
    await t.runJobs();
    const done = await getFile(c, up.uuid);
    expect(done).toMatchObject({
      state: 'DONE',
      cohort: { uuid: cohort, name: 'Year 2' },
      result: { created: 2, joined: 1, alreadyStudent: 1, held: 0 },
      error: null,
    });
    const job = await t.deps.jobs.status(started.body.jobId);
    expect(job?.progress).toMatchObject({ done: 4, total: 4 });
    expect(await countUsers(fresh)).toBe(2);
    expect((await subscriptionOf(fresh[1]!, product.id))?.admin).toBe(false);
    const members = await q(sql`SELECT count(*)::int AS n FROM cohort_members WHERE cohort_id = ${cohort}`);
    expect(members[0]!.n).toBe(4);
    expect((await latestMail(t, fresh[0]!, 'Welcome to Cardio Private'))?.text).toContain(
      '/resetPassword?token=',
    );
    const mails = await outboxCount();

    // The same file again: a preview in which everyone is a student already, and a commit that does nothing.
    const second = userIngestionFile.parse((await upload(c, product.id, 'class.csv', file)).body);
    expect(second.preview.counts).toMatchObject({ newUsers: 0, joining: 0, alreadyStudents: 4 });
    expect((await commit(c, second.uuid)).status).toBe(202);
    await t.runJobs();
    expect((await getFile(c, second.uuid)).result).toEqual({
      created: 0,
      joined: 0,
      alreadyStudent: 4,
      held: 0,
    });
    expect(await outboxCount()).toBe(mails);
    expect(await countUsers(fresh)).toBe(2);
  });

  it('reads an Excel workbook too', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(['email', 'first_name', 'last_name']);
    const email = unique('xl');
    sheet.addRow([email, 'Xia', 'Lo']);
    sheet.addRow(['bad', 'X', 'Y']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const res = await upload(c, product.id, 'class.xlsx', bytes);
    expect(res.status, res.text).toBe(201);
    expect(res.body.preview.newUsers).toEqual([{ row: 2, email, firstName: 'Xia', lastName: 'Lo' }]);
    expect(res.body.preview.invalid).toEqual([{ row: 3, field: 'email', message: expect.any(String) }]);
  });

  it('refuses empty files, files without the columns, files over the limit, and callers who may not enrol', async () => {
    const product = await buildProduct(t.deps.db);
    const c = await instructorOf(product.id);
    const empty = await upload(c, product.id, 'empty.csv', '');
    expect([empty.status, empty.body.field]).toEqual([400, 'file']);
    const headerOnly = await upload(c, product.id, 'h.csv', 'email,first_name,last_name\r\n');
    expect([headerOnly.status, headerOnly.body.field]).toEqual([400, 'file']);
    const noColumns = await upload(c, product.id, 'n.csv', 'name,phone\r\nA,1\r\n');
    expect([noColumns.status, noColumns.body.field]).toEqual([400, 'file']);
    expect(noColumns.body.message).toContain('email');
    const huge = await upload(c, product.id, 'huge.csv', Buffer.alloc(5 * 1024 * 1024 + 1, 0x61));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', field: 'file' });
    // A workbook whose headers say 4 KB and which inflates to 100 MB: measured, stopped, refused.
    const bomb = workbookLike({
      name: 'xl/worksheets/sheet1.xml',
      data: deflatedZeros(100),
      declaredSize: 4096,
    });
    const bombed = await upload(c, product.id, 'class.xlsx', bomb);
    expect(bombed.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', field: 'file' });
    const learner = await signedIn(t, { product: product.id });
    const refused = await upload(
      learner,
      product.id,
      'c.csv',
      csv(['email,first_name,last_name', 'a@example.com,A,B']),
    );
    expect(refused.status).toBe(403);
    const stored = await q(
      sql`SELECT count(*)::int AS n FROM user_ingestions WHERE product_id = ${product.id}`,
    );
    expect(stored[0]!.n).toBe(0);

    // Someone else's class list does not exist for a learner; a commit past the cap is refused by name.
    const mine = (
      await upload(
        c,
        product.id,
        'c.csv',
        csv(['email,first_name,last_name', `${unique('a')},A,B`, `${unique('b')},C,D`]),
      )
    ).body.uuid as string;
    expect((await learner.req({ url: `/api/v2/userIngestions/${mine}` })).status).toBe(404);
    await t.deps.db.execute(sql`UPDATE products SET student_cap = 1 WHERE id = ${product.id}`);
    const capped = await commit(c, mine);
    expect([capped.status, capped.body.field]).toEqual([409, 'cap']);
    expect((await getFile(c, mine)).state).toBe('PREVIEW');
  });

  it('resumes after a crash between batches: nothing lost, nothing done twice', async () => {
    const product = await buildProduct(t.deps.db, { name: 'Batch Private' });
    const c = await instructorOf(product.id);
    const tag = randomUUID().slice(0, 8);
    const emails = Array.from({ length: 600 }, (_, i) => `row${i}.${tag}@example.com`);
    const file = csv(['email,first_name,last_name', ...emails.map((e, i) => `${e},Row,${i}`)]);
    const up = userIngestionFile.parse((await upload(c, product.id, 'big.csv', file)).body);
    expect(up.preview.counts.newUsers).toBe(600);
    // The second batch's transaction fails once (a sequence is not rolled back with it): the job's first
    // attempt stops after the first batch (rows 2 to 501) committed.
    await t.deps.db.execute(sql`CREATE SEQUENCE ingestion_crash_once`);
    await t.deps.db.execute(sql`
      CREATE FUNCTION ingestion_crash_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.row > 501 AND nextval('ingestion_crash_once') = 1 THEN RAISE EXCEPTION 'crash'; END IF;
        RETURN NEW;
      END $$`);
    await t.deps.db.execute(sql`
      CREATE TRIGGER ingestion_crash_once BEFORE UPDATE ON user_ingestion_rows
      FOR EACH ROW EXECUTE FUNCTION ingestion_crash_once()`);
    try {
      expect((await commit(c, up.uuid)).status).toBe(202);
      await t.runJobs();
      const stopped = await getFile(c, up.uuid);
      expect(stopped).toMatchObject({ state: 'COMMITTING', result: { created: 500 } });
      expect(await countUsers(emails)).toBe(500);
      // The runner tries again later: the rest, once.
      clock.set(new Date(START.getTime() + 60_000));
      await t.runJobs();
      expect(await getFile(c, up.uuid)).toMatchObject({ state: 'DONE', result: { created: 600, joined: 0 } });
    } finally {
      await t.deps.db.execute(sql`DROP TRIGGER ingestion_crash_once ON user_ingestion_rows`);
      await t.deps.db.execute(sql`DROP FUNCTION ingestion_crash_once()`);
      await t.deps.db.execute(sql`DROP SEQUENCE ingestion_crash_once`);
    }
    expect(await countUsers(emails)).toBe(600);
    const welcomes = await q(
      sql`SELECT count(*)::int AS n, count(DISTINCT "to")::int AS d FROM mail_outbox WHERE subject = 'Welcome to Batch Private on QBank Cloud'`,
    );
    expect(welcomes[0]).toEqual({ n: 600, d: 600 });
    const enrolled = await q(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE product_id = ${product.id} AND action = 'student.enrol'`,
    );
    expect(enrolled[0]!.n).toBe(600);
  });
});
