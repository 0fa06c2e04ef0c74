import { Button, Container, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** An honest placeholder for a sidebar destination whose screen a later release builds. */
export function ComingSoonPage({ title, what }: { title: string; what: string }) {
  return (
    <Container size="md" py="xl">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="lg" mt="md">
        <Text fw={600}>Coming soon</Text>
        <Text mt="xs">{what}</Text>
        <Button component={Link} to="/dashboard" variant="default" mt="md">
          Back to Dashboard
        </Button>
      </Paper>
    </Container>
  );
}
