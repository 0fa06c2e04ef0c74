import { Button, Card, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ShellPage } from '../components/shell-page';

/** Shown instead of a page whose sidebar link the user's roles do not show (SPEC §6), saying why. */
export function NoAccessPage({ reason }: { reason: string }) {
  return (
    <ShellPage title="You don't have access to this page">
      <Card withBorder p="lg" bg="gray.0">
        <Text>{reason}</Text>
        <Button component={Link} to="/dashboard" mt="md" style={{ alignSelf: 'flex-start' }}>
          Go to Dashboard
        </Button>
      </Card>
    </ShellPage>
  );
}
