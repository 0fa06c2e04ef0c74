import { z } from 'zod';
import { emailField, firstNameField, lastNameField } from './accounts';

// Bulk enrolment (docs/enrolment-files.md): POST useringestion with the users in the body, and the Students
// screen's class list (CSV or XLSX) uploaded, previewed (a dry run) and committed as a job.

const uuidField = (field: string) => z.uuid({ error: `${field} must be a UUID` });

/** The most users one POST useringestion takes: one transaction, answered row by row. */
export const INGESTION_MAX_USERS = 1000;
/** The largest class list file: 10,000 rows of names and addresses are well under 1 MB as CSV. */
export const INGESTION_MAX_BYTES = 5 * 1024 * 1024;
/** Rows past this many in one file are not read: split larger lists. */
export const INGESTION_MAX_ROWS = 20_000;
/** How many rows of each kind the preview lists (the counts are whole). */
export const INGESTION_ROWS_SHOWN = 200;
/** How long the set-password link of a welcome mail works (a reset link works an hour). */
export const WELCOME_LINK_DAYS = 7;

/** The columns of a class list, as the template names them. */
export const INGESTION_COLUMNS = ['email', 'first_name', 'last_name'] as const;
export type IngestionColumn = (typeof INGESTION_COLUMNS)[number];

/** One user to enrol: the same rules as registration's (the address stored lower case). */
export const ingestionUser = z.object({
  email: emailField('email'),
  firstName: firstNameField,
  lastName: lastNameField,
});
export type IngestionUser = z.infer<typeof ingestionUser>;

/**
 * POST useringestion: the product, optionally a cohort, and the users. Every row must be valid and each
 * address may come once; the first problem is named (`users.N.email`) and nothing is written.
 */
export const userIngestionInput = z.object({
  productUuid: uuidField('productUuid'),
  cohortUuid: uuidField('cohortUuid').nullish(),
  users: z
    .array(ingestionUser, { error: 'users must be a list of users' })
    .min(1, { error: 'users must hold at least one user' })
    .max(INGESTION_MAX_USERS, { error: `users must hold at most ${INGESTION_MAX_USERS} users` })
    .superRefine((users, ctx) => {
      const first = new Map<string, number>();
      users.forEach((u, i) => {
        const seen = first.get(u.email);
        if (seen === undefined) first.set(u.email, i);
        else
          ctx.addIssue({
            code: 'custom',
            message: `email ${u.email} is already at users.${seen}`,
            path: [i, 'email'],
          });
      });
    }),
});
export type UserIngestionInput = z.input<typeof userIngestionInput>;
export type UserIngestionBody = z.output<typeof userIngestionInput>;

/**
 * CREATED: a new account, mailed a link to set its password; JOINED: an existing account made a student (a
 * notice mail); ALREADY_STUDENT: nothing changed (added to the cohort when one is named); HELD: suspended or
 * removed by the instructors, left as they are.
 */
export const INGESTION_OUTCOMES = ['CREATED', 'JOINED', 'ALREADY_STUDENT', 'HELD'] as const;
export type IngestionOutcome = (typeof INGESTION_OUTCOMES)[number];

export const ingestionCounts = z.object({
  created: z.number().int(),
  joined: z.number().int(),
  alreadyStudent: z.number().int(),
  held: z.number().int(),
});
export type IngestionCounts = z.infer<typeof ingestionCounts>;

export const userIngestionResult = ingestionCounts.extend({
  results: z.array(z.object({ email: z.string(), outcome: z.enum(INGESTION_OUTCOMES) })),
});
export type UserIngestionResult = z.infer<typeof userIngestionResult>;

// ---- Files ----

export const ingestionIdParams = z.object({ id: uuidField('id') });

/** A row of the file as the preview shows it: its row number (the header is row 1), address and name. */
export const ingestionRow = z.object({
  row: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type IngestionRow = z.infer<typeof ingestionRow>;

/** A row the commit leaves out: what is wrong, in which column. */
export const ingestionIssue = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type IngestionIssue = z.infer<typeof ingestionIssue>;

/**
 * The dry run: what a commit would do now, row by row. `newUsers` get an account and a welcome mail,
 * `joining` have an account and become students, `alreadyStudents` and `held` are left as they are;
 * `duplicates` repeat an earlier row's address (that row counts), `invalid` rows are left out. Each list
 * holds the first INGESTION_ROWS_SHOWN; `counts` are whole.
 */
export const ingestionPreview = z.object({
  total: z.number().int(),
  counts: z.object({
    newUsers: z.number().int(),
    joining: z.number().int(),
    alreadyStudents: z.number().int(),
    held: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
  }),
  newUsers: z.array(ingestionRow),
  joining: z.array(ingestionRow),
  alreadyStudents: z.array(ingestionRow),
  held: z.array(ingestionRow),
  duplicates: z.array(ingestionRow.extend({ firstRow: z.number().int() })),
  invalid: z.array(ingestionIssue),
  /** Header cells that name no column, as the file spells them: ignored. */
  unknownColumns: z.array(z.string()),
});
export type IngestionPreview = z.infer<typeof ingestionPreview>;

/** PREVIEW: read, waiting for a commit; COMMITTING: the job is enrolling; DONE; FAILED (`error` says why). */
export const INGESTION_STATES = ['PREVIEW', 'COMMITTING', 'DONE', 'FAILED'] as const;
export type IngestionState = (typeof INGESTION_STATES)[number];

export const userIngestionFile = z.object({
  uuid: z.uuid(),
  productUuid: z.uuid(),
  fileName: z.string(),
  state: z.enum(INGESTION_STATES),
  cohort: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** { done, total } rows while the commit runs. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  preview: ingestionPreview,
  /** What the commit did so far (whole once DONE). */
  result: ingestionCounts.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserIngestionFile = z.infer<typeof userIngestionFile>;

/** POST userIngestions/{id}/commit: optionally a cohort every enrolled row joins. */
export const ingestionCommitInput = z.object({ cohortUuid: uuidField('cohortUuid').nullish() });
export type IngestionCommitInput = z.input<typeof ingestionCommitInput>;

export const ingestionStarted = z.object({ uuid: z.uuid(), jobId: z.number().int() });
export type IngestionStarted = z.infer<typeof ingestionStarted>;
