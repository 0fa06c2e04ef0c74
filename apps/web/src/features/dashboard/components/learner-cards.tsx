import { Button, Card, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

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
