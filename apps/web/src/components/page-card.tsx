import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow centred card that account screens (register, sign in, reset) sit in. */
export function PageCard({
  title,
  lead,
  children,
  size = 480,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  size?: number;
}) {
  return (
    <Container size={size} py={{ base: 'lg', sm: 48 }} px="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {lead && (
              <Text c="dimmed" mt={4}>
                {lead}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
