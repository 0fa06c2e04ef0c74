import { Button, Container, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { useShellSignOut } from '../../shell/components/app-shell-layout';

/**
 * /tests/:id/run — the focused exam screen (SPEC §2: no header, sidebar or footer). The screen itself comes
 * with the tests issue; until then it says so plainly. A student with this test in progress is sent back
 * here from every other signed-in page, and the header's user menu is hidden, so signing out is offered here.
 */
function TestRunPageContent() {
  const signOut = useShellSignOut();
  const [leaving, setLeaving] = useState(false);
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Test in progress</Title>
      <Paper withBorder p="lg" mt="md">
        <Text fw={600}>Coming soon</Text>
        <Text mt="xs">
          The exam screen for this test comes in a later release: one question at a time, tutor or timed mode,
          flags, and a timer kept by the server so your time is safe if you close the page.
        </Text>
        <Button
          variant="default"
          mt="md"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            // The shell's own sign-out, as the user menu's Logout: to the landing page, not the sign-in page.
            signOut();
          }}
        >
          Sign out
        </Button>
      </Paper>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function TestRunPage() {
  return (
    <>
      <PageTitle />
      <TestRunPageContent />
    </>
  );
}
