import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { QuestionSummary } from '@qbank/contract';
import { Link, useLocation } from 'react-router';
import { formatTime, personName } from '../lib/format';
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

/**
 * The questions of a page: a table on wide screens, a stack of cards on a phone (the table's columns do not fit
 * 375 px), each row opening the question's review view.
 */
export function QuestionList({
  rows,
  placementOf,
}: {
  rows: QuestionSummary[];
  placementOf: (subcategoryUuid: string | null) => string | null;
}) {
  const location = useLocation();
  const state: FromList = { ids: rows.map((r) => r.uuid), listSearch: location.search };
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm" type="native">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Author</Table.Th>
              <Table.Th>Placement</Table.Th>
              <Table.Th>Updated</Table.Th>
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
          </Paper>
        ))}
      </Stack>
    </>
  );
}
