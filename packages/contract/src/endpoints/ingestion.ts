import {
  INGESTION_MAX_BYTES,
  ingestionCommitInput,
  ingestionIdParams,
  ingestionStarted,
  userIngestionFile,
  userIngestionInput,
  userIngestionResult,
} from '../ingestion';
import { productIdParams } from '../store';
import { endpoint } from './endpoint';

/** Bulk enrolment (docs/enrolment-files.md): users in a body, or a class list file previewed then committed. */
export const ingestionApi = {
  ingest: endpoint({
    method: 'POST',
    path: '/api/v2/useringestion',
    summary:
      'Enrol users as students of a product (optionally into a cohort): missing accounts are created (students only, mailed a link to set a password), existing ones join; the same body again changes nothing',
    tags: ['enrolment'],
    access: 'user',
    body: userIngestionInput,
    response: userIngestionResult,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/v2/userIngestions/products/:id',
    summary:
      'Upload a class list (CSV or XLSX with the columns email, first_name, last_name) and answer its dry run: who would be created, who joins, who is already a student, duplicates and invalid rows',
    tags: ['enrolment'],
    access: 'user',
    params: productIdParams,
    bodyType: 'multipart',
    upload: { field: 'file', maxBytes: INGESTION_MAX_BYTES },
    response: userIngestionFile,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v2/userIngestions/:id',
    summary: "A class list's preview, the commit's progress and its result",
    tags: ['enrolment'],
    access: 'user',
    params: ingestionIdParams,
    response: userIngestionFile,
  }),
  commit: endpoint({
    method: 'POST',
    path: '/api/v2/userIngestions/:id/commit',
    summary: "Enrol the previewed class list's valid rows (optionally into a cohort) in a background job",
    tags: ['enrolment'],
    access: 'user',
    params: ingestionIdParams,
    body: ingestionCommitInput,
    response: ingestionStarted,
    status: 202,
  }),
};
