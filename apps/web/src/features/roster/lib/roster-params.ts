import {
  ROSTER_INACTIVE_DAYS_MAX,
  ROSTER_PLANS,
  ROSTER_SORT_FIELDS,
  ROSTER_STATUSES,
  type RosterPlan,
  type RosterQuery,
  type RosterSortField,
  type RosterStatus,
  type SortOrder,
} from '@qbank/contract';

/** The Students screen's state, kept in the address so a link or a reload shows the same list. */
export interface RosterState {
  search: string;
  plan: RosterPlan | null;
  /** Only the members of this cohort. */
  cohort: string | null;
  status: RosterStatus;
  /** Only students inactive for at least this many days. */
  inactiveDays: number | null;
  sortField: RosterSortField;
  sortOrder: SortOrder;
  /** From 1, as people count pages. */
  page: number;
}

export const DEFAULT_STATE: RosterState = {
  search: '',
  plan: null,
  cohort: null,
  status: 'ACTIVE',
  inactiveDays: null,
  sortField: 'name',
  sortOrder: 'ASC',
  page: 1,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | null =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : null;

/** The state an address holds; anything unknown or out of range reads as the default. */
export function readRosterState(params: URLSearchParams): RosterState {
  const days = Number(params.get('inactive'));
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    plan: oneOf(ROSTER_PLANS, params.get('plan')),
    cohort: UUID.test(params.get('cohort') ?? '') ? params.get('cohort') : null,
    status: oneOf(ROSTER_STATUSES, params.get('status')) ?? DEFAULT_STATE.status,
    inactiveDays: Number.isInteger(days) && days >= 1 && days <= ROSTER_INACTIVE_DAYS_MAX ? days : null,
    sortField: oneOf(ROSTER_SORT_FIELDS, params.get('sort')) ?? DEFAULT_STATE.sortField,
    sortOrder: params.get('order') === 'DESC' ? 'DESC' : 'ASC',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a state: only what differs from the default. */
export function writeRosterState(s: RosterState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.search) p.set('q', s.search);
  if (s.plan) p.set('plan', s.plan);
  if (s.cohort) p.set('cohort', s.cohort);
  if (s.status !== DEFAULT_STATE.status) p.set('status', s.status);
  if (s.inactiveDays !== null) p.set('inactive', String(s.inactiveDays));
  if (s.sortField !== DEFAULT_STATE.sortField) p.set('sort', s.sortField);
  if (s.sortOrder !== DEFAULT_STATE.sortOrder) p.set('order', s.sortOrder);
  if (s.page !== 1) p.set('page', String(s.page));
  return p;
}

/** The filters and order as the API takes them (the export takes the same). */
export const filtersOf = (s: RosterState): Omit<RosterQuery, 'page' | 'size'> => ({
  search: s.search.trim() || undefined,
  plan: s.plan ?? undefined,
  cohortUuid: s.cohort ?? undefined,
  status: s.status,
  inactiveDays: s.inactiveDays ?? undefined,
  sortField: s.sortField,
  sortOrder: s.sortOrder,
});

/** Whether anything narrows the list beyond who has access. */
export const hasFilters = (s: RosterState) =>
  !!s.search.trim() || s.plan !== null || s.cohort !== null || s.inactiveDays !== null;

/**
 * The order a column's header sets when clicked: the other way round when the list is already sorted by it;
 * otherwise names and e-mails A to Z, figures highest (and most recent) first.
 */
/** Columns of words sort A to Z first; figures highest first. */
export const textual = (field: RosterSortField) =>
  field === 'name' || field === 'email' || field === 'plan' || field === 'cohorts';

export function nextSort(
  s: RosterState,
  field: RosterSortField,
): Pick<RosterState, 'sortField' | 'sortOrder'> {
  if (s.sortField === field) return { sortField: field, sortOrder: s.sortOrder === 'ASC' ? 'DESC' : 'ASC' };
  return { sortField: field, sortOrder: textual(field) ? 'ASC' : 'DESC' };
}
