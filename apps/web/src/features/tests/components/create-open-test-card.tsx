import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { TestSummary } from '@qbank/contract';
import { Link } from 'react-router';
import { TestStatusBadge } from '../../../components/test-status-badge';
import { MODE_LABELS, testName } from '../../../lib/test-summary';

/** Start Test while a test is open: one open test per QBank, so the way on is to resume it. */
export function CreateOpenTestCard({ test }: { test: TestSummary }) {
  return (
    <Card withBorder p="lg">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} size="h3">
          You have a test in progress
        </Title>
        <TestStatusBadge status={test.status} />
      </Group>
      <Text mt="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {testName(test)}
      </Text>
      <Text size="sm" c="gray.7">
        {MODE_LABELS[test.mode]} mode · {test.answered} of {test.numQuestions} answered
      </Text>
      <Text mt="sm">Finish it, or end it from its screen, before you start another test in this QBank.</Text>
      <Button component={Link} to={`/tests/${test.uuid}/run`} mt="md">
        Resume
      </Button>
    </Card>
  );
}
