import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A signed-in page's frame: the dashboard's width, spacing and left edge, with the page's one h1. */
export function ShellPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}
