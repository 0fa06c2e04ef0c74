import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { TestSummary } from '@qbank/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MODE_LABELS, testName } from '../lib/test-summary';
import { TestStatusBadge } from './test-status-badge';

/**
 * The learner's open test (one per QBank), to pick up where they left it: on the dashboard, and on Start Test
 * instead of the form (`children` says why there).
 */
export function OpenTestCard({ test, children }: { test: TestSummary; children?: ReactNode }) {
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
      {children}
      <Button component={Link} to={`/tests/${test.uuid}/run`} mt="md" style={{ alignSelf: 'flex-start' }}>
        Resume
      </Button>
    </Card>
  );
}
