import {
  Button,
  Container,
  Group,
  Menu,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  activeSubscription,
  ROSTER_PAGE_SIZE,
  ROSTER_PLANS,
  ROSTER_SORT_FIELDS,
  type RosterExportFormat,
  type RosterSortField,
  type StudentAccessAction,
} from '@qbank/contract';
import IconChartBar from '@tabler/icons-react/dist/esm/icons/IconChartBar.mjs';
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import IconUserPlus from '@tabler/icons-react/dist/esm/icons/IconUserPlus.mjs';
import IconUsersGroup from '@tabler/icons-react/dist/esm/icons/IconUsersGroup.mjs';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useLatestSearchParams } from '../../../lib/latest-search-params';
import { useAuth } from '../../accounts/api/auth';
import { useSeats } from '../../enrolment/api/enrolment';
import { useCohortMembers, useCohorts } from '../api/cohorts';
import { studentsExportUrl, useStudents } from '../api/students';
import { AccessDialog } from '../components/access-dialog';
import { CohortsDialog } from '../components/cohorts-dialog';
import { StudentsTable } from '../components/students-table';
import { UploadClassList } from '../components/upload-class-list';
import { PLAN_LABELS } from '../lib/format';
import {
  filtersOf,
  hasFilters,
  nextSort,
  type RosterState,
  readRosterState,
  textual,
  writeRosterState,
} from '../lib/roster-params';

/** The search waits for a pause in typing before it asks the server. */
const SEARCH_DEBOUNCE_MS = 350;
const ANY = 'any';

const SORT_LABELS: Record<RosterSortField, string> = {
  name: 'Name',
  email: 'E-mail',
  plan: 'Plan',
  questionsUsed: 'Questions used',
  percentCorrect: 'Percent correct',
  testsTaken: 'Tests taken',
  lastActiveAt: 'Last active',
  cohorts: 'Cohorts',
};
const SORT_OPTIONS = ROSTER_SORT_FIELDS.flatMap((f) => [
  {
    value: `${f}:ASC`,
    label: `${SORT_LABELS[f]}, ${textual(f) ? 'A to Z' : 'lowest first'}`,
  },
  {
    value: `${f}:DESC`,
    label: `${SORT_LABELS[f]}, ${textual(f) ? 'Z to A' : 'highest first'}`,
  },
]).map((o) =>
  o.value === 'lastActiveAt:ASC'
    ? { ...o, label: 'Last active, longest ago first' }
    : o.value === 'lastActiveAt:DESC'
      ? { ...o, label: 'Last active, most recent first' }
      : o,
);

const INACTIVE_OPTIONS = [
  { value: ANY, label: 'Any time' },
  { value: '7', label: 'Inactive for 7 days or more' },
  { value: '14', label: 'Inactive for 14 days or more' },
  { value: '30', label: 'Inactive for 30 days or more' },
  { value: '90', label: 'Inactive for 90 days or more' },
];
const ACCESS_OPTIONS = [
  { value: 'ACTIVE', label: 'With access' },
  { value: 'ENDED', label: 'Access ended' },
  { value: 'SUSPENDED', label: 'Suspended' },
  { value: 'REMOVED', label: 'Removed' },
  { value: 'ALL', label: 'Everyone but the removed' },
];
const EXPORT_LABELS: Record<RosterExportFormat, string> = { csv: 'CSV (.csv)', xlsx: 'Excel (.xlsx)' };

function TableSkeleton() {
  return (
    <Stack gap="sm">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** Seats used against the plan's included ones (the enrol page has the whole picture and the cap). */
function SeatsLine({ productId }: { productId: string }) {
  const seats = useSeats(productId);
  if (!seats.data) return null; // a line beside the heading: nothing until it is known
  const s = seats.data;
  return (
    <Text size="sm" c="gray.7">
      Seats: {s.used.toLocaleString('en-US')} of {s.included} included
      {s.extra > 0 ? ` · ${s.extra} extra billed this month` : ''}
      {s.cap !== null ? ` · capped at ${s.cap}` : ''}
    </Text>
  );
}

/** /roster: the active QBank's students with their figures, searched, filtered, sorted, paged and exported. */
export function StudentsPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const productId = active?.product.uuid ?? '';
  const [params, setParams] = useLatestSearchParams();
  const state = readRosterState(params);
  // From the address as it stands: a filter picked while the search is being written keeps the search.
  const update = (change: Partial<RosterState>) =>
    setParams((latest) => writeRosterState({ ...readRosterState(latest), page: 1, ...change }), {
      replace: !('page' in change),
    });

  // The box types freely; the address (and the call) follows once typing pauses.
  const [search, setSearch] = useState(state.search);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const lastApplied = useRef(state.search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new pause in typing applies the term
  useEffect(() => {
    if (debounced === lastApplied.current) return;
    lastApplied.current = debounced;
    update({ search: debounced });
  }, [debounced]);

  const filters = filtersOf(state);
  const list = useStudents(productId, { ...filters, page: state.page - 1, size: ROSTER_PAGE_SIZE });
  const page = list.data;
  const rows = page?.content ?? [];
  const filtered = hasFilters(state);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const cohorts = useCohorts(productId);
  const cohortList = cohorts.data ?? [];
  const [cohortsOpen, setCohortsOpen] = useState(false);
  // The students ticked for a cohort change: kept across pages and filters until the change is made.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  const members = useCohortMembers();
  const [announce, setAnnounce] = useState('');
  const changeMembers = (cohortId: string, remove: boolean) => {
    const cohort = cohortList.find((c) => c.uuid === cohortId);
    if (!cohort || selected.size === 0) return;
    members.mutate(
      { id: cohortId, userUuids: [...selected], remove },
      {
        onSuccess: ({ changed }) => {
          setSelected(new Set());
          const n = changed === 1 ? '1 student' : `${changed} students`;
          setAnnounce(remove ? `${n} taken out of ${cohort.name}` : `${n} added to ${cohort.name}`);
        },
        onError: (e) =>
          notifyError(
            remove
              ? `The students could not leave ${cohort.name}`
              : `The students could not join ${cohort.name}`,
            e,
          ),
      },
    );
  };
  const filterCohort = cohortList.find((c) => c.uuid === state.cohort);
  const [accessAction, setAccessAction] = useState<StudentAccessAction | null>(null);

  if (!user || !active) return null;

  const clearFilters = () => {
    setSearch('');
    lastApplied.current = '';
    update({ search: '', plan: null, cohort: null, inactiveDays: null });
  };

  return (
    <Container size="xl" py="xl">
      <PageTitle name="Students" />
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <div>
            <Title order={1}>Students</Title>
            <Text c="dimmed" size="sm">
              {active.product.name}
            </Text>
            <SeatsLine productId={productId} />
          </div>
          <Group gap="sm">
            <Button component={Link} to="/roster/enrol" leftSection={<IconUserPlus size={16} aria-hidden />}>
              Enrol students
            </Button>
            <UploadClassList productId={productId} />
            <Button
              component={Link}
              to="/roster/performance"
              variant="default"
              leftSection={<IconChartBar size={16} aria-hidden />}
            >
              Performance
            </Button>
            <Button
              variant="default"
              leftSection={<IconUsersGroup size={16} aria-hidden />}
              onClick={() => setCohortsOpen(true)}
            >
              Manage cohorts
            </Button>
            <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  Export
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>The students listed, as</Menu.Label>
                {(['csv', 'xlsx'] as const).map((f) => (
                  <Menu.Item key={f} component="a" href={studentsExportUrl(productId, f, filters)} download>
                    {EXPORT_LABELS[f]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <CohortsDialog productId={productId} opened={cohortsOpen} onClose={() => setCohortsOpen(false)} />
        <AccessDialog
          productId={productId}
          action={accessAction}
          userUuids={[...selected]}
          onClose={() => setAccessAction(null)}
          onDone={(message) => {
            setSelected(new Set());
            setAnnounce(message);
          }}
        />
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          maw={{ sm: 480 }}
        />
        {/* On a phone the filters fold away behind a button, so the list starts near the top. */}
        <Button
          hiddenFrom="sm"
          variant="default"
          aria-expanded={filtersOpen}
          aria-controls="student-filters"
          onClick={() => setFiltersOpen((o) => !o)}
          style={{ alignSelf: 'flex-start' }}
        >
          {filtersOpen ? 'Hide filters and sorting' : 'Filters and sorting'}
        </Button>
        <SimpleGrid
          id="student-filters"
          cols={{ base: 1, sm: 2, md: 5 }}
          spacing="sm"
          display={{ base: filtersOpen ? 'grid' : 'none', sm: 'grid' }}
        >
          <Select
            label="Plan"
            data={[
              { value: ANY, label: 'Any plan' },
              ...ROSTER_PLANS.map((p) => ({ value: p, label: PLAN_LABELS[p] })),
            ]}
            value={state.plan ?? ANY}
            allowDeselect={false}
            onChange={(v) => update({ plan: v && v !== ANY ? (v as RosterState['plan']) : null })}
          />
          <Select
            label="Cohort"
            data={[
              { value: ANY, label: 'Any cohort' },
              ...cohortList.map((c) => ({ value: c.uuid, label: c.name })),
              // A cohort named by the address that the list does not hold (archived, or still loading).
              ...(state.cohort && !filterCohort ? [{ value: state.cohort, label: 'Chosen cohort' }] : []),
            ]}
            value={state.cohort ?? ANY}
            allowDeselect={false}
            onChange={(v) => update({ cohort: v && v !== ANY ? v : null })}
          />
          <Select
            label="Access"
            data={ACCESS_OPTIONS}
            value={state.status}
            allowDeselect={false}
            onChange={(v) => v && update({ status: v as RosterState['status'] })}
          />
          <Select
            label="Activity"
            data={
              state.inactiveDays === null ||
              INACTIVE_OPTIONS.some((o) => o.value === String(state.inactiveDays))
                ? INACTIVE_OPTIONS
                : [
                    ...INACTIVE_OPTIONS,
                    {
                      value: String(state.inactiveDays),
                      label: `Inactive for ${state.inactiveDays} days or more`,
                    },
                  ]
            }
            value={state.inactiveDays === null ? ANY : String(state.inactiveDays)}
            allowDeselect={false}
            onChange={(v) => update({ inactiveDays: v && v !== ANY ? Number(v) : null })}
          />
          <Select
            label="Sort by"
            data={SORT_OPTIONS}
            value={`${state.sortField}:${state.sortOrder}`}
            allowDeselect={false}
            onChange={(v) => {
              if (!v) return;
              const [sortField, sortOrder] = v.split(':') as [
                RosterState['sortField'],
                RosterState['sortOrder'],
              ];
              update({ sortField, sortOrder });
            }}
          />
        </SimpleGrid>
        {selected.size > 0 && (
          <Group
            gap="sm"
            p="sm"
            bg="var(--mantine-color-gray-light)"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text fw={600} size="sm">
              {selected.size === 1 ? '1 student selected' : `${selected.size} students selected`}
            </Text>
            <Menu withinPortal={false} withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <Button
                  size="compact-sm"
                  loading={members.isPending}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  Add to cohort
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {cohortList.length === 0 ? (
                  <Menu.Item onClick={() => setCohortsOpen(true)}>Create a cohort first</Menu.Item>
                ) : (
                  cohortList.map((c) => (
                    <Menu.Item key={c.uuid} onClick={() => changeMembers(c.uuid, false)}>
                      {c.name}
                    </Menu.Item>
                  ))
                )}
              </Menu.Dropdown>
            </Menu>
            {filterCohort && (
              <Button
                size="compact-sm"
                variant="default"
                loading={members.isPending}
                onClick={() => changeMembers(filterCohort.uuid, true)}
              >
                Remove from {filterCohort.name}
              </Button>
            )}
            <Menu withinPortal={false} withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <Button
                  size="compact-sm"
                  variant="default"
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  Access
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setAccessAction('SUSPEND')}>Suspend…</Menu.Item>
                <Menu.Item onClick={() => setAccessAction('REMOVE')}>Remove…</Menu.Item>
                <Menu.Item onClick={() => setAccessAction('RESTORE')}>Restore…</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button size="compact-sm" variant="subtle" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </Group>
        )}
        <Text
          size="sm"
          role="status"
          aria-live="polite"
          style={
            announce
              ? undefined
              : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }
          }
        >
          {announce}
        </Text>
        <QueryState
          query={list}
          label="Loading students"
          skeleton={<TableSkeleton />}
          errorTitle="The students could not be loaded"
          errorText="Check your connection and try again."
          empty={{
            when: (p) => p.content.length === 0,
            title:
              filtered || state.status !== 'ACTIVE' ? 'No students match these filters' : 'No students yet',
            message:
              filtered || state.status !== 'ACTIVE'
                ? 'Try fewer filters or another search word.'
                : 'Students appear here as they subscribe to this QBank.',
            action: filtered && (
              <Button variant="default" mt="md" style={{ alignSelf: 'flex-start' }} onClick={clearFilters}>
                Clear filters
              </Button>
            ),
          }}
        >
          {(p) => (
            <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
              <Text size="sm" c="dimmed" role="status">
                {p.totalElements === 1
                  ? '1 student'
                  : `Students ${p.page * p.size + 1}–${p.page * p.size + rows.length} of ${p.totalElements.toLocaleString('en-US')}`}
              </Text>
              <StudentsTable
                rows={p.content}
                sortField={state.sortField}
                sortOrder={state.sortOrder}
                onSort={(field) => update(nextSort(state, field))}
                selected={selected}
                onSelect={select}
              />
              {p.totalPages > 1 && (
                <Pagination
                  total={p.totalPages}
                  value={state.page}
                  onChange={(n) => update({ page: n })}
                  siblings={1}
                  boundaries={1}
                  size="sm"
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                  aria-label="Pages"
                />
              )}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
