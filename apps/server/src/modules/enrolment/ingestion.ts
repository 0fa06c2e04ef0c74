import {
  ErrorCode,
  INGESTION_ROWS_SHOWN,
  type IngestionCommitInput,
  type IngestionPreview,
  type IngestionRow,
  type IngestionStarted,
  type UserIngestionBody,
  type UserIngestionFile,
  type UserIngestionResult,
} from '@qbank/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { Upload } from '../../lib/upload';
import { type Actor, authorize } from '../../policies';
import { unpackedSize } from '../imports';
import { findCohort } from '../roster';
import { findProduct } from '../store';
import { capReached } from './enrol';
import { classListFormat } from './ingestion-file';
import { ingestionCommitJob } from './ingestion-jobs';
import { readClassListOffLoop } from './ingestion-pool';
import {
  findIngestion,
  type IngestionRecord,
  insertIngestion,
  standings,
  updateIngestion,
} from './ingestion-repository';
import { addCount, ingestBatch, noCounts } from './ingestion-write';
import { productName, seatsOf } from './repository';

/** What a class list workbook may unpack to: 10,000 rows are a few MB; anything near this is no class list. */
export const CLASS_LIST_UNPACKED_MAX = 64 * 1024 * 1024;

const noSuchFile = () => new AppError(ErrorCode.NOT_FOUND, 'No such class list', 'id');

/** The uploaded name without folders or control characters; never empty. */
function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const base = (name.split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(-200) || 'class-list';
}

/**
 * Bulk enrolment (docs/enrolment-files.md): POST useringestion enrols the users of its body in one
 * transaction; a class list file is read in a worker thread into a preview (the dry run, nothing enrolled),
 * then committed by a job that enrols its rows in batches. Who: 'enrolment.manage'.
 */
export function ingestionService(deps: Deps) {
  const { db, clock, jobs } = deps;

  async function enrolling(actor: Actor, productId: string, field = 'id') {
    await authorize(actor, 'enrolment.manage', { productId }).catch((e: unknown) => {
      if (e instanceof AppError && field !== 'id') throw new AppError(e.code, e.message, field);
      throw e;
    });
    if (actor.superuser && !(await findProduct(db, productId)))
      throw new AppError(ErrorCode.NOT_FOUND, 'No such product', field);
  }

  async function cohortOf(productId: string, cohortId: string | null | undefined) {
    if (!cohortId) return null;
    const c = await findCohort(db, cohortId);
    if (!c || c.productId !== productId)
      throw new AppError(ErrorCode.VALIDATION, 'No such cohort in this QBank', 'cohortUuid');
    if (c.archivedAt)
      throw new AppError(ErrorCode.VALIDATION, 'This cohort is archived: restore it first', 'cohortUuid');
    return c;
  }

  /** The dry run's categories: where each address stands with the product now. */
  async function previewOf(
    productId: string,
    read: Awaited<ReturnType<typeof readClassListOffLoop>> & { ok: true },
  ): Promise<IngestionPreview> {
    const { users } = read.read;
    const byEmail = new Map(
      (
        await standings(
          db,
          productId,
          users.map((u) => u.email),
        )
      ).map((s) => [s.email, s]),
    );
    const lists = {
      newUsers: [] as IngestionRow[],
      joining: [] as IngestionRow[],
      alreadyStudents: [] as IngestionRow[],
      held: [] as IngestionRow[],
    };
    const counts = { newUsers: 0, joining: 0, alreadyStudents: 0, held: 0 };
    for (const u of users) {
      const s = byEmail.get(u.email);
      const kind: keyof typeof lists = !s?.verified
        ? 'newUsers'
        : s.access_hold
          ? 'held'
          : s.active && s.student
            ? 'alreadyStudents'
            : 'joining';
      counts[kind]++;
      if (lists[kind].length < INGESTION_ROWS_SHOWN) lists[kind].push(u);
    }
    return {
      total: users.length + read.read.duplicateCount + read.read.invalidRows,
      counts: { ...counts, duplicates: read.read.duplicateCount, invalid: read.read.invalidRows },
      ...lists,
      duplicates: read.read.duplicates,
      invalid: read.read.invalid,
      unknownColumns: read.read.unknownColumns,
    };
  }

  async function view(row: IngestionRecord): Promise<UserIngestionFile> {
    let progress: UserIngestionFile['progress'] = null;
    let state = row.state;
    let error = row.error;
    if (row.state === 'COMMITTING') {
      const job = row.jobId === null ? null : await jobs.status(row.jobId);
      if (!job || job.state === 'failed') {
        state = 'FAILED';
        error ??= 'The commit stopped; upload the file again to enrol the rest';
      } else if (job.progress?.total !== undefined)
        progress = { done: job.progress.done, total: job.progress.total };
    }
    return {
      uuid: row.id,
      productUuid: row.productId,
      fileName: row.fileName,
      state,
      cohort: row.cohort && { uuid: row.cohort.id, name: row.cohort.name },
      progress,
      preview: row.preview,
      result: row.state === 'PREVIEW' ? null : row.result,
      error: state === 'FAILED' ? error : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function managed(actor: Actor, id: string) {
    const row = await findIngestion(db, id);
    if (!row) throw noSuchFile();
    await enrolling(actor, row.productId).catch(() => {
      throw noSuchFile();
    });
    return row;
  }

  return {
    /** POST useringestion: every user of the body enrolled in one transaction, or none. */
    async ingest(actor: Actor, body: UserIngestionBody): Promise<UserIngestionResult> {
      await enrolling(actor, body.productUuid, 'productUuid');
      const cohort = await cohortOf(body.productUuid, body.cohortUuid);
      const name = (await productName(db, body.productUuid)) ?? 'your QBank';
      const outcomes = await db.transaction((tx) =>
        ingestBatch(deps, tx, {
          productId: body.productUuid,
          productName: name,
          cohortId: cohort?.id ?? null,
          actorId: actor.userId,
          users: body.users,
          now: clock.now(),
        }),
      );
      jobs.kick();
      const counts = noCounts();
      const results = body.users.map((u) => {
        const outcome = outcomes.get(u.email) ?? 'HELD';
        addCount(counts, outcome);
        return { email: u.email, outcome };
      });
      return { ...counts, results };
    },

    /**
     * POST userIngestions/products/{id}: checks the caller may enrol before the file is read (`read`), reads
     * it in a worker thread and keeps its preview and valid rows. Nothing is enrolled.
     */
    async upload(actor: Actor, productId: string, read: () => Promise<Upload>): Promise<UserIngestionFile> {
      await enrolling(actor, productId);
      const upload = await read();
      if (upload.bytes.length === 0) throw new AppError(ErrorCode.VALIDATION, 'file is empty', 'file');
      const fileName = cleanFileName(upload.fileName);
      const format = classListFormat(fileName, upload.bytes);
      if (format === 'xlsx') {
        const { verdict } = await unpackedSize(upload.bytes, CLASS_LIST_UNPACKED_MAX);
        if (verdict === 'too-large' || verdict === 'too-many-parts')
          throw new AppError(
            ErrorCode.PAYLOAD_TOO_LARGE,
            `file unpacks to more than ${CLASS_LIST_UNPACKED_MAX / 1024 / 1024} MB: no class list does`,
            'file',
          );
        if (verdict === 'unreadable')
          throw new AppError(ErrorCode.VALIDATION, 'file is not a readable Excel workbook (.xlsx)', 'file');
      }
      const answer = await readClassListOffLoop(format, upload.bytes);
      if (!answer.ok) throw new AppError(ErrorCode.VALIDATION, answer.message, 'file');
      const preview = await previewOf(productId, answer);
      const id = await db.transaction((tx) =>
        insertIngestion(
          tx,
          { productId, userId: actor.userId, fileName, preview, now: clock.now() },
          answer.read.users,
        ),
      );
      return view((await findIngestion(db, id))!);
    },

    async get(actor: Actor, id: string): Promise<UserIngestionFile> {
      return view(await managed(actor, id));
    },

    /**
     * POST userIngestions/{id}/commit: starts the job that enrols the valid rows. Refused with 409 naming
     * `cap` when the preview's new and joining students would pass the cap now (nothing is enrolled).
     */
    async commit(actor: Actor, id: string, input: IngestionCommitInput): Promise<IngestionStarted> {
      const found = await managed(actor, id);
      const cohort = await cohortOf(found.productId, input.cohortUuid);
      const started = await db.transaction(async (tx) => {
        const row = await findIngestion(tx, id, true);
        if (!row) throw noSuchFile();
        if (row.state !== 'PREVIEW')
          throw new AppError(
            ErrorCode.CONFLICT,
            row.state === 'COMMITTING'
              ? 'This class list is already being enrolled'
              : 'This class list has already been committed; upload it again to run it again',
            'id',
          );
        const joining = row.preview.counts.newUsers + row.preview.counts.joining;
        if (joining === 0 && row.preview.counts.alreadyStudents + row.preview.counts.held === 0)
          throw new AppError(ErrorCode.VALIDATION, 'The file has no row that can be enrolled', 'id');
        const seats = await seatsOf(tx, row.productId);
        if (seats.cap !== null && joining > 0 && seats.used + joining > seats.cap)
          throw capReached(seats.cap, seats.used, joining);
        const jobId = await jobs.enqueue(tx, ingestionCommitJob, { ingestionId: id });
        await updateIngestion(tx, id, clock.now(), {
          state: 'COMMITTING',
          cohortId: cohort?.id ?? null,
          jobId,
          result: noCounts(),
        });
        return { uuid: id, jobId };
      });
      jobs.kick();
      return started;
    },
  };
}
