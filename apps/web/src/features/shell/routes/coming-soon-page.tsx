import { Button, Card, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { ShellPage } from '../components/shell-page';

/** An honest placeholder for a sidebar destination whose screen a later release builds; styled as the dashboard's. */
export function ComingSoonPage({ title, what }: { title: string; what: string }) {
  return (
    <ShellPage title={title}>
      <PageTitle name={title} />
      <Card withBorder p="lg" bg="gray.0">
        <Title order={2} size="h3">
          Coming soon
        </Title>
        <Text mt="xs">{what}</Text>
        <Button
          component={Link}
          to="/dashboard"
          variant="default"
          mt="md"
          style={{ alignSelf: 'flex-start' }}
        >
          Back to Dashboard
        </Button>
      </Card>
    </ShellPage>
  );
}
