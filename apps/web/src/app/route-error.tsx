import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Brand } from '@qbank/contract';
import { Link, useRouteError } from 'react-router';

/** What both error elements say: the page could not be shown, reloading usually helps, whom to write to. */
function ErrorNotice({
  main,
  home,
}: {
  /** The root's notice is the page's <main>; the shell's sits in the shell's own. */
  main: boolean;
  home: { to: string; label: string; reloadDocument?: boolean };
}) {
  const error = useRouteError();
  console.warn('The page failed:', error);
  return (
    <Container
      component={main ? 'main' : 'div'}
      id={main ? 'main' : undefined}
      size={560}
      py={{ base: 'lg', sm: 64 }}
    >
      <title>{`${Brand.domain} | Something went wrong`}</title>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h2">
            Sorry, this page could not be shown
          </Title>
          <Text>
            Something went wrong while loading it. Reloading usually helps; if it keeps happening, email{' '}
            <Anchor href={`mailto:${Brand.supportEmail}`}>{Brand.supportEmail}</Anchor>.
          </Text>
          <Group>
            <Button onClick={() => window.location.reload()}>Reload the page</Button>
            <Button component={Link} to={home.to} reloadDocument={home.reloadDocument} variant="default">
              {home.label}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * The root route's error element: what a person sees when a page fails to load or throws while rendering
 * (a page's code that can no longer be fetched after a release, a bug). It says so in plain words and
 * offers a reload and the way home; the error itself goes to the console for whoever debugs it.
 */
export function RouteError() {
  return <ErrorNotice main home={{ to: '/', label: 'Go to the homepage', reloadDocument: true }} />;
}

/**
 * The signed-in shell's error element (around its pages, app/router.tsx): the same notice inside the shell's
 * <main>, so the header, sidebar and user menu keep working. Its second way out is the dashboard; a link in
 * the app (no reload), since a navigation clears the route's error.
 */
export function ShellRouteError() {
  return <ErrorNotice main={false} home={{ to: '/dashboard', label: 'Go to the dashboard' }} />;
}
