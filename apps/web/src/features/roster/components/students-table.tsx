import {
  Anchor,
  Badge,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { RosterSortField, RosterStudent, SortOrder } from '@qbank/contract';
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
import IconSelector from '@tabler/icons-react/dist/esm/icons/IconSelector.mjs';
import { Link } from 'react-router';
import {
  ACCESS_BADGES,
  cohortNames,
  lastActive,
  PLAN_LABELS,
  percentCorrect,
  studentName,
} from '../lib/format';

interface Column {
  field: RosterSortField;
  label: string;
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { field: 'name', label: 'Name' },
  { field: 'email', label: 'E-mail' },
  { field: 'plan', label: 'Plan' },
  { field: 'questionsUsed', label: 'Questions used', numeric: true },
  { field: 'percentCorrect', label: 'Correct', numeric: true },
  { field: 'testsTaken', label: 'Tests', numeric: true },
  { field: 'lastActiveAt', label: 'Last active' },
  { field: 'cohorts', label: 'Cohorts' },
];

/** A badge as wide as its words, never cut by a narrow cell. */
const badgeStyle = { flexShrink: 0, minWidth: 'max-content', overflow: 'visible' } as const;

function PlanBadge({ s }: { s: RosterStudent }) {
  return (
    <Group gap={4} wrap="nowrap">
      {/* Dark shades, so the white word reads at WCAG AA on any row; the word says the plan. */}
      <Badge
        color={s.plan === 'BASIC' ? 'gray.7' : s.plan === 'PREMIUM' ? 'teal.9' : 'brand.7'}
        style={badgeStyle}
      >
        {PLAN_LABELS[s.plan]}
      </Badge>
      {ACCESS_BADGES[s.access] && (
        <Badge color="red.9" style={badgeStyle}>
          {ACCESS_BADGES[s.access]}
        </Badge>
      )}
    </Group>
  );
}

/** The student's name, opening their page. */
function StudentLink({ s }: { s: RosterStudent }) {
  return (
    <Anchor component={Link} to={`/roster/${s.userUuid}`} fw={600}>
      {studentName(s)}
    </Anchor>
  );
}

/** A column's header: a button that sorts by it, its state told by aria-sort on the header cell. */
function SortHeader({
  column,
  sortField,
  sortOrder,
  onSort,
}: {
  column: Column;
  sortField: RosterSortField;
  sortOrder: SortOrder;
  onSort: (field: RosterSortField) => void;
}) {
  const sorted = sortField === column.field;
  const Icon = !sorted ? IconSelector : sortOrder === 'ASC' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={sorted ? (sortOrder === 'ASC' ? 'ascending' : 'descending') : undefined}
      style={{ textAlign: column.numeric ? 'right' : undefined, whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        onClick={() => onSort(column.field)}
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

/**
 * The students of a page: a table with sortable columns on wide screens, a stack of cards on a phone (seven
 * columns do not fit 375 px; the sort is then the page's "Sort by").
 */
export function StudentsTable({
  rows,
  sortField,
  sortOrder,
  onSort,
  selected,
  onSelect,
}: {
  rows: RosterStudent[];
  sortField: RosterSortField;
  sortOrder: SortOrder;
  onSort: (field: RosterSortField) => void;
  /** The students ticked for a cohort change, by user id. */
  selected: ReadonlySet<string>;
  onSelect: (userIds: string[], on: boolean) => void;
}) {
  const all = rows.length > 0 && rows.every((s) => selected.has(s.userUuid));
  const some = rows.some((s) => selected.has(s.userUuid));
  const tick = (s: RosterStudent) => (
    <Checkbox
      aria-label={`Select ${studentName(s)}`}
      checked={selected.has(s.userUuid)}
      onChange={(e) => onSelect([s.userUuid], e.currentTarget.checked)}
    />
  );
  return (
    <>
      <Table.ScrollContainer minWidth={960} visibleFrom="md" type="native">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select every student on this page"
                  checked={all}
                  indeterminate={some && !all}
                  onChange={(e) =>
                    onSelect(
                      rows.map((s) => s.userUuid),
                      e.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
              {COLUMNS.map((c) => (
                <SortHeader
                  key={c.field}
                  column={c}
                  sortField={sortField}
                  sortOrder={sortOrder}
                  onSort={onSort}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.userUuid}>
                <Table.Td>{tick(s)}</Table.Td>
                <Table.Td>
                  <StudentLink s={s} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.emailAddress}</Table.Td>
                <Table.Td>
                  <PlanBadge s={s} />
                </Table.Td>
                <Table.Td ta="right">{s.questionsUsed}</Table.Td>
                <Table.Td ta="right">{percentCorrect(s)}</Table.Td>
                <Table.Td ta="right">{s.testsTaken}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastActive(s)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{cohortNames(s)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((s) => (
          <Paper component="li" key={s.userUuid} withBorder p="sm">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Group gap="xs" wrap="nowrap">
                {tick(s)}
                <StudentLink s={s} />
              </Group>
              <PlanBadge s={s} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {s.emailAddress}
            </Text>
            <SimpleGrid cols={2} spacing={4} mt="xs" component="dl" style={{ margin: 0 }}>
              {[
                ['Questions used', String(s.questionsUsed)],
                ['Correct', percentCorrect(s)],
                ['Tests', String(s.testsTaken)],
                ['Last active', lastActive(s)],
                ['Cohorts', cohortNames(s)],
              ].map(([term, value]) => (
                <div key={term}>
                  <Text component="dt" size="xs" c="dimmed">
                    {term}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
