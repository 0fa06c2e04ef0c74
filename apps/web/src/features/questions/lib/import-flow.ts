import {
  type ExportFormat,
  endpointPath,
  IMPORT_STATUSES,
  type ImportState,
  importsApi,
  type QuestionRole,
  type QuestionStatus,
  queryString,
} from '@qbank/contract';
import { type ListState, writeListState } from './list-params';
import { defaultStatusOf } from './workflow';

/** An import's job is running: the screen asks again every second until the state moves on. */
export const IMPORT_POLL_MS = 1000;
export const isImportRunning = (state: ImportState | undefined) =>
  state === 'PARSING' || state === 'IMPORTING';

export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The statuses imported questions may start in for this caller: what they may create, that an import takes. */
export const importStatusesFor = (creatable: readonly QuestionStatus[]): ImportStatus[] =>
  IMPORT_STATUSES.filter((s) => creatable.includes(s));

/** How far a job is, 0–100, or null while it has not said (the bar then shows it is under way, not how far). */
export function progressPercent(progress: { done: number; total: number } | null): number | null {
  if (!progress || progress.total <= 0) return null;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

/** A tree path as people read it; an empty path files the question nowhere yet. */
export const pathLabel = (path: readonly string[]) =>
  path.length === 0 ? 'Not placed (the file names no subject)' : path.join(' › ');

/**
 * My Questions where an import's questions are: the caller's own questions (or, for an admin who does not
 * write, the whole bank) in the status they were imported with, newest first, so they lead the list. The list
 * has no filter by import; the status and the creation time come closest.
 */
export function importedListLink(views: readonly QuestionRole[], status: QuestionStatus): string {
  const view: QuestionRole = views.includes('WRITER') ? 'WRITER' : 'ADMIN';
  const state: ListState = {
    view,
    status,
    page: 1,
    sort: 'createdAt.DESC',
    text: '',
    subject: null,
    category: null,
    subcategory: null,
    author: null,
  };
  return `/questions?${writeListState(state, defaultStatusOf(view))}`;
}

/** The downloads of the import screen and My Questions: plain GETs the browser saves (the session cookie goes). */
export const downloads = {
  /** The templates of a product: their examples are filed in its own subject tree. */
  csvTemplate: (productId: string) => endpointPath(importsApi.csvTemplate.path, { id: productId }),
  xlsxTemplate: (productId: string) => endpointPath(importsApi.xlsxTemplate.path, { id: productId }),
  issues: (importId: string) => endpointPath(importsApi.issues.path, { id: importId }),
  exportBank: (productId: string, format: ExportFormat, status: QuestionStatus | null) =>
    endpointPath(importsApi.exportBank.path, { id: productId }) +
    queryString({ format, status: status ?? undefined }),
};

export const EXPORT_LABELS: Record<ExportFormat, string> = {
  'moodle-xml': 'Moodle XML (.xml)',
  qti: 'QTI 3.0 package (.zip)',
  csv: 'CSV (.csv)',
  xlsx: 'Excel (.xlsx)',
};
