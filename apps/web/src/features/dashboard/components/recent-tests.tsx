import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TestSummary } from '@qbank/contract';
import { Link } from 'react-router';
import { TestStatusBadge } from '../../../components/test-status-badge';
import { formatTime, scoreLabel, testAction, testName } from '../../../lib/test-summary';

/** The learner's latest tests, each to review or resume, and the way to all of them. */
export function RecentTests({ tests }: { tests: TestSummary[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="dashboard-recent">
      <Group justify="space-between" align="center" mb="sm">
        <Title order={3} size="h5" id="dashboard-recent">
          Recent tests
        </Title>
        <Anchor component={Link} to="/tests" size="sm">
          All my tests
        </Anchor>
      </Group>
      {tests.length === 0 ? (
        <Text size="sm" c="gray.7">
          Your tests appear here.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {tests.map((t) => {
            const action = testAction(t);
            return (
              <Group component="li" key={t.uuid} justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {testName(t)}
                  </Text>
                  <Text size="xs" c="gray.7">
                    <time dateTime={t.createdAt}>{formatTime(t.createdAt)}</time> · Score {scoreLabel(t)}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  {t.status !== 'COMPLETED' && <TestStatusBadge status={t.status} />}
                  <Button
                    component={Link}
                    to={action.to}
                    size="xs"
                    variant="default"
                    aria-label={`${action.label} ${testName(t)}`}
                  >
                    {action.label}
                  </Button>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
