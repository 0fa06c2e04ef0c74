import { Anchor, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { QuestionSummary } from '@qbank/contract';
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
import IconSelector from '@tabler/icons-react/dist/esm/icons/IconSelector.mjs';
import { Link, useLocation } from 'react-router';
import { formatTime, personName } from '../lib/format';
import { formatDiscrimination, formatFacility } from '../lib/item-stats';
import type { ListState, StatSortField } from '../lib/list-params';
import { ItemFlags } from './item-flags';
import { StatusBadge } from './status-badge';

/** What the review view is handed: the list's ids in order, so J/K can walk them, and the list to go back to. */
export interface FromList {
  ids: string[];
  listSearch: string;
}

/** A row's title: its name, or the start of its stem when it has none. */
function RowTitle({ q, state }: { q: QuestionSummary; state: FromList }) {
  return (
    <Anchor
      component={Link}
      to={`/questions/${q.uuid}`}
      state={state}
      fw={600}
      style={{ overflowWrap: 'anywhere' }}
    >
      {q.name || q.preview || 'Untitled question'}
    </Anchor>
  );
}

/** A revision in the workflow says which version learners still see (decision 0028). */
function RevisionOf({ q }: { q: QuestionSummary }) {
  if (q.publishedVersion === null || q.publishedVersion === q.version || q.status === 'DELETED') return null;
  return (
    <Text size="xs" c="dimmed">
      Revision; learners see v{q.publishedVersion}
    </Text>
  );
}

const STAT_COLUMNS: { field: StatSortField; label: string; title: string }[] = [
  { field: 'facility', label: 'Facility', title: 'Share of first attempts that were right' },
  {
    field: 'discrimination',
    label: 'Discrimination',
    title: 'Correlation of being right with the rest score',
  },
  { field: 'timesAnswered', label: 'n', title: 'Times answered first' },
];

/** A figure's column header: a button that sorts by it, its order told to assistive technology by aria-sort. */
function StatHeader({
  column,
  sort,
  onSort,
}: {
  column: (typeof STAT_COLUMNS)[number];
  sort: ListState['sort'];
  onSort: (field: StatSortField) => void;
}) {
  const [field, order] = sort.split('.');
  const active = field === column.field;
  const Icon = !active ? IconSelector : order === 'ASC' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (order === 'ASC' ? 'ascending' : 'descending') : undefined}
      style={{ textAlign: 'right', whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        onClick={() => onSort(column.field)}
        title={column.title}
        fw={600}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {column.label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** A row's figures on a phone's card: one line, and its flags. */
function StatsLine({ q }: { q: QuestionSummary }) {
  const s = q.itemStats;
  if (!s) return null;
  return (
    <Stack gap={4} mt={4}>
      <Text size="sm" c="dimmed">
        Facility {formatFacility(s.facility)} · discrimination {formatDiscrimination(s.discrimination)} · n{' '}
        {s.n}
      </Text>
      <ItemFlags flags={s.flags} />
    </Stack>
  );
}

/**
 * The questions of a page: a table on wide screens, a stack of cards on a phone (the table's columns do not fit
 * 375 px), each row opening the question's review view.
 */
export function QuestionList({
  rows,
  placementOf,
  sort,
  onSort,
}: {
  rows: QuestionSummary[];
  placementOf: (subcategoryUuid: string | null) => string | null;
  /** The list's order: the item-statistics columns sort it from their headers. */
  sort: ListState['sort'];
  onSort: (field: StatSortField) => void;
}) {
  const location = useLocation();
  const state: FromList = { ids: rows.map((r) => r.uuid), listSearch: location.search };
  return (
    <>
      <Table.ScrollContainer minWidth={960} visibleFrom="sm" type="native">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Author</Table.Th>
              <Table.Th>Placement</Table.Th>
              <Table.Th>Updated</Table.Th>
              {STAT_COLUMNS.map((c) => (
                <StatHeader key={c.field} column={c} sort={sort} onSort={onSort} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((q) => (
              <Table.Tr key={q.uuid}>
                <Table.Td maw={360}>
                  <RowTitle q={q} state={state} />
                  {q.name && q.preview && (
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {q.preview}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={q.status} />
                  <RevisionOf q={q} />
                </Table.Td>
                <Table.Td>{personName(q.author)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{placementOf(q.subcategoryUuid) ?? 'Not placed'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" component="time" dateTime={q.updatedAt} style={{ whiteSpace: 'nowrap' }}>
                    {formatTime(q.updatedAt)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{q.itemStats ? formatFacility(q.itemStats.facility) : '—'}</Text>
                  {q.itemStats && q.itemStats.flags.length > 0 && (
                    <Group justify="flex-end" mt={4}>
                      <ItemFlags flags={q.itemStats.flags} />
                    </Group>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">
                    {q.itemStats ? formatDiscrimination(q.itemStats.discrimination) : '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{q.itemStats?.n ?? 0}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((q) => (
          <Paper component="li" key={q.uuid} withBorder p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <RowTitle q={q} state={state} />
              <StatusBadge status={q.status} />
            </Group>
            <RevisionOf q={q} />
            <Text size="sm" c="dimmed" mt={4}>
              {personName(q.author)} · updated <time dateTime={q.updatedAt}>{formatTime(q.updatedAt)}</time>
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {placementOf(q.subcategoryUuid) ?? 'Not placed'}
            </Text>
            <StatsLine q={q} />
          </Paper>
        ))}
      </Stack>
    </>
  );
}
