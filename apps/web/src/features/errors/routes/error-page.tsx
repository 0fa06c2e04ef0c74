import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Brand } from '@qbank/contract';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';

interface ErrorMessage {
  title: string;
  body: ReactNode;
  action?: { label: string; to: string };
}

const contactLink = (
  <Anchor component={Link} to="/contact?subject=SUPPORT">
    contact us
  </Anchor>
);

/** The messages of /error?msgId= (SPEC §8). */
export const errorMessages: Record<string, ErrorMessage> = {
  paymentFailed: {
    title: 'Payment unsuccessful',
    body: 'Your payment did not go through and your card was not charged. Please try again later.',
    action: { label: 'Back to the store', to: '/store' },
  },
  registrationError: {
    title: 'Registration Error',
    body: (
      <>Something went wrong when registering. Please try again, or {contactLink} if it keeps happening.</>
    ),
    action: { label: 'Register', to: '/register' },
  },
  imageSaveFailed: {
    title: 'Images may not have been saved',
    body: 'The question was saved, but its images may not have been. Check the images and save the question again.',
    action: { label: 'Back to My Questions', to: '/questions' },
  },
  restoreDeletedQuestion: {
    title: 'This version cannot be restored',
    body: 'The latest version of this question was deleted, so older versions cannot be restored.',
    action: { label: 'Back to My Questions', to: '/questions' },
  },
  startTestFailed: {
    title: 'Failed to start test',
    body: 'Failed to start test. Try reloading and see if you have another test in progress.',
    action: { label: 'My Tests', to: '/tests' },
  },
};

const unknownError: ErrorMessage = {
  title: 'Something went wrong',
  body: (
    <>
      An unexpected error occurred. Please try again; if it keeps happening, {contactLink} or email{' '}
      {Brand.supportEmail}.
    </>
  ),
  action: { label: 'Go to the homepage', to: '/' },
};

/** /error?msgId=: one message per id, a generic contact message for any other id. */
function ErrorPageContent() {
  const [params] = useSearchParams();
  const id = params.get('msgId') ?? '';
  const m = Object.hasOwn(errorMessages, id) ? errorMessages[id]! : unknownError;
  return (
    <Container size={560} py={{ base: 'lg', sm: 64 }}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md" align="flex-start">
          <IconAlertTriangle size={40} color="var(--mantine-color-orange-8)" aria-hidden />
          <Title order={1} size="h2">
            {m.title}
          </Title>
          <Text>{m.body}</Text>
          <Group>
            {m.action && (
              <Button component={Link} to={m.action.to}>
                {m.action.label}
              </Button>
            )}
            <Button component={Link} to="/contact?subject=SUPPORT" variant="default">
              Contact support
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function ErrorPage() {
  return (
    <>
      <PageTitle name="Something went wrong" />
      <ErrorPageContent />
    </>
  );
}
