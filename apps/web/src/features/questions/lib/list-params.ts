import {
  QUESTION_PAGE_SIZE,
  type QUESTION_SORT_FIELDS,
  QUESTION_STATUSES,
  type QuestionListQuery,
  type QuestionRole,
  type QuestionStatus,
} from '@qbank/contract';

type SortField = (typeof QUESTION_SORT_FIELDS)[number];
type SortOrder = 'ASC' | 'DESC';

/** What My Questions shows, as it sits in the address (so Back from a question returns to the same page). */
export interface ListState {
  view: QuestionRole;
  /** null: every status but Deleted. */
  status: QuestionStatus | null;
  /** 1-based, as Pagination counts. */
  page: number;
  sort: `${SortField}.${SortOrder}`;
  text: string;
  subject: string | null;
  category: string | null;
  subcategory: string | null;
  author: string | null;
  /** Only questions with an item-statistics flag. */
  needsChecking?: boolean;
}

export const SORT_OPTIONS: { value: ListState['sort']; label: string }[] = [
  { value: 'updatedAt.DESC', label: 'Updated: newest first' },
  { value: 'updatedAt.ASC', label: 'Updated: oldest first' },
  { value: 'createdAt.DESC', label: 'Created: newest first' },
  { value: 'createdAt.ASC', label: 'Created: oldest first' },
  { value: 'name.ASC', label: 'Name: A–Z' },
  { value: 'name.DESC', label: 'Name: Z–A' },
  { value: 'facility.ASC', label: 'Facility: hardest first' },
  { value: 'facility.DESC', label: 'Facility: easiest first' },
  { value: 'discrimination.ASC', label: 'Discrimination: weakest first' },
  { value: 'discrimination.DESC', label: 'Discrimination: strongest first' },
  { value: 'timesAnswered.DESC', label: 'Times answered: most first' },
  { value: 'timesAnswered.ASC', label: 'Times answered: fewest first' },
];

/** The item-statistics columns a list's header sorts by, and the order a first click asks for. */
export const STAT_SORTS = {
  facility: 'ASC',
  discrimination: 'ASC',
  timesAnswered: 'DESC',
} as const satisfies Partial<Record<SortField, SortOrder>>;
export type StatSortField = keyof typeof STAT_SORTS;

/** The sort after a click on a column's header: its first order, or the other one when it already sorts. */
export function toggledSort(current: ListState['sort'], field: StatSortField): ListState['sort'] {
  const [f, o] = current.split('.') as [SortField, SortOrder];
  if (f !== field) return `${field}.${STAT_SORTS[field]}`;
  return `${field}.${o === 'ASC' ? 'DESC' : 'ASC'}`;
}

const isStatus = (s: string | null): s is QuestionStatus => QUESTION_STATUSES.includes(s as QuestionStatus);

/**
 * The list's state from the address. `views` are the caller's; an unknown view falls back to the first, and a
 * view's own default status applies when the address names none ('all' names every status).
 */
export function readListState(
  params: URLSearchParams,
  views: readonly QuestionRole[],
  defaultStatusOf: (v: QuestionRole) => QuestionStatus | null,
): ListState {
  const view = views.find((v) => v === params.get('view')) ?? views[0] ?? 'WRITER';
  const rawStatus = params.get('status');
  const status = rawStatus === 'all' ? null : isStatus(rawStatus) ? rawStatus : defaultStatusOf(view);
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const sort = SORT_OPTIONS.find((o) => o.value === params.get('sort'))?.value ?? 'updatedAt.DESC';
  return {
    view,
    status,
    page,
    sort,
    text: params.get('q') ?? '',
    subject: params.get('subject'),
    category: params.get('category'),
    subcategory: params.get('subcategory'),
    author: view === 'WRITER' ? null : params.get('author'),
    needsChecking: params.get('check') === '1',
  };
}

/** The address for a state; defaults are left out so links stay short. */
export function writeListState(s: ListState, defaultStatus: QuestionStatus | null): URLSearchParams {
  const p = new URLSearchParams();
  p.set('view', s.view);
  if (s.status !== defaultStatus) p.set('status', s.status ?? 'all');
  if (s.page > 1) p.set('page', String(s.page));
  if (s.sort !== 'updatedAt.DESC') p.set('sort', s.sort);
  if (s.text) p.set('q', s.text);
  if (s.subject) p.set('subject', s.subject);
  if (s.category) p.set('category', s.category);
  if (s.subcategory) p.set('subcategory', s.subcategory);
  if (s.author) p.set('author', s.author);
  if (s.needsChecking) p.set('check', '1');
  return p;
}

/** The list call's query for a state. */
export function listQueryOf(s: ListState): QuestionListQuery {
  const [sortField, sortOrder] = s.sort.split('.') as [SortField, SortOrder];
  const trimmed = s.text.trim();
  return {
    filterRole: s.view,
    page: s.page - 1,
    size: QUESTION_PAGE_SIZE,
    sortField,
    sortOrder,
    ...(s.status ? { status: s.status } : {}),
    ...(trimmed ? { text: trimmed } : {}),
    ...(s.subject ? { subjectUuid: s.subject } : {}),
    ...(s.category ? { categoryUuid: s.category } : {}),
    ...(s.subcategory ? { subcategoryUuid: s.subcategory } : {}),
    ...(s.author ? { authorUuid: s.author } : {}),
    ...(s.needsChecking ? { needsChecking: 'true' as const } : {}),
  };
}

export const hasFilters = (s: ListState) =>
  !!(s.text.trim() || s.subject || s.category || s.subcategory || s.author || s.needsChecking);

/**
 * My Questions' first calls for a visitor opening it at `params`: the list's query and the status counts' role,
 * as the page asks for them (the server puts their answers into the page: apps/server/src/plugins/spa.ts, through
 * app/prerender.tsx). Null when the visitor has no view of the page.
 */
export function firstListCalls(
  params: URLSearchParams,
  views: readonly QuestionRole[],
  defaultStatusOf: (v: QuestionRole) => QuestionStatus | null,
): { list: QuestionListQuery; countsRole: QuestionRole } | null {
  if (views.length === 0) return null;
  const state = readListState(params, views, defaultStatusOf);
  return { list: listQueryOf(state), countsRole: state.view };
}
