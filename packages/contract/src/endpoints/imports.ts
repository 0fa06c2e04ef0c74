import {
  exportQuery,
  IMPORT_MAX_BYTES,
  importCommitInput,
  importIdParams,
  importStarted,
  questionImport,
} from '../imports';
import { productIdParams } from '../store';
import { endpoint } from './endpoint';

/** Bulk import and export of a product's questions (docs/question-import.md). */
export const importsApi = {
  upload: endpoint({
    method: 'POST',
    path: '/api/v2/questionImports/products/:id',
    summary:
      'Upload a question file (Moodle XML, GIFT, Aiken, CSV, XLSX or a QTI 3.0 package) and start reading it into a preview',
    tags: ['questions'],
    access: 'user',
    params: productIdParams,
    bodyType: 'multipart',
    upload: { field: 'file', maxBytes: IMPORT_MAX_BYTES },
    response: importStarted,
    status: 202,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v2/questionImports/:id',
    summary: "An import's state and progress, its preview (counts, tree paths, the first issues) and result",
    tags: ['questions'],
    access: 'user',
    params: importIdParams,
    response: questionImport,
  }),
  issues: endpoint({
    method: 'GET',
    path: '/api/v2/questionImports/:id/issues.csv',
    summary: "Every issue of an import's preview as a CSV download (line, field, message)",
    tags: ['questions'],
    access: 'user',
    params: importIdParams,
  }),
  commit: endpoint({
    method: 'POST',
    path: '/api/v2/questionImports/:id/commit',
    summary:
      'Import the previewed questions in a status (refused while some are invalid, unless onlyValid is set)',
    tags: ['questions'],
    access: 'user',
    params: importIdParams,
    body: importCommitInput,
    response: importStarted,
    status: 202,
  }),
  csvTemplate: endpoint({
    method: 'GET',
    path: '/api/v2/questionImports/products/:id/template.csv',
    summary:
      "A CSV to fill in for a product: the column header and two example questions filed in the product's tree",
    tags: ['questions'],
    access: 'user',
    params: productIdParams,
  }),
  xlsxTemplate: endpoint({
    method: 'GET',
    path: '/api/v2/questionImports/products/:id/template.xlsx',
    summary:
      "An Excel workbook to fill in for a product: the column header and two example questions filed in the product's tree",
    tags: ['questions'],
    access: 'user',
    params: productIdParams,
  }),
  exportBank: endpoint({
    method: 'GET',
    path: '/api/v2/questions/products/:id/export',
    summary:
      "Download a product's questions (a writer's own; all for auditors and admins) as Moodle XML, a QTI 3.0 package, CSV or XLSX",
    tags: ['questions'],
    access: 'user',
    params: productIdParams,
    query: exportQuery,
  }),
};
