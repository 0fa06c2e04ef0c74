import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { TestSummary } from '@qbank/contract';
import { Link } from 'react-router';
import { TestStatusBadge } from '../../../components/test-status-badge';
import { MODE_LABELS, testName } from '../../../lib/test-summary';

/** The learner's open test, to pick up where they left it. */
export function OpenTestCard({ test }: { test: TestSummary }) {
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
      <Button component={Link} to={`/tests/${test.uuid}/run`} mt="md" style={{ alignSelf: 'flex-start' }}>
        Resume
      </Button>
    </Card>
  );
}

/** A learner who has not taken a test yet: what the dashboard will show, and the way to begin. */
export function FirstTestCard({ productName, total }: { productName: string; total: number }) {
  return (
    <Card withBorder p="lg" bg="gray.0">
      <Title order={3} size="h4">
        Take your first test
      </Title>
      <Text mt="xs">
        {total > 0
          ? `${total} ${total === 1 ? 'question is' : 'questions are'} waiting for you in ${productName}.`
          : `${productName} has no questions for you yet.`}{' '}
        Choose subjects and a mode: tutor to learn as you go, timed to rehearse the exam. Your questions used,
        percent correct and performance by subject appear here as you answer.
      </Text>
      <Button component={Link} to="/tests/create" mt="md" style={{ alignSelf: 'flex-start' }}>
        Start Test
      </Button>
    </Card>
  );
}
