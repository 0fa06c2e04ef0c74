import { Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TestSummary } from '@qbank/contract';
import { Link } from 'react-router';
import { TestStatusBadge } from '../../../components/test-status-badge';
import { formatTime, MODE_LABELS, scoreLabel, testAction, testName } from '../../../lib/test-summary';

/** Resume an open test, review a completed one; the test's name makes each button's name unique. */
function ActionButton({ test }: { test: TestSummary }) {
  const action = testAction(test);
  return (
    <Button
      component={Link}
      to={action.to}
      size="xs"
      variant={action.label === 'Resume' ? 'filled' : 'default'}
      aria-label={`${action.label} ${testName(test)}`}
    >
      {action.label}
    </Button>
  );
}

const When = ({ iso }: { iso: string }) => (
  <time dateTime={iso} style={{ whiteSpace: 'nowrap' }}>
    {formatTime(iso)}
  </time>
);

/**
 * A page of My Tests: a table on wide screens, a stack of cards on a phone (the table's columns do not fit
 * 375 px).
 */
export function MyTestsList({ rows }: { rows: TestSummary[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm" type="native">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Mode</Table.Th>
              <Table.Th ta="right">Questions</Table.Th>
              <Table.Th ta="right">Score</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((t) => (
              <Table.Tr key={t.uuid}>
                <Table.Td>
                  <Text size="sm">
                    <When iso={t.createdAt} />
                  </Text>
                </Table.Td>
                <Table.Td maw={280} style={{ overflowWrap: 'anywhere' }}>
                  {testName(t)}
                </Table.Td>
                <Table.Td>{MODE_LABELS[t.mode]}</Table.Td>
                <Table.Td ta="right">{t.numQuestions}</Table.Td>
                <Table.Td ta="right">{scoreLabel(t)}</Table.Td>
                <Table.Td>
                  <TestStatusBadge status={t.status} />
                </Table.Td>
                <Table.Td>
                  <ActionButton test={t} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((t) => (
          <Paper component="li" key={t.uuid} withBorder p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {testName(t)}
              </Text>
              <TestStatusBadge status={t.status} />
            </Group>
            <Text size="sm" c="gray.7" mt={4}>
              <When iso={t.createdAt} /> · {MODE_LABELS[t.mode]} · {t.numQuestions} questions
            </Text>
            <Group justify="space-between" align="center" mt="xs">
              <Text size="sm">Score: {scoreLabel(t)}</Text>
              <ActionButton test={t} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
